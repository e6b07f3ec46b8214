/**
 * What a thread is about (issue 15, decision record 0235): a shipment or a request, found for the user who asks.
 * Staff reach every one (as they read every shipment and request); a customer only their company's, with the
 * company in the SQL; anything else is the subject's own 404, whether it exists or not.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { companies, requests, shipments, thread_reads, threads } from '@server/db/schema';
import type { SessionUser } from '@server/http/context';
import { notFound } from '@server/http/errors';
import { customerCompanyId } from '@server/policy';
import { SHIPMENT_MESSAGES } from '@domain/shipments/rules';
import { REQUEST_MESSAGES } from '@domain/requests/schema';
import type { SubjectKind } from '@domain/messages/schema';
import { assertShipmentId } from '@server/features/shipments/index';
import { assertRequestId } from '@server/features/requests/index';
import { isCustomer } from '@domain/access/permissions';

export type Subject = {
  kind: SubjectKind;
  id: string;
  company_id: string;
  company_name: string;
  handler_id: string | null;
  /** The shipment's reference or the request's number. */
  label: string;
  direction: 'export' | 'import';
};

export async function subjectFor(db: Db | Tx, user: SessionUser, kind: SubjectKind, id: string): Promise<Subject> {
  const company = isCustomer(user.role) ? customerCompanyId(user) : null;
  if (kind === 'shipment') {
    assertShipmentId(id);
    const [s] = await db
      .select({ company_id: shipments.company_id, company_name: companies.name, handler_id: shipments.handler_id, label: shipments.reference_number, direction: shipments.loading_type })
      .from(shipments)
      .innerJoin(companies, eq(companies.id, shipments.company_id))
      .where(company ? and(eq(shipments.id, id), eq(shipments.company_id, company)) : eq(shipments.id, id));
    if (!s) throw notFound(SHIPMENT_MESSAGES.notFound);
    return { kind, id, ...s };
  }
  assertRequestId(id);
  const [r] = await db
    .select({ company_id: requests.company_id, company_name: companies.name, handler_id: requests.handler_id, label: requests.number, direction: requests.direction })
    .from(requests)
    .innerJoin(companies, eq(companies.id, requests.company_id))
    .where(company ? and(eq(requests.id, id), eq(requests.company_id, company)) : eq(requests.id, id));
  if (!r) throw notFound(REQUEST_MESSAGES.notFound);
  return { kind, id, ...r };
}

/**
 * The subject's thread and the reader's mark, in one query that is also the subject's read check (the same 404s as
 * subjectFor): a thread's read path needs no more of the subject.
 */
export async function threadOfSubject(db: Db | Tx, user: SessionUser, kind: SubjectKind, id: string): Promise<{ thread_id: string | null; read_at: Date | null }> {
  const company = isCustomer(user.role) ? customerCompanyId(user) : null;
  if (kind === 'shipment') assertShipmentId(id);
  else assertRequestId(id);
  const [table, column] = kind === 'shipment' ? [shipments, sql.raw('t.shipment_id')] : [requests, sql.raw('t.request_id')];
  const r = await db.execute<{ thread_id: string | null; read_at: string | Date | null }>(sql`
    select t.id as thread_id, r.read_at
    from ${table} x
    left join ${threads} t on ${column} = x.id
    left join ${thread_reads} r on r.thread_id = t.id and r.user_id = ${user.id}
    where x.id = ${id} ${company ? sql`and x.company_id = ${company}` : sql``}`);
  const row = r.rows[0];
  if (!row) throw notFound(kind === 'shipment' ? SHIPMENT_MESSAGES.notFound : REQUEST_MESSAGES.notFound);
  return { thread_id: row.thread_id, read_at: row.read_at ? new Date(row.read_at) : null };
}

/** The subject's column in threads. */
export const subjectColumn = (kind: SubjectKind) => (kind === 'shipment' ? threads.shipment_id : threads.request_id);

/** The subject's thread, if it has one. */
export async function threadIdOf(db: Db | Tx, kind: SubjectKind, id: string): Promise<string | null> {
  const [t] = await db.select({ id: threads.id }).from(threads).where(eq(subjectColumn(kind), id));
  return t?.id ?? null;
}
