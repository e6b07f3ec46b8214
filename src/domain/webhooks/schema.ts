/**
 * Signed webhooks (issue 18, decision record 0243): subscriptions to shipment, document, message and quote events,
 * delivered by the server under the Standard Webhooks convention. Pure rules shared by the form and the server: the
 * events, the address rules, and the network rules (which addresses a delivery may reach). No I/O here: the server
 * resolves names and asks `addressProblem` about every address it would connect to.
 */
import { z } from 'zod';
import { NOTIFICATION_EVENTS } from '@domain/notifications/schema';
import { ENGLISH, msg } from '@domain/common/i18n';

/** The events a subscription may choose: the notification events of the same name (domain/notifications). */
export const WEBHOOK_EVENTS = ['shipment_created', 'status_changed', 'dates_changed', 'document_added', 'message_received', 'quote_sent', 'invoice_issued'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  shipment_created: NOTIFICATION_EVENTS.shipment_created.label,
  status_changed: NOTIFICATION_EVENTS.status_changed.label,
  dates_changed: NOTIFICATION_EVENTS.dates_changed.label,
  document_added: NOTIFICATION_EVENTS.document_added.label,
  message_received: msg('Message received'),
  quote_sent: msg('Quote sent'),
  invoice_issued: msg('Invoice or credit note issued'),
};

export const WEBHOOK_STATUSES = ['active', 'paused'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

/** A subscription failing without a break for this long is paused and its owner mailed. */
export const WEBHOOK_PAUSE_AFTER_HOURS = 24;
/** Subscriptions per company (and for admins' all-company ones): enough for a few systems, few enough to review. */
export const WEBHOOK_MAX_PER_OWNER = 10;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DELIVERY_PAGE_SIZE = 50;

/** An address in a network webhooks may not reach: one message for each BlockReason. */
const BLOCKED_MESSAGES: Record<string, string> = {
  metadata: msg('This address points to a metadata network, which webhooks may not reach'),
  loopback: msg('This address points to a loopback network, which webhooks may not reach'),
  private: msg('This address points to a private network, which webhooks may not reach'),
  'link-local': msg('This address points to a link-local network, which webhooks may not reach'),
  reserved: msg('This address points to a reserved network, which webhooks may not reach'),
};

export const WEBHOOK_MESSAGES = {
  url: msg('Enter the full address of your endpoint, starting with https://'),
  https: msg('The address must start with https://'),
  credentials: msg('Put no user name or password in the address: use the signing secret to authenticate our calls'),
  tooLong: msg('The address is at most 2000 characters'),
  events: msg('Choose at least one event'),
  event: msg('Unknown event'),
  blocked: (reason: string) =>
    Object.hasOwn(BLOCKED_MESSAGES, reason) ? BLOCKED_MESSAGES[reason]! : ENGLISH.t(msg('This address points to a {reason} network, which webhooks may not reach'), { reason }),
  unresolved: msg('This address’s host name cannot be found'),
  tooMany: msg('You have 10 webhooks. Delete one before adding another.'),
  notFound: msg('Webhook not found'),
  deliveryNotFound: msg('Delivery not found'),
  paused: msg('Resume the webhook before replaying a delivery'),
  description: msg('The description is at most 200 characters'),
} as const;

/**
 * Why a delivery failed, as its attempt log keeps it and the deliveries page shows it (in the reader's language: each is
 * a catalog message or fills a template). A network fault with no message here keeps the system's own words.
 */
export const DELIVERY_ERRORS = {
  redirect: (location: string | null) =>
    location ? ENGLISH.t(msg('Redirect to {location} not followed: update the address'), { location }) : msg('Redirect without a new address not followed: update the address'),
  timeout: (seconds: number) => ENGLISH.t(msg('No answer within {seconds} s'), { seconds }),
  ECONNREFUSED: msg('The endpoint refused the connection: nothing listens at this address'),
  ECONNRESET: msg('The endpoint closed the connection before answering'),
  EHOSTUNREACH: msg('The endpoint’s network cannot be reached'),
  ENETUNREACH: msg('The endpoint’s network cannot be reached'),
  certificate: msg('The endpoint’s TLS certificate was not accepted (expired, self-signed or for another name)'),
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Addresses

/** What is wrong with a subscription's address, or null. Plain http is allowed only outside production (local tests). */
export function webhookUrlProblem(value: string, o: { production: boolean }): string | null {
  if (value.length > WEBHOOK_URL_MAX) return WEBHOOK_MESSAGES.tooLong;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return WEBHOOK_MESSAGES.url;
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !o.production)) return url.protocol === 'http:' ? WEBHOOK_MESSAGES.https : WEBHOOK_MESSAGES.url;
  if (!url.hostname) return WEBHOOK_MESSAGES.url;
  if (url.username || url.password) return WEBHOOK_MESSAGES.credentials;
  return null;
}

/** The host of an address as a resolver wants it: IPv6 literals without their brackets. */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

// ---------------------------------------------------------------------------------------------------------------
// Networks

export type Ip = { version: 4 | 6; bytes: number[] };
export type Cidr = { ip: Ip; prefix: number };

function parseIpv4(s: string): number[] | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^(0|[1-9]\d{0,2})$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null;
}

function parseIpv6(s: string): number[] | null {
  if (s.includes('%')) return null;
  let text = s;
  // A dotted IPv4 tail (::ffff:192.0.2.1) becomes its two hexadecimal groups.
  const tail = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (tail) {
    const v4 = parseIpv4(tail[2]!);
    if (!v4) return null;
    text = `${tail[1]}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (x: string) => (x === '' ? [] : x.split(':'));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  const fill = 8 - head.length - rest.length;
  if (halves.length === 2 && fill < 1) return null;
  const all = halves.length === 1 ? head : [...head, ...Array<string>(fill).fill('0'), ...rest];
  if (all.length !== 8 || !all.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return null;
  return all.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 255]);
}

/** An IPv4 or IPv6 address in its usual text forms (no zone ids), or null. */
export function parseIp(value: string): Ip | null {
  const s = value.trim().replace(/^\[(.*)\]$/, '$1');
  const v4 = parseIpv4(s);
  if (v4) return { version: 4, bytes: v4 };
  const v6 = s.includes(':') ? parseIpv6(s) : null;
  return v6 ? { version: 6, bytes: v6 } : null;
}

/** `10.0.0.0/8`, `fd00::/8`, or a single address (a /32 or /128). Host bits may not be set. */
export function parseCidr(value: string): Cidr | null {
  const [addr, len, extra] = value.trim().split('/');
  if (extra !== undefined || !addr) return null;
  const ip = parseIp(addr);
  if (!ip) return null;
  const max = ip.version === 4 ? 32 : 128;
  if (len !== undefined && !/^\d{1,3}$/.test(len)) return null;
  const prefix = len === undefined ? max : Number(len);
  if (prefix > max) return null;
  const cidr = { ip, prefix };
  return inCidr(ip, cidr, true) ? cidr : null;
}

/** Whether `ip` lies in `cidr` (same family only). `exactHostBits`: the network address itself has no host bits. */
function inCidr(ip: Ip, cidr: Cidr, exactHostBits = false): boolean {
  if (ip.version !== cidr.ip.version) return false;
  for (let bit = 0; bit < ip.bytes.length * 8; bit++) {
    const mask = 128 >> (bit % 8);
    const a = ip.bytes[bit >> 3]! & mask;
    const b = cidr.ip.bytes[bit >> 3]! & mask;
    if (bit < cidr.prefix ? a !== b : exactHostBits && b !== 0) return false;
  }
  return true;
}

export const ipInCidr = (ip: Ip, cidr: Cidr): boolean => inCidr(ip, cidr);

const cidr = (s: string): Cidr => {
  const c = parseCidr(s);
  if (!c) throw new Error(`bad built-in network ${s}`);
  return c;
};

export type BlockReason = 'metadata' | 'loopback' | 'private' | 'link-local' | 'reserved';

/** Networks a webhook may not reach, most specific first. Metadata endpoints come first: they are also link-local or private. */
const BLOCKED: readonly (readonly [Cidr, BlockReason])[] = [
  // Cloud metadata and platform endpoints: AWS/GCP/Azure/OpenStack, AWS ECS, Alibaba, Azure's wire server, AWS IPv6.
  [cidr('169.254.169.254/32'), 'metadata'],
  [cidr('169.254.170.2/32'), 'metadata'],
  [cidr('100.100.100.200/32'), 'metadata'],
  [cidr('168.63.129.16/32'), 'metadata'],
  [cidr('fd00:ec2::254/128'), 'metadata'],
  [cidr('127.0.0.0/8'), 'loopback'],
  [cidr('::1/128'), 'loopback'],
  [cidr('10.0.0.0/8'), 'private'],
  [cidr('172.16.0.0/12'), 'private'],
  [cidr('192.168.0.0/16'), 'private'],
  [cidr('100.64.0.0/10'), 'private'],
  [cidr('fc00::/7'), 'private'],
  [cidr('169.254.0.0/16'), 'link-local'],
  [cidr('fe80::/10'), 'link-local'],
  [cidr('0.0.0.0/8'), 'reserved'],
  [cidr('192.0.0.0/24'), 'reserved'],
  [cidr('198.18.0.0/15'), 'reserved'],
  [cidr('224.0.0.0/4'), 'reserved'],
  [cidr('240.0.0.0/4'), 'reserved'],
  [cidr('::/128'), 'reserved'],
  [cidr('ff00::/8'), 'reserved'],
  [cidr('100::/64'), 'reserved'],
];

/**
 * The IPv4 address an IPv6 address carries, in each form that can route to it (issue 37): IPv4-mapped
 * (::ffff:a.b.c.d, ::ffff:0:0/96), IPv4-translated (::ffff:0:a.b.c.d, ::ffff:0:0:0/96, RFC 2765), IPv4-compatible
 * (::a.b.c.d), NAT64's well-known prefix (64:ff9b::/96, RFC 6052) and its local-use prefix (64:ff9b:1::/48, RFC 8215;
 * the last 32 bits), and 6to4 (2002::/16, RFC 3056; bits 16-47). The form of writing does not matter: the address is
 * read to its bytes first, so ::ffff:7f00:1 and ::ffff:127.0.0.1 are the same.
 */
function embeddedIpv4(ip: Ip): Ip | null {
  if (ip.version !== 6) return null;
  const b = ip.bytes;
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const starts = (...prefix: number[]) => prefix.every((x, i) => b[i] === x);
  const v4 = (from: number): Ip => ({ version: 4, bytes: b.slice(from, from + 4) });
  const mapped = zeros(0, 10) && b[10] === 0xff && b[11] === 0xff;
  const translated = zeros(0, 8) && b[8] === 0xff && b[9] === 0xff && zeros(10, 12);
  const nat64 = starts(0, 0x64, 0xff, 0x9b) && zeros(4, 12);
  const compatible = zeros(0, 12) && !zeros(12, 16) && !(zeros(12, 15) && b[15] === 1);
  if (mapped || translated || nat64 || compatible) return v4(12);
  if (starts(0, 0x64, 0xff, 0x9b, 0, 1)) return v4(12); // 64:ff9b:1::/48
  if (starts(0x20, 0x02)) return v4(2); // 2002:AABB:CCDD::/48
  return null;
}

export type NetworkPolicy = { production: boolean; allowed: readonly Cidr[] };

/**
 * Why a delivery may not connect to `ip`, or null when it may. An operator's allowed networks win over every rule;
 * loopback is allowed outside production (a receiver on the same machine in development and tests).
 */
export function addressProblem(ip: Ip, policy: NetworkPolicy): BlockReason | null {
  if (policy.allowed.some((c) => inCidr(ip, c))) return null;
  const inner = embeddedIpv4(ip);
  if (inner) return addressProblem(inner, policy);
  const hit = BLOCKED.find(([c]) => inCidr(ip, c));
  if (!hit) return null;
  if (hit[1] === 'loopback' && !policy.production) return null;
  return hit[1];
}

/** WEBHOOK_ALLOWED_NETWORKS: comma-separated CIDRs; the first bad entry is named. */
export function parseAllowedNetworks(value: string | undefined): { networks: Cidr[] } | { bad: string } {
  const entries = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const networks: Cidr[] = [];
  for (const entry of entries) {
    const c = parseCidr(entry);
    if (!c) return { bad: entry };
    networks.push(c);
  }
  return { networks };
}

// ---------------------------------------------------------------------------------------------------------------
// Schemas

const urlField = z.string({ error: WEBHOOK_MESSAGES.url }).trim().min(1, { error: WEBHOOK_MESSAGES.url }).max(WEBHOOK_URL_MAX, { error: WEBHOOK_MESSAGES.tooLong });
const eventsField = z
  .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.event }), { error: WEBHOOK_MESSAGES.events })
  .min(1, { error: WEBHOOK_MESSAGES.events })
  .max(WEBHOOK_EVENTS.length, { error: WEBHOOK_MESSAGES.events })
  .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e)));
const descriptionField = z.string({ error: WEBHOOK_MESSAGES.description }).trim().max(200, { error: WEBHOOK_MESSAGES.description });

/** POST /api/webhooks. An admin's subscription covers every company unless `company_id` names one; a customer's is their company's. */
export const webhookInputSchema = z.object({
  url: urlField,
  events: eventsField,
  description: descriptionField.default(''),
  company_id: z.uuid({ error: msg('Choose a company') }).nullable().optional(),
});
export type WebhookInput = z.input<typeof webhookInputSchema>;

/** PATCH /api/webhooks/:id: any of the address, events, description and active/paused. */
export const webhookUpdateSchema = z
  .object({ url: urlField, events: eventsField, description: descriptionField, status: z.enum(WEBHOOK_STATUSES, { error: msg('Choose active or paused') }) })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { error: msg('Send at least one of url, events, description, status') });
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  status: z.enum(WEBHOOK_STATUSES),
  /** Why it is paused: by a person, or after a day of failed deliveries. */
  paused_reason: z.enum(['manual', 'failing']).nullable(),
  /** Null: every company (an admin's). */
  company_id: z.string().nullable(),
  company_name: z.string().nullable(),
  /** The secret's last 4 characters, so a person can tell which one their system holds. */
  secret_hint: z.string(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  failing_since: z.string().nullable(),
  last_delivery_at: z.string().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhookListSchema = z.object({ rows: z.array(webhookSchema) });
export type WebhookList = z.infer<typeof webhookListSchema>;

/** The answer of create and rotate: the signing secret (`whsec_` + base64), shown this once. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'succeeded', 'failed', 'cancelled'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const webhookAttemptSchema = z.object({
  at: z.string(),
  ok: z.boolean(),
  /** The receiver's HTTP status; null when no answer came (refused address, connection error, timeout). */
  response_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The `webhook-id` header: the same for every attempt and replay of one event. */
  message_id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  created_at: z.string(),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.object({ rows: z.array(webhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

/** How a state reads in the log. */
export const DELIVERY_STATE_LABELS: Record<WebhookDeliveryState, string> = { pending: msg('Pending'), succeeded: msg('Delivered'), failed: msg('Failed'), cancelled: msg('Not sent') };

/** Keys a customer's payload never holds (tests check every delivered body against them). */
export const NEVER_IN_CUSTOMER_PAYLOAD = [
  'internal_notes', 'internal', 'service_charge', 'customs_charge', 'handling_charge', 'freight_cost', 'handling_cost', 'total_cost',
  'total_revenue', 'profit_margin', 'cost', 'charges', 'handler_id', 'handler_name', 'cargo_value', 'cargo_insurance_value',
] as const;
