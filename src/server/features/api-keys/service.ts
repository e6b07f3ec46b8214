/**
 * Service keys (issue 18, decision record 0242): make, list and revoke. The bearer check that turns a key into the
 * same SessionUser a session gives, and the revocation of a person's keys, sit below in src/server/auth/api-keys.ts.
 */
import crypto from 'node:crypto';
import { and, count, desc, eq, getTableColumns, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { withCustomerScope } from '@server/db/customer-scope';
import { api_keys, companies, users } from '@server/db/schema';
import {
  API_KEY_MAX_ACTIVE, API_KEY_MESSAGES, API_KEY_PREFIX, API_KEY_VISIBLE, apiKeyInputSchema, apiKeyState,
  type ApiKey, type ApiKeyInput, type ApiKeyList, type CreatedApiKey,
} from '@domain/api-keys/schema';
import type { Role } from '@domain/common/enums';
import type { Actor, SessionUser } from '@server/http/context';
import { conflict, invalid, notFound } from '@server/http/errors';
import { customerCompanyId } from '@server/policy';
import { recordAudit } from '@server/audit/audit-log';
import { hashOfKey } from '@server/auth/api-keys';
import { isCustomer } from '@domain/access/permissions';
import { isoOrNull } from '@server/db/times';

/** A new key: `cdk_` and 32 random bytes in base64url. */
export function newApiKey(): string {
  return API_KEY_PREFIX + crypto.randomBytes(32).toString('base64url');
}

/** Every column but the hash: the customer role may not read it at all (migration 0026). */
const { key_hash: _hash, ...listed } = getTableColumns(api_keys);
const columns = {
  k: listed,
  company_name: companies.name,
  created_by_name: users.name,
};

function toKey(row: { k: Omit<typeof api_keys.$inferSelect, 'key_hash'>; company_name: string | null; created_by_name: string | null }, now = new Date()): ApiKey {
  const k = row.k;
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    role: k.role,
    company_id: k.company_id,
    company_name: row.company_name,
    state: apiKeyState(k, now),
    created_at: k.created_at.toISOString(),
    created_by_name: row.created_by_name,
    expires_at: isoOrNull(k.expires_at),
    revoked_at: isoOrNull(k.revoked_at),
    last_used_at: isoOrNull(k.last_used_at),
    last_used_ip: k.last_used_ip,
    request_count: Number(k.request_count),
    rate_limit_per_minute: k.rate_limit_per_minute,
  };
}

/** What the user may see: an administrator every key, a customer their company's (under row-level security too). */
function visibleTo(user: SessionUser) {
  return isCustomer(user.role) ? eq(api_keys.company_id, customerCompanyId(user)) : undefined;
}

/** Keys newest first: an administrator's list holds every staff and company key, a customer's their company's. */
export async function listApiKeys(db: Db, actor: Actor): Promise<ApiKeyList> {
  const where = visibleTo(actor.user);
  const rows = await withCustomerScope(db, actor.user, (d) =>
    d
      .select(columns)
      .from(api_keys)
      .leftJoin(companies, eq(companies.id, api_keys.company_id))
      .leftJoin(users, eq(users.id, api_keys.created_by))
      .where(where)
      .orderBy(desc(api_keys.created_at), desc(api_keys.id))
      .limit(500),
  );
  const now = new Date();
  return { rows: rows.map((r) => toKey(r, now)) };
}

const activeNow = () => and(isNull(api_keys.revoked_at), or(isNull(api_keys.expires_at), gt(api_keys.expires_at, sql`now()`)));

/**
 * Makes a key and answers it with its secret, the one time it is shown. An administrator's key carries the staff role
 * they choose; a customer's acts as a customer of their company. At most API_KEY_MAX_ACTIVE active keys per owner.
 */
export async function createApiKey(db: Db, actor: Actor, body: ApiKeyInput): Promise<CreatedApiKey> {
  const input = apiKeyInputSchema.parse(body);
  const user = actor.user;
  let role: Role;
  let companyId: string | null = null;
  if (isCustomer(user.role)) {
    if (input.role) throw invalid(API_KEY_MESSAGES.customerRole, { role: API_KEY_MESSAGES.customerRole });
    companyId = customerCompanyId(user);
    role = 'customer';
  } else {
    if (!input.role) throw invalid(API_KEY_MESSAGES.role, { role: API_KEY_MESSAGES.role });
    role = input.role;
  }
  const secret = newApiKey();
  const id = await db.transaction(async (tx) => {
    // One owner's keys are counted under a lock on the owner, so two makers at once cannot pass the limit together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-keys:${companyId ?? 'staff'}`}))`);
    const [active] = await tx
      .select({ n: count() })
      .from(api_keys)
      .where(and(companyId ? eq(api_keys.company_id, companyId) : isNull(api_keys.company_id), activeNow()));
    if ((active?.n ?? 0) >= API_KEY_MAX_ACTIVE) throw conflict(API_KEY_MESSAGES.tooMany);
    const [row] = await tx
      .insert(api_keys)
      .values({
        name: input.name,
        prefix: secret.slice(0, API_KEY_VISIBLE),
        key_hash: hashOfKey(secret),
        role,
        company_id: companyId,
        created_by: user.id,
        expires_at: input.expires_in_days ? sql`now() + make_interval(days => ${input.expires_in_days})` : null,
        rate_limit_per_minute: input.rate_limit_per_minute,
      })
      .returning({ id: api_keys.id });
    await recordAudit(tx, {
      action: 'api_key.created',
      actor: user,
      target: `${secret.slice(0, API_KEY_VISIBLE)} ${input.name}`,
      details: { key_id: row!.id, role, company_id: companyId, expires_in_days: input.expires_in_days ?? null, rate_limit_per_minute: input.rate_limit_per_minute },
      ip: actor.ip,
    });
    return row!.id;
  });
  const key = await oneKey(db, actor, id);
  return { ...key, secret };
}

async function oneKey(db: Db, actor: Actor, id: string): Promise<ApiKey> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound(API_KEY_MESSAGES.notFound);
  const [row] = await withCustomerScope(db, actor.user, (d) =>
    d
      .select(columns)
      .from(api_keys)
      .leftJoin(companies, eq(companies.id, api_keys.company_id))
      .leftJoin(users, eq(users.id, api_keys.created_by))
      .where(and(eq(api_keys.id, id), visibleTo(actor.user))),
  );
  if (!row) throw notFound(API_KEY_MESSAGES.notFound);
  return toKey(row);
}

/** Revokes a key at once; revoking a revoked key changes nothing. Another company's key is a 404. Audited. */
export async function revokeApiKey(db: Db, actor: Actor, id: string): Promise<ApiKey> {
  const key = await oneKey(db, actor, id);
  if (key.state !== 'revoked') {
    await db.transaction(async (tx) => {
      await tx.update(api_keys).set({ revoked_at: sql`now()`, revoked_by: actor.user.id }).where(and(eq(api_keys.id, id), isNull(api_keys.revoked_at)));
      await recordAudit(tx, { action: 'api_key.revoked', actor: actor.user, target: `${key.prefix} ${key.name}`, details: { key_id: id, role: key.role, company_id: key.company_id }, ip: actor.ip });
    });
  }
  return oneKey(db, actor, id);
}
