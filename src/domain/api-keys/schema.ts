/**
 * Service keys for integrations (issue 18, decision record 0242). An administrator makes keys with a staff role; a
 * customer contact makes keys for their own company. A key is shown once: `cdk_` and 43 characters of base64url (32
 * random bytes); only its sha256 and its first 12 characters (the prefix, to tell keys apart) are kept. A request with
 * `Authorization: Bearer <key>` acts as the key's maker with the key's role, under the same policy, company scope and
 * row-level security as a session; no key manages keys, staff or settings. Shared by the form, the server and tests.
 */
import { z } from 'zod';
import { ENGLISH, msg } from '@domain/common/i18n';

export const API_KEY_PREFIX = 'cdk_';
/** The shape of a key: anything else is refused without a database lookup. */
export const API_KEY_PATTERN = /^cdk_[A-Za-z0-9_-]{43}$/;
/** Characters of a key shown in lists (the fixed `cdk_` and 8 of the random part). */
export const API_KEY_VISIBLE = 12;

/** Requests per key and minute unless the key says otherwise; the highest a key may be given. */
export const API_KEY_RATE_DEFAULT = 120;
export const API_KEY_RATE_MAX = 6000;
/** Active keys one owner (an administrator's staff keys, or a customer company) may hold. */
export const API_KEY_MAX_ACTIVE = 20;
export const API_KEY_MAX_DAYS = 730;
/** The roles a staff key may carry; a company's keys always act as a customer of that company. */
export const API_KEY_STAFF_ROLES = ['admin', 'export', 'import'] as const;
export type ApiKeyStaffRole = (typeof API_KEY_STAFF_ROLES)[number];

export const API_KEY_MESSAGES = {
  name: msg('Enter a name for the key (at most 100 characters)'),
  role: msg('Choose the role the key acts with: Administrator, Export Handler or Import Handler'),
  customerRole: msg("A company's key always acts as a customer of that company: leave out the role"),
  days: msg('Choose between 1 and 730 days, or no expiry'),
  rate: msg('Choose between 1 and 6000 requests per minute'),
  tooMany: msg('You have 20 active keys. Revoke one before creating another.'),
  notFound: msg('API key not found'),
  /** 401 for a bearer key that is unknown, revoked, expired or whose maker lost the right to it: one answer for all. */
  invalid: msg('This API key is not valid: it may be mistyped, revoked or expired.'),
  /** 403 when a key asks for what only a person may do. */
  notWithKey: msg('API keys cannot manage keys, staff or settings. Sign in to do this.'),
  rateLimited: (seconds: number) => ENGLISH.t(msg('Too many requests with this API key. Please try again in {seconds} seconds.'), { seconds }),
} as const;

export const apiKeyInputSchema = z.object({
  name: z.string({ error: API_KEY_MESSAGES.name }).trim().min(1, { error: API_KEY_MESSAGES.name }).max(100, { error: API_KEY_MESSAGES.name }),
  /** Staff keys (administrators only): the role the key acts with. A customer leaves it out. */
  role: z.enum(API_KEY_STAFF_ROLES, { error: API_KEY_MESSAGES.role }).optional(),
  /** Days until the key stops working; null or absent: no expiry. */
  expires_in_days: z
    .number({ error: API_KEY_MESSAGES.days })
    .int({ error: API_KEY_MESSAGES.days })
    .min(1, { error: API_KEY_MESSAGES.days })
    .max(API_KEY_MAX_DAYS, { error: API_KEY_MESSAGES.days })
    .nullable()
    .optional(),
  rate_limit_per_minute: z
    .number({ error: API_KEY_MESSAGES.rate })
    .int({ error: API_KEY_MESSAGES.rate })
    .min(1, { error: API_KEY_MESSAGES.rate })
    .max(API_KEY_RATE_MAX, { error: API_KEY_MESSAGES.rate })
    .default(API_KEY_RATE_DEFAULT),
});
export type ApiKeyInput = z.input<typeof apiKeyInputSchema>;

export type ApiKeyState = 'active' | 'expired' | 'revoked';

/** Revoked wins over expired: the list says what someone did, not only what time did. */
export function apiKeyState(key: { expires_at: string | Date | null; revoked_at: string | Date | null }, now: Date = new Date()): ApiKeyState {
  if (key.revoked_at) return 'revoked';
  return key.expires_at && new Date(key.expires_at).getTime() <= now.getTime() ? 'expired' : 'active';
}

/** The token of an `Authorization: Bearer` header (RFC 6750: the scheme is case-insensitive), or null without one. */
export function bearerTokenOf(header: string | undefined | null): string | null {
  const m = /^bearer[ ]+(\S+)[ ]*$/i.exec(header ?? '');
  return m ? m[1]! : null;
}

/**
 * The RateLimit header fields of draft-ietf-httpapi-ratelimit-headers (structured fields, one policy named "key"):
 * the quota and window, and what is left of it and when it resets, in seconds.
 */
export function rateLimitHeaders(limit: number, windowSeconds: number, used: number, resetSeconds: number): Record<string, string> {
  const remaining = Math.max(0, limit - used);
  return {
    'RateLimit-Policy': `"key";q=${limit};w=${windowSeconds}`,
    RateLimit: `"key";r=${remaining};t=${Math.max(0, resetSeconds)}`,
  };
}

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first 12 characters, e.g. `cdk_Ab3dE6gH`: enough to tell keys apart, never enough to use one. */
  prefix: z.string(),
  role: z.enum(['admin', 'export', 'import', 'customer']),
  company_id: z.string().nullable(),
  company_name: z.string().nullable(),
  state: z.enum(['active', 'expired', 'revoked']),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
  request_count: z.number().int(),
  rate_limit_per_minute: z.number().int(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ rows: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** POST /api/api-keys: the key and, this once, its secret. */
export const createdApiKeySchema = apiKeySchema.extend({ secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
