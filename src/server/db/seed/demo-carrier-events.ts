/**
 * Demo carrier events (issue 18): on the newest sea shipments under way of the demo company and of two other companies, the
 * carrier's gate-in and loading at the origin port, the departure, and the estimated arrival at the destination (as
 * DCSA Track & Trace 3.0 would send them, matched by container number); and two events no shipment claims, waiting
 * in the inbox, one with a container number whose check digit fails. Runs once (its own app_meta key).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { app_meta, carrier_events } from '../schema';
import { containerWarning } from '@domain/carrier-events/schema';
import { DEMO_COMPANY } from './demo-fixtures';

const META_KEY = 'demo_carrier_events';
const HOUR = 3_600_000;

type SeaShipment = {
  id: string; company_id: string; container_number: string; customer_reference: string | null; vessel_name: string | null; voyage_number: string | null;
  origin_code: string | null; origin_port: string | null; destination_code: string | null; destination_port: string | null; estimated_arrival: Date | null;
  estimated_departure: Date | null; status: string; created_at: Date;
};

export async function seedDemoCarrierEvents(db: Db): Promise<boolean> {
  const done = await db.select().from(app_meta).where(eq(app_meta.key, META_KEY));
  if (done.length > 0) return false;
  const r = await db.execute<SeaShipment>(sql`
    with sea as (
      select s.id, s.company_id, s.container_number, s.customer_reference, s.vessel_name, s.voyage_number, s.origin_port, s.destination_port,
        s.estimated_arrival, s.estimated_departure, s.status, s.created_at,
        (select p.un_code from seaports p where p.name = s.origin_port and p.country = s.origin_country limit 1) as origin_code,
        (select p.un_code from seaports p where p.name = s.destination_port and p.country = s.destination_country limit 1) as destination_code,
        c.name = ${DEMO_COMPANY} as demo,
        row_number() over (partition by s.company_id order by s.created_at desc) as n
      from shipments s join companies c on c.id = s.company_id
      where s.type = 'sea' and s.container_number is not null and s.status in ('in_transit', 'customs_check')
    )
    select * from sea where (demo and n <= 3) or (not demo and n = 1 and company_id in (
      select company_id from sea where not demo and n = 1 order by created_at desc limit 2))`);
  if (r.rows.length === 0) return false;
  const rows: (typeof carrier_events.$inferInsert)[] = [];
  for (const s of r.rows) {
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR);
    const base = {
      container_number: s.container_number, bl_number: s.customer_reference, vessel_name: s.vessel_name, voyage: s.voyage_number, transport_mode: 'vessel',
      state: 'matched' as const, matched_by: 'container' as const, shipment_id: s.id, company_id: s.company_id,
    };
    // The events follow the shipment's own dates: gated in two days before it sailed, loaded the night before,
    // departed two hours after the planned time; arrived (actual) once it is at customs, else the carrier's estimate.
    const departure = s.estimated_departure ? new Date(s.estimated_departure).getTime() : Date.now() - 60 * HOUR;
    const arrival = s.estimated_arrival ? new Date(s.estimated_arrival) : at(-240);
    const arrived = s.status === 'customs_check';
    const events = [
      { kind: 'equipment' as const, code: 'GTIN', classifier: 'actual' as const, occurred_at: new Date(departure - 48 * HOUR), location_code: s.origin_code, location_name: s.origin_port },
      { kind: 'equipment' as const, code: 'LOAD', classifier: 'actual' as const, occurred_at: new Date(departure - 14 * HOUR), location_code: s.origin_code, location_name: s.origin_port },
      { kind: 'transport' as const, code: 'DEPA', classifier: 'actual' as const, occurred_at: new Date(departure + 2 * HOUR), location_code: s.origin_code, location_name: s.origin_port },
      { kind: 'transport' as const, code: 'ARRI', classifier: arrived ? ('actual' as const) : ('estimated' as const), occurred_at: arrival, location_code: s.destination_code, location_name: s.destination_port },
    ];
    events.forEach((e) => rows.push({ ...base, ...e, external_id: `demo-${s.id}-${e.code}`, received_at: new Date(Math.min(Date.now(), e.occurred_at.getTime() + HOUR)), payload: { demo: true } }));
  }
  rows.push(
    {
      external_id: 'demo-unmatched-1', kind: 'equipment', code: 'DISC', classifier: 'actual', occurred_at: new Date(Date.now() - 5 * HOUR), received_at: new Date(Date.now() - 5 * HOUR),
      location_code: 'NLRTM', location_name: 'Rotterdam', container_number: 'APZU4812091', container_warning: containerWarning('APZU4812091'), state: 'unmatched', payload: { demo: true },
    },
    {
      external_id: 'demo-unmatched-2', kind: 'transport', code: 'ARRI', classifier: 'estimated', occurred_at: new Date(Date.now() + 72 * HOUR), received_at: new Date(Date.now() - 2 * HOUR),
      location_code: 'DEHAM', location_name: 'Hamburg', bl_number: 'HHL71800000', vessel_name: 'King of the Seas', voyage: '2103S', transport_mode: 'vessel', state: 'unmatched', payload: { demo: true },
    },
  );
  await db.transaction(async (tx) => {
    await tx.insert(carrier_events).values(rows).onConflictDoNothing();
    await tx.insert(app_meta).values({ key: META_KEY, value: { at: new Date().toISOString() } });
  });
  return true;
}
