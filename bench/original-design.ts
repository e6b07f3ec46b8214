/**
 * S3's comparison: the original design drew the admin dashboard in the browser from every shipment, read
 * through a generic REST layer in pages of 1,000 rows (with company and handler names). This reads the same
 * rows the same way (keyset pages), serialises and parses each page as JSON (the REST hop, without the
 * network) and aggregates in JavaScript; it reports the seconds and the bytes.
 */
import pg from 'pg';
import { ACTIVE_STATUSES, COMPLETED_STATUSES } from '@domain/analytics/kpi';

export type OriginalCost = { seconds: number; bytes: number; rows: number; pageSize: number; total: number };

const CHARGES = ['service_charge', 'customs_charge', 'insurance_charge', 'handling_charge', 'documentation_charge', 'storage_charge', 'delivery_charge', 'other_charges'];
const COSTS = ['freight_cost', 'customs_cost', 'insurance_cost', 'handling_cost', 'documentation_cost', 'storage_cost', 'delivery_cost', 'other_costs'];

export async function originalDashboardCost(url: string, pageSize = 1000): Promise<OriginalCost> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const active = new Set<string>(ACTIVE_STATUSES);
  const completed = new Set<string>(COMPLETED_STATUSES);
  const agg = { total: 0, active: 0, completed: 0, types: new Map<string, number>(), months: new Map<string, number>(), money: new Map<string, number>() };
  const add = (m: Map<string, number>, k: string, n = 1) => m.set(k, (m.get(k) ?? 0) + n);
  let bytes = 0;
  let rows = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  const started = performance.now();
  try {
    for (;;) {
      const r = await client.query<Record<string, unknown>>(
        `select s.*, m.fields, c.name as company_name, u.full_name as handler_name
         from shipments s join companies c on c.id = s.company_id left join users u on u.id = s.handler_id
         left join lateral (select jsonb_object_agg(l.field, l.amount) || jsonb_object_agg(l.field || '_currency', l.currency) as fields
           from charge_lines l where l.shipment_id = s.id and l.field is not null) m on true
         where s.id > $1 order by s.id limit ${pageSize}`,
        [after],
      );
      if (r.rows.length === 0) break;
      const json = JSON.stringify(r.rows);
      bytes += Buffer.byteLength(json);
      const page = JSON.parse(json) as Record<string, string | number | null>[];
      for (const row of page) {
        // The sixteen money fields as the original design's rows carried them (now the shipment's field lines).
        const s = { ...row, ...(row.fields as unknown as Record<string, string | number | null> | null) };
        agg.total++;
        if (active.has(String(s.status))) agg.active++;
        if (completed.has(String(s.status))) agg.completed++;
        add(agg.types, String(s.type));
        add(agg.months, String(s.created_at).slice(0, 7));
        for (const k of CHARGES) if (s[k] != null) add(agg.money, `${String(s[`${k}_currency`])}:revenue`, Number(s[k]));
        for (const k of COSTS) if (s[k] != null) add(agg.money, `${String(s[`${k}_currency`])}:cost`, Number(s[k]));
      }
      rows += page.length;
      after = String(r.rows[r.rows.length - 1]!.id);
      if (r.rows.length < pageSize) break;
    }
  } finally {
    await client.end();
  }
  return { seconds: Math.round((performance.now() - started) / 10) / 100, bytes, rows, pageSize, total: agg.total };
}
