/**
 * Runs before the end-to-end server starts (playwright.config.ts): the data directory as an older version of the
 * portal could have left it. Migrations and the demo data are applied as on any first start, then one sea shipment is
 * written the way rows were stored before the number checks of issue 14: its container number has a wrong check
 * digit (CSQU3054384, the right one is 3), which the API now refuses. e2e/cargo-data-legacy.spec.ts opens it.
 * It is dated a year back, so it is never the newest shipment another spec picks.
 */
import { sql } from 'drizzle-orm';
import { bootstrap } from '@server/bootstrap';
import { loadConfig } from '@server/config';
import { createLogger } from '@server/logger';

const LEGACY_REFERENCE = 'CD-LEGACY-0001';
const LEGACY_CONTAINER = 'CSQU3054384';

const runtime = await bootstrap(loadConfig(), createLogger('warn'));
try {
  const db = runtime.database.db;
  const exists = await db.execute(sql`select 1 from shipments where reference_number = ${LEGACY_REFERENCE}`);
  if (exists.rows.length === 0) {
    const inserted = await db.execute<{ id: string }>(sql`
      insert into shipments (reference_number, type, loading_type, status, company_id, carrier_id, cargo_description, packages_count,
        weight_gross, volume, origin_port, origin_city, origin_country, destination_port, destination_city, destination_country,
        container_number, created_at, updated_at)
      select ${LEGACY_REFERENCE}, 'sea', 'export', 'in_transit', c.id, k.id, 'Ceramic tiles (imported from the old system)', 20,
        18000, 28, 'Ambarli', 'Ambarli', 'Turkey', 'Rotterdam', 'Rotterdam', 'Netherlands',
        ${LEGACY_CONTAINER}, now() - interval '365 days', now() - interval '365 days'
      from companies c, carriers k where c.name = 'Anatolia Textiles Ltd' and k.name = 'Maersk'
      returning id`);
    const id = inserted.rows[0]!.id;
    await db.execute(sql`insert into shipment_containers (shipment_id, position, type, number, carrier_seal_number, weight, volume)
      values (${id}, 0, '40HC', ${LEGACY_CONTAINER}, 'SL-OLD-1', 18000, 28)`);
    await db.execute(sql`insert into shipment_events (shipment_id, kind, changes, created_at)
      values (${id}, 'created', ${JSON.stringify({ status: { from: null, to: 'in_transit' } })}::jsonb, now() - interval '365 days')`);
  }
} finally {
  await runtime.close();
}
