/**
 * Shared pieces of the bad-input property tests (issue 8, "Bad input"): hostile values, the route inventory read
 * from the app, what each list's rows must satisfy for a given query, a valid body per write route, and the
 * answer checks (never a 5xx; a 4xx always in our error shape with a clear message).
 *
 * What each list's rows must satisfy is in bad-input-lists.cases.ts. A new list route (a GET answering `rows`) without
 * an entry in its LIST_ROWS, or a new create/update route without an entry in VALID_BODIES, fails the tests.
 */
import crypto from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { TestApp } from '@tests/helpers/test-app';

/** Text that has broken search and storage before: LIKE metacharacters, quotes, NUL, bidi, very long. */
export const HOSTILE_TEXTS = [
  '%', '_', '\\', '%_', '\\%', '50%', 'a_b', '100%_\\', "'", '"', "' or '1'='1", '"; drop table shipments; --', '--', '/*', '*',
  '\u0000', 'a\u0000b', '\u202e', '\ufeff', '\ud800', 'İstanbul', 'ß', 'Ünïcödé ✓', '😀', '\r\n', '\t', ' ', '   padded   ',
  '<img src=x onerror=alert(1)>', '${7*7}', '{{7*7}}', '__proto__', 'constructor', 'null', 'undefined', 'NaN', 'true', '[]', '{}',
  '0', '-1', '1e309', '00000000-0000-0000-0000-000000000000', '../../etc/passwd', '%00', '%2e%2e%2f', 'a'.repeat(201), 'b'.repeat(5000),
] as const;

/** Any text: hostile constants, random strings (every code point, lone surrogates included), and long ones. */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 190, maxLength: 400 }) },
  { weight: 1, arbitrary: fc.stringMatching(/^[%_\\a-zA-Z' ]{1,8}$/) },
);

/** Numbers as a query string carries them: negative, zero, huge, fractional, not numbers at all. */
export const anyNumberText: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
  fc.integer({ min: -3, max: 12 }).map(String),
  fc.constantFrom('0', '-0', '1.5', '1e9', '1e400', '9007199254740993', '99999999999999999999999', 'NaN', 'Infinity', '-Infinity', '0x10', ' 1', '1 ', '', '+1', '١'),
  anyText,
);

/** Any JSON value a hostile client could put in a field. */
export const anyJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: anyText },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -1, -0, 1e308, -1e308, 2 ** 53 + 1, 0.1, 1e-300)) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { $gt: '' }, ['a', 'b']) },
  { weight: 1, arbitrary: fc.constantFrom('2026-02-30T25:61', '0000-00-00T00:00', '9999-12-31T23:59', '2026-03-01T09:30:00.000Z', '-271821-04-20', '2026-13-01') },
  { weight: 1, arbitrary: fc.uuid().map(String) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

// ---------------------------------------------------------------------------------------------------------
// The route inventory

export type Route = { method: string; path: string };

/** "METHOD /api/path" of every concrete API route (Better Auth's catch-all and middleware-only entries left out). */
export function apiRoutes(t: TestApp): Route[] {
  const seen = new Set<string>();
  const out: Route[] = [];
  for (const r of t.app.routes) {
    if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method)) continue;
    if (!r.path.startsWith('/api/') || r.path.includes('*')) continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ method: r.method, path: r.path });
  }
  return out.sort((a, b) => `${a.method} ${a.path}`.localeCompare(`${b.method} ${b.path}`));
}

/** Better Auth's endpoints that take a JSON body from the public (mounted under a catch-all, so not in app.routes). */
export const AUTH_BODY_ROUTES: Route[] = [
  { method: 'POST', path: '/api/auth/sign-in/email' },
  { method: 'POST', path: '/api/auth/sign-up/email' },
  { method: 'POST', path: '/api/auth/request-password-reset' },
  { method: 'POST', path: '/api/auth/reset-password' },
  { method: 'POST', path: '/api/auth/change-password' },
];

export type OpenApiParam = { name: string; in: string; schema?: { enum?: string[] } };
export type OpenApiDoc = { paths: Record<string, Record<string, { parameters?: OpenApiParam[] }>> };

/** The query parameters the API description names for a route (Hono ':id' is '{id}' there), with their enums. */
export function queryParamsOf(doc: OpenApiDoc, route: Route): { name: string; values: readonly string[] }[] {
  const op = doc.paths[route.path.replace(/^\/api/, '').replace(/:([A-Za-z]+)/g, '{$1}')]?.[route.method.toLowerCase()];
  return (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, values: p.schema?.enum ?? [] }));
}

/** Real rows for path parameters, by the path segment before the parameter. */
export type PathIds = Record<string, string>;

export async function loadPathIds(t: TestApp): Promise<PathIds> {
  const one = async (q: ReturnType<typeof sql>) => String(Object.values((await t.db.execute<Record<string, unknown>>(q)).rows[0] ?? {})[0]);
  const company = await one(sql`select id from companies where name = 'Anatolia Textiles Ltd'`);
  const draftInvoice = async (companyId: string) => {
    const id = await one(sql`insert into invoices (kind, company_id, currency, rate_date, lines_total, tax_exclusive, tax_total, tax_inclusive, payable)
      values ('invoice', ${companyId}, 'EUR', current_date, 100, 100, 20, 120, 120) returning id`);
    await t.db.execute(sql`insert into invoice_lines (invoice_id, position, description, quantity, unit_price, net, vat_category, vat_rate)
      values (${id}, 1, 'Probe', 1, 100, 100, 'S', 20)`);
    return id;
  };
  const shipment = await one(sql`select id from shipments where company_id = ${company} and status <> 'delivered' order by created_at desc limit 1`);
  // A live share-tracking link of that shipment (only its hash is stored, as the service stores it).
  const token = crypto.randomBytes(32).toString('base64url');
  const link = await one(sql`insert into share_links (shipment_id, company_id, token_hash, token_hint, expires_at)
    values (${shipment}, ${company}, ${crypto.createHash('sha256').update(token).digest('hex')}, ${token.slice(-6)}, now() + interval '1 day') returning id`);
  return {
    companies: company,
    contacts: await one(sql`select id from customers where company_id = ${company} order by email limit 1`),
    shipments: shipment,
    'share-links': link,
    track: token,
    staff: await one(sql`select id from users where email = 'import@cargodesk.test'`),
    pending: await one(sql`select id from pending_staff order by email limit 1`),
    airports: await one(sql`select id from airports where iata_code = 'IST'`),
    seaports: await one(sql`select id from seaports order by name limit 1`),
    carriers: await one(sql`select id from carriers order by name limit 1`),
    'service-providers': await one(sql`select id from service_providers order by name limit 1`),
    'consolidation-agents': await one(sql`select id from consolidation_agents order by name limit 1`),
    documents: await one(sql`select document_name from document_assignments order by document_name limit 1`),
    files: await one(sql`select document_name from document_assignments order by document_name limit 1`),
    // Issue 15: the demo customer's waiting request; declining gets a request of its own, so the quote routes keep an
    // open one to work on.
    requests: await one(sql`select id from requests where company_id = ${company} and status = 'submitted' order by created_at desc limit 1`),
    '/api/requests/:id/decline': await one(sql`select id from requests where company_id <> ${company} and status = 'submitted' order by created_at limit 1`),
    // Issue 16: a request with a sent quote, so the quote PDF renders (200) under random query strings.
    // Issue 16: a checklist item of that shipment; a checklist template (type, then direction).
    'checklist-items': await one(sql`select id from shipment_checklist_items where shipment_id = ${shipment} order by position limit 1`),
    shipmentReference: await one(sql`select reference_number from shipments where id = ${shipment}`),
    'checklist-templates': 'sea',
    // Issue 18: a webhook subscription of that company (its address is never called: no event is caused here).
    webhooks: await one(sql`insert into webhook_subscriptions (company_id, url, events, secret, secret_hint)
      values (${company}, 'http://127.0.0.1:9/hook', '{status_changed}', 'whsec_ZnV6ei1mdXp6LWZ1enotZnV6ei1mdXp6LWZ1enotZnV6eg==', 'eg==') returning id`),
    // Issue 18: an unmatched carrier event in the inbox (the first valid attach takes it; later ones are the clear 409).
    'carrier-events': await one(sql`insert into carrier_events (external_id, kind, code, classifier, occurred_at, state, container_number, payload)
      values (${`bad-input-${crypto.randomUUID()}`}, 'equipment', 'GTIN', 'actual', now(), 'unmatched', 'ZZZU0000000', '{}') returning id`),
    ':type': 'export',
    // Issue 18: a service key of the administrator's (revoking it under hostile bodies changes nothing else).
    'api-keys': await one(sql`insert into api_keys (name, prefix, key_hash, role, created_by, rate_limit_per_minute)
      select 'Bad-input probe', 'cdk_probe000', ${crypto.createHash('sha256').update(token + 'key').digest('hex')}, 'export', id, 60
      from users where email = 'admin@cargodesk.test' returning id`),
    // Issue 18: an import whose check failed (its commit is the clear 409); the shipments CSV template.
    imports: await one(sql`insert into imports (kind, mode, file_name, file_size, file_sha256, file, status)
      values ('shipments', 'skip', 'probe.csv', 1, 'x', '\\x41', 'invalid') returning id`),
    templates: 'shipments.csv',
    // Issue 38: an unbilled charge line of that shipment made on the panel (not a form field), and a code of its own
    // (the samples' lines use FRT, which the charge-code fuzzing must not rename or retire).
    charges: await one(sql`insert into charge_lines (shipment_id, position, side, category, code, quantity, unit_price, amount, currency)
      values (${shipment}, 1, 'sell', 'freight', 'BAF', 2, 85, 170, 'EUR') returning id`),
    'charge-codes': await one(sql`insert into charge_codes (code, category, name) values ('PROBE', 'other', 'Bad-input probe') returning code`),
    '/api/requests/:id/quote.pdf': await one(sql`select r.id from requests r join request_quotes q on q.request_id = r.id where r.company_id = ${company} and q.sent_at is not null order by r.number limit 1`),
    // Issue 38: a draft invoice to change, another to issue (the first valid issue takes it; later ones are the clear
    // 409), and an issued invoice to credit (the demo data has both kinds).
    invoices: await draftInvoice(company),
    '/api/invoices/:id/issue': await draftInvoice(company),
    '/api/invoices/:id/credit-notes': await one(sql`select id from invoices where company_id = ${company} and kind = 'invoice' and status = 'issued' order by issue_date desc limit 1`),
    // Issue 39: a kept accounting export whose file is not in storage (its download is the clear 404).
    exports: await one(sql`with f as (insert into files (name, original_name, size, content_type) values ('Probe000_EXTF_probe.csv', 'EXTF_probe.csv', 1, 'text/csv') returning name)
      insert into accounting_exports (format, period_from, period_to, invoices, credit_notes, payments, file_key, file_name, bytes, sha256)
      select 'datev', '2024-01-01', '2024-01-31', 0, 0, 0, f.name, 'EXTF_probe.csv', 1, ${'0'.repeat(64)} from f returning id`),
    // Issue 39: a supplier bill of the first carrier with one line on that shipment, and a cost line of the shipment in
    // the bill's currency for the match route (its sample names both).
    ...(await probeSupplierBill(shipment)),
    // Issue 40: a sell card of a lane of its own (the list and the card's page under hostile queries).
    'rate-cards': await one(sql`insert into rate_cards (side, mode, origin, destination, currency, valid_from, valid_to, freight)
      values ('sell', 'air', 'SAW', 'MUC', 'EUR', '2026-01-01', '2026-12-31', '{"basis": "per_kg", "minimum": "60.00", "breaks": [{"from": "0", "rate": "3.50"}]}') returning id`),
    'rate-zones': await one(sql`insert into rate_zones (code, name, kind, members) values ('@PROBE', 'Probe ports', 'locodes', '{DEHAM,DEBRV}') returning id`),
  };
  async function probeSupplierBill(shipmentId: string) {
    const carrier = await one(sql`select id from carriers order by name limit 1`);
    const bill = await one(sql`insert into supplier_bills (supplier_kind, supplier_id, number, bill_date, due_date, currency, net, vat, total)
      values ('carrier', ${carrier}, 'PROBE-BILL-1', '2026-01-01', '2026-02-01', 'EUR', 1000, 0, 1000) returning id`);
    await t.db.execute(sql`insert into supplier_bill_lines (bill_id, position, description, amount, shipment_id) values (${bill}, 1, 'Probe freight', 1000, ${shipmentId})`);
    const buyLine = await one(sql`insert into charge_lines (shipment_id, position, side, category, code, quantity, unit_price, amount, currency, supplier_kind, supplier_id)
      values (${shipmentId}, 98, 'buy', 'freight', 'FRT', 1, 950, 950, 'EUR', 'carrier', ${carrier}) returning id`);
    return { 'supplier-bills': bill, lines: '1', supplierBillBuyLine: buyLine };
  }
}

/** encodeURIComponent, or for text it cannot encode (a lone surrogate) the bytes of one: invalid UTF-8 in the path. */
function encodePart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

/**
 * Fills each ':param' with the id of the segment before it (or the id given for the whole route path, for a route
 * whose change would close the row others work on); `override` replaces every value (hostile ids).
 */
export function fillPath(path: string, ids: PathIds, override?: string): string {
  const parts = path.split('/');
  return parts
    .map((part, i) => {
      if (!part.startsWith(':')) return part;
      if (override !== undefined) return encodePart(override);
      const id = ids[path] ?? ids[parts[i - 1]!];
      if (id === undefined) throw new Error(`no test id for the path parameter after '${parts[i - 1]}' in ${path}: add one to loadPathIds`);
      return encodeURIComponent(id);
    })
    .join('/');
}

// ---------------------------------------------------------------------------------------------------------
// Answers

const VAGUE = /^(bad request|invalid input|error|invalid|undefined|null|\[object object\]|)$/i;
/** What a message for people never holds: a stack line, a Zod error or issue list, JSON. */
const NOT_FOR_PEOPLE = /\n\s+at |ZodError|"code":|\[\{/;

/** The texts in a body a client sent: a message may repeat them (an unknown code, a reference not found). */
export function sentTexts(body: unknown): string[] {
  if (typeof body === 'string') return [body];
  if (Array.isArray(body)) return body.flatMap(sentTexts);
  if (body && typeof body === 'object') return Object.entries(body).flatMap(([k, v]) => [...sentTexts(k), ...sentTexts(v)]);
  return [];
}

/**
 * Never a 5xx; a 4xx carries `{ error: { code, message } }` (Better Auth's own `{ code, message }` for its routes). A
 * message is for people: not vague, not long, and no stack, Zod issue list or JSON in it, apart from what a text the
 * client sent brought in (`sent`: a message may quote it back, e.g. a code that is not known).
 */
export async function answerProblems(res: Response, label: string, sent: readonly string[] = []): Promise<string[]> {
  if (res.status >= 500) return [`${label}: ${res.status} ${(await res.text()).slice(0, 200)}`];
  if (res.status < 400) return [];
  const text = await res.text();
  let body: { error?: { code?: unknown; message?: unknown }; code?: unknown; message?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return [`${label}: ${res.status} is not JSON: ${text.slice(0, 120)}`];
  }
  const err = body.error ?? body;
  const problems: string[] = [];
  if (typeof err.code !== 'string' || !err.code) problems.push(`${label}: ${res.status} without an error code: ${text.slice(0, 160)}`);
  if (typeof err.message !== 'string' || VAGUE.test(err.message.trim())) problems.push(`${label}: ${res.status} without a clear message: ${text.slice(0, 160)}`);
  else if (err.message.length > 400 || NOT_FOR_PEOPLE.test(sent.filter((text) => NOT_FOR_PEOPLE.test(text)).reduce((m, text) => m.split(text).join(' '), err.message))) problems.push(`${label}: ${res.status} message is not for people: ${err.message.slice(0, 160)}`);
  return problems;
}
