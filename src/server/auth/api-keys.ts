/**
 * Service keys at the door (issue 18, decision record 0242): the bearer check that turns a key into the same
 * SessionUser a session gives, before any route runs, and the revocation of a person's keys when their access ends
 * (issue 37). Making, listing and revoking keys one by one is the api-keys feature's.
 */
import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { api_keys, users } from '@server/db/schema';
import { API_KEY_PATTERN } from '@domain/api-keys/schema';
import { ROLES, type Role } from '@domain/common/enums';
import type { Actor, SessionUser } from '@server/http/context';
import { recordAudit } from '@server/audit/audit-log';
import { isCustomer } from '@domain/access/permissions';

export const hashOfKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

/** Why a person's keys ended without anyone revoking them one by one (issue 37). */
export type KeyRevocationReason = 'password_reset' | 'signed_out_everywhere' | 'staff_role_changed' | 'contact_removed';

/**
 * Revokes every active key a person made (of one company only, with `companyId`): a password reset, "sign out
 * everywhere", a staff member no longer an administrator and a contact removed end them. Each is audited with the
 * reason; `actor` is who caused it (an administrator), else the person themselves. Answers how many were revoked.
 */
export async function revokeKeysOfUser(
  db: Db | Tx,
  userId: string,
  reason: KeyRevocationReason,
  options: { actor?: Actor; ip?: string; companyId?: string | null } = {},
): Promise<number> {
  const scope = options.companyId === undefined ? undefined : options.companyId === null ? isNull(api_keys.company_id) : eq(api_keys.company_id, options.companyId);
  const revoked = await db
    .update(api_keys)
    .set({ revoked_at: sql`now()`, revoked_by: options.actor?.user.id ?? userId })
    .where(and(eq(api_keys.created_by, userId), isNull(api_keys.revoked_at), scope))
    .returning({ id: api_keys.id, prefix: api_keys.prefix, name: api_keys.name, role: api_keys.role, company_id: api_keys.company_id });
  if (revoked.length === 0) return 0;
  const [owner] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
  for (const key of revoked) {
    await recordAudit(db, {
      action: 'api_key.revoked',
      actor: options.actor?.user ?? owner ?? null,
      target: `${key.prefix} ${key.name}`,
      details: { key_id: key.id, role: key.role, company_id: key.company_id, reason },
      ip: options.actor?.ip ?? options.ip ?? null,
    });
  }
  return revoked.length;
}

type KeyRow = {
  key_id: string;
  prefix: string;
  role: string;
  company_id: string | null;
  rate_limit_per_minute: number;
  id: string;
  full_name: string;
  email: string;
  language: string | null;
  maker_role: string | null;
  maker_company_id: string | null;
};

/**
 * The user a bearer key acts as, counting its use in the same statement (last used, from where, how many requests).
 * Null for a key of the wrong shape, unknown, revoked or expired, and for one whose maker may no longer hold it: a
 * staff key's maker must still be an administrator, a company key's maker still a contact of that company.
 */
export async function keyUser(db: Db, key: string, ip: string): Promise<SessionUser | null> {
  if (!API_KEY_PATTERN.test(key)) return null;
  const r = await db.execute<KeyRow>(sql`
    with maker as (
      select k.id as key_id, u.id, u.full_name, u.email, u.language, u.role as maker_role,
        (select c.company_id from customers c where lower(c.email) = lower(u.email) limit 1) as maker_company_id
      from api_keys k join users u on u.id = k.created_by
      where k.key_hash = ${hashOfKey(key)} and k.revoked_at is null and (k.expires_at is null or k.expires_at > now())
    )
    update api_keys k set last_used_at = now(), last_used_ip = ${ip}, request_count = k.request_count + 1
    from maker m
    where k.id = m.key_id
      and (case when k.company_id is null then m.maker_role = 'admin'
                else (m.maker_role is null or m.maker_role not in ('admin', 'export', 'import')) and m.maker_company_id = k.company_id end)
    returning k.id as key_id, k.prefix, k.role, k.company_id, k.rate_limit_per_minute, m.id, m.full_name, m.email, m.language, m.maker_role, m.maker_company_id`);
  const row = r.rows[0];
  if (!row || !ROLES.includes(row.role as Role)) return null;
  const role = row.role as Role;
  return {
    id: row.id,
    email: row.email.toLowerCase(),
    full_name: row.full_name,
    role,
    company_id: isCustomer(role) ? row.company_id : null,
    session_id: `api-key:${row.key_id}`,
    two_factor_enabled: false,
    two_factor_required: false,
    two_factor_setup_required: false,
    language: row.language,
    api_key: { id: row.key_id, prefix: row.prefix, rate_limit_per_minute: row.rate_limit_per_minute },
  };
}
