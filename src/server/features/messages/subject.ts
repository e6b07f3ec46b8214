/**
 * What a thread is about (issue 15, decision record 0235): a shipment or a request, found for the user who asks.
 * Staff reach every one (as they read every shipment and request); a customer only their company's, with the
 * company in the SQL; anything else is the subject's own 404, whether it exists or not.
 */
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { companies, requests, shipments, threads } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { notFound } from '../../http/errors';
import { customerCompanyId } from '../../policy';
import { SHIPMENT_MESSAGES } from '../../../domain/shipment-rules';
import { REQUEST_MESSAGES } from '../../../domain/requests';
import type { SubjectKind } from '../../../domain/messages';
import { assertShipmentId } from '../shipments/read';
import { assertRequestId } from '../requests/read';

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
  const company = user.role === 'customer' ? customerCompanyId(user) : null;
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

/** The subject's column in threads. */
export const subjectColumn = (kind: SubjectKind) => (kind === 'shipment' ? threads.shipment_id : threads.request_id);

/** The subject's thread, if it has one. */
export async function threadIdOf(db: Db | Tx, kind: SubjectKind, id: string): Promise<string | null> {
  const [t] = await db.select({ id: threads.id }).from(threads).where(eq(subjectColumn(kind), id));
  return t?.id ?? null;
}
