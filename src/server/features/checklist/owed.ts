import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { withCustomerScope } from '@server/db/customer-scope';
import type { SessionUser } from '@server/http/context';
import { contains, offsetOf, toPage } from '@server/http/list';
import { customerCompanyId } from '@server/policy';
import type { Page } from '@domain/common/list-schema';
import type { OwedQuery, OwedRow } from '@domain/checklist/owed';
import { DUE_SOON_DAYS, type OwedState } from '@domain/checklist/rules';
import { DUE_ON } from '@server/db/checklist-fit';

/** Today (UTC), as the overdue rule counts it. */
const TODAY = sql`(now() AT TIME ZONE 'UTC')::date`;

/**
 * The papers the customer's company owes (domain/checklist/owed.ts): a required item the customer provides, without
 * a document, on a shipment not delivered or completed.
 */
const OWED = sql`i.provider = 'customer' AND i.required AND i.document_name IS NULL AND s.status NOT IN ('delivered', 'completed')`;

/** The state in SQL, as owedState says it. */
const STATE = sql`CASE WHEN i.rejected_at IS NOT NULL THEN 'rejected' WHEN ${DUE_ON} < ${TODAY} THEN 'overdue' ELSE 'due' END`;

type Raw = {
  id: string; name: string; state: OwedState; due_on: string | null; days: number | null; shipment_id: string; reference_number: string;
  type: OwedRow['type']; loading_type: OwedRow['loading_type']; reject_reason: string | null; rejected_name: string | null; rejected_at: Date | string | null;
};

/**
 * One page of what the customer's company owes, the nearest due day first (yesterday's and tomorrow's before last
 * month's), those without a date last; under row-level security. `soon` keeps what needs doing now: rejected, overdue,
 * or due within DUE_SOON_DAYS.
 */
export async function listOwed(db: Db, user: SessionUser, q: OwedQuery & { soon?: boolean }): Promise<Page<OwedRow>> {
  const filters: SQL[] = [OWED, sql`s.company_id = ${customerCompanyId(user)}`];
  if (q.state) filters.push(sql`${STATE} = ${q.state}`);
  if (q.soon) filters.push(sql`(i.rejected_at IS NOT NULL OR ${DUE_ON} <= ${TODAY} + ${DUE_SOON_DAYS}::int)`);
  if (q.q) filters.push(sql`(${contains(sql`s.reference_number`, q.q)} OR ${contains(sql`i.name`, q.q)})`);
  const where = sql.join(filters, sql` AND `);
  return withCustomerScope(db, user, async (d) => {
    const [rows, total] = await Promise.all([
      d.execute<Raw>(sql`
        SELECT i.id, i.name, ${STATE} AS state, to_char(${DUE_ON}, 'YYYY-MM-DD') AS due_on, (${DUE_ON} - ${TODAY})::int AS days,
          s.id AS shipment_id, s.reference_number, s.type, s.loading_type, i.reject_reason, i.rejected_name, i.rejected_at
        FROM shipment_checklist_items i JOIN shipments s ON s.id = i.shipment_id
        WHERE ${where}
        ORDER BY abs(${DUE_ON} - ${TODAY}) NULLS LAST, s.reference_number, i.position
        LIMIT ${q.pageSize} OFFSET ${offsetOf(q.page, q.pageSize)}`),
      d.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM shipment_checklist_items i JOIN shipments s ON s.id = i.shipment_id WHERE ${where}`),
    ]);
    return toPage(rows.rows.map(toRow), Number(total.rows[0]?.n ?? 0), q.page, q.pageSize);
  });
}

function toRow(r: Raw): OwedRow {
  return {
    id: r.id, name: r.name, state: r.state, due_on: r.due_on, days: r.days === null ? null : Number(r.days), shipment_id: r.shipment_id,
    reference_number: r.reference_number, type: r.type, loading_type: r.loading_type,
    rejected: r.reject_reason && r.rejected_at ? { reason: r.reject_reason, original_name: r.rejected_name, at: new Date(r.rejected_at).toISOString() } : null,
  };
}
