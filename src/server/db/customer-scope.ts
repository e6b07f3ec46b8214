import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { readOnly } from './read-only';

/** The NOLOGIN role a customer's reads switch to (migration 0008); row-level security applies to it. */
export const CUSTOMER_ROLE = 'cargodesk_customer';

/** What the scope needs of a signed-in user. */
export type ScopeUser = { role: string; company_id: string | null };

/** PostgreSQL codes that mean the role cannot be used here: it does not exist, or the app may not switch to it. */
const ROLE_UNUSABLE = new Set(['42704', '42501', '22023']);

function codeOf(e: unknown): string | undefined {
  let err: unknown = e;
  for (let depth = 0; err && depth < 4; depth++) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    err = (err as { cause?: unknown }).cause;
  }
  return undefined;
}

const usable = new WeakMap<Db, Promise<boolean>>();

/**
 * Whether the app can switch to the customer role on this database: true on PostgreSQL and PGlite after migration 0008
 * as a superuser or a member of the role; false on a managed server where the role could not be created (the app
 * logs it at start). Asked once per database; an answer other than "role missing or not allowed" is not remembered.
 */
export function customerRoleUsable(db: Db): Promise<boolean> {
  let answer = usable.get(db);
  if (!answer) {
    answer = db
      .transaction(async (tx) => {
        await tx.execute(sql`select set_config('role', ${CUSTOMER_ROLE}, true)`);
      })
      .then(
        () => true,
        (e: unknown) => {
          if (ROLE_UNUSABLE.has(codeOf(e) ?? '')) return false;
          usable.delete(db);
          throw e;
        },
      );
    usable.set(db, answer);
  }
  return answer;
}

/**
 * Runs a user's reads. Staff: `fn(db)`, unchanged. A customer: one read-only transaction that first switches to
 * the customer role and sets the company, all transaction-local and in the transaction's first round trip
 * (read-only.ts), so row-level security (migration 0008) returns only the company's rows even to a query that
 * forgets its `where` (decision record 0020).
 * A customer without a company gets an empty setting, which matches no row. The services keep their own filters.
 * Only reads belong inside: the transaction is read-only and the role has no write grant.
 */
export async function withCustomerScope<T>(db: Db, user: ScopeUser, fn: (db: Db) => Promise<T>): Promise<T> {
  if (user.role !== 'customer') return fn(db);
  const switchRole = await customerRoleUsable(db);
  const company = user.company_id ?? '';
  return readOnly(db, switchRole ? { 'app.company_id': company, role: CUSTOMER_ROLE } : { 'app.company_id': company }, fn);
}

/**
 * Runs independent reads of one request: in parallel on the pool (staff), one after another inside a transaction
 * (a customer's scope holds one connection, and node-postgres refuses overlapping queries on a client from pg 9).
 */
export async function readTogether<T extends readonly unknown[]>(db: Db, reads: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  if (!('rollback' in db)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
