import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { PENDING_STATUSES } from '@domain/analytics/kpi';

/** Customer sidebar Quick Stats: shipments created today and pending ones, for the customer's company. */
export async function getQuickStats(db: Db, companyId: string): Promise<{ today: number; pending: number }> {
  const pending = sql.join(PENDING_STATUSES.map((s) => sql`${s}`), sql`, `);
  const r = await db.execute<{ today: number; pending: number }>(sql`
    select
      count(*) filter (where created_at >= date_trunc('day', now()))::int as today,
      count(*) filter (where status in (${pending}))::int as pending
    from shipments where company_id = ${companyId}`);
  const row = r.rows[0];
  return { today: Number(row?.today ?? 0), pending: Number(row?.pending ?? 0) };
}
