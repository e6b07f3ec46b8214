/**
 * Demo estimated arrivals that moved (issue 45: the customer sees "was 19 Dec 2026 · moved 01 Dec 2026" under the
 * date): on the two newest shipments in transit of the demo company and the newest one of two other companies, the
 * handler moved the arrival three or four days later, a day or two ago. Written as a staff edit leaves it: an 'updated'
 * history row with the change, and the shipment's note of its arrival's last move (migration 0019, which the
 * exceptions list reads) and its editor. Runs once (its own app_meta key).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { app_meta, shipment_events, shipments } from '../schema';
import { DEMO_COMPANY } from './demo-fixtures';

const META_KEY = 'demo_date_moves';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type InTransit = { id: string; handler_id: string | null; estimated_arrival: Date | string; created_at: Date | string };

export async function seedDemoDateMoves(db: Db): Promise<boolean> {
  const done = await db.select().from(app_meta).where(eq(app_meta.key, META_KEY));
  if (done.length > 0) return false;
  const r = await db.execute<InTransit>(sql`
    with moving as (
      select s.id, s.company_id, s.handler_id, s.estimated_arrival, s.created_at, c.name = ${DEMO_COMPANY} as demo,
        row_number() over (partition by s.company_id order by s.created_at desc, s.id) as n
      from shipments s join companies c on c.id = s.company_id
      where s.status = 'in_transit' and s.estimated_arrival is not null
    )
    select id, handler_id, estimated_arrival, created_at from moving
    where (demo and n <= 2) or (not demo and n = 1 and company_id in (
      select company_id from moving where not demo and n = 1 order by created_at desc, company_id limit 2))
    order by demo desc, created_at desc`);
  if (r.rows.length === 0) return false;
  const now = Date.now();
  await db.transaction(async (tx) => {
    for (const [i, s] of r.rows.entries()) {
      const arrival = new Date(s.estimated_arrival);
      const shiftDays = 3 + (i % 2);
      // A day or two ago, in office hours' spread; never before the shipment was made.
      const movedAt = new Date(Math.max(now - (1 + (i % 2)) * DAY - (2 + i) * HOUR, new Date(s.created_at).getTime() + HOUR));
      const changes = { estimated_arrival: { from: new Date(arrival.getTime() - shiftDays * DAY).toISOString(), to: arrival.toISOString() } };
      await tx.insert(shipment_events).values({ shipment_id: s.id, actor_id: s.handler_id, kind: 'updated', changes, created_at: movedAt });
      await tx
        .update(shipments)
        .set({
          arrival_shift_days: shiftDays,
          arrival_shifted_at: movedAt,
          updated_by: sql`coalesce(${s.handler_id}::uuid, ${shipments.updated_by})`,
          updated_at: sql`greatest(${shipments.updated_at}, ${movedAt.toISOString()}::timestamptz)`,
        })
        .where(eq(shipments.id, s.id));
    }
    await tx.insert(app_meta).values({ key: META_KEY, value: { at: new Date(now).toISOString(), shipments: r.rows.length } });
  });
  return true;
}
