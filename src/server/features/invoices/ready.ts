/** "Ready to invoice" (issue 38): delivered (or completed) shipments with unbilled, non-zero sell lines, per currency. */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Page } from '@domain/common/list-schema';
import type { readyToInvoiceQuerySchema, readyToInvoiceSchema } from '@domain/billing/schema';
import { minorUnitOf } from '@domain/money/currencies';
import { dec, fixed } from '@domain/money/decimal';
import type { Db } from '@server/db/client';
import { readTogether } from '@server/db/customer-scope';
import { contains, offsetOf, toPage } from '@server/http/list';

type Ready = z.infer<typeof readyToInvoiceSchema>['rows'][number];

const UNBILLED = sql`cl.side = 'sell' and cl.invoice_id is null and cl.amount <> 0`;

export async function readyToInvoice(db: Db, q: z.infer<typeof readyToInvoiceQuerySchema>): Promise<Page<Ready>> {
  const where = sql.join(
    [
      sql`s.status in ('delivered', 'completed')`,
      sql`exists (select 1 from charge_lines cl where cl.shipment_id = s.id and ${UNBILLED})`,
      ...(q.company_id ? [sql`s.company_id = ${q.company_id}`] : []),
      ...(q.q ? [sql`(${contains(sql`s.reference_number`, q.q)} or ${contains(sql`c.name`, q.q)})`] : []),
    ],
    sql` and `,
  );
  const [rows, total] = await readTogether(db, [
    () =>
      db.execute<{ shipment_id: string; reference_number: string; company_id: string; company_name: string; delivered_on: string | null; unbilled: { currency: string; amount: string; lines: number }[] }>(sql`
        select s.id as shipment_id, s.reference_number, s.company_id, c.name as company_name,
          to_char(s.delivery_date at time zone 'UTC', 'YYYY-MM-DD') as delivered_on,
          (select json_agg(json_build_object('currency', x.currency, 'amount', x.amount, 'lines', x.lines) order by x.currency)
             from (select cl.currency, sum(cl.amount)::text as amount, count(*)::int as lines from charge_lines cl
                   where cl.shipment_id = s.id and ${UNBILLED} group by cl.currency) x) as unbilled
        from shipments s join companies c on c.id = s.company_id
        where ${where}
        order by s.delivery_date desc nulls last, s.id
        limit ${q.pageSize} offset ${offsetOf(q.page, q.pageSize)}`),
    () => db.execute<{ n: number }>(sql`select count(*)::int as n from shipments s join companies c on c.id = s.company_id where ${where}`),
  ] as const);
  return toPage(
    rows.rows.map((r) => ({ ...r, unbilled: (r.unbilled ?? []).map((u) => ({ currency: u.currency, amount: fixed(dec(u.amount), minorUnitOf(u.currency)), lines: Number(u.lines) })) })),
    Number(total.rows[0]?.n ?? 0),
    q.page,
    q.pageSize,
  );
}
