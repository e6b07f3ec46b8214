/**
 * Fills a PostgreSQL database with a forwarder's years of data: 1,000,000 shipments over 24 months,
 * 10,000 companies with 3 contacts each, 200 staff, with realistic spreads of type, status, route and
 * currency. Everything is generated inside PostgreSQL (generate_series), so it takes a few minutes.
 *
 *   npm run seed:large                      # BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/cargodesk_bench
 *   SHIPMENTS=200000 npm run seed:large     # a smaller set
 */
import pg from 'pg';
import { openPostgres } from '../src/server/db/client';
import { seedReferenceData } from '../src/server/db/seed/reference';
import { createUserWithPassword } from '../src/server/db/seed/demo';
import { DEMO_PASSWORD } from '../src/domain/auth';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cargodesk_bench';
const SHIPMENTS = Number(process.env.SHIPMENTS ?? 1_000_000);
const COMPANIES = Number(process.env.COMPANIES ?? 10_000);
const STAFF = 200;

async function ensureDatabase() {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '')}"`);
  await client.end();
}

/** Accounts to sign in with (password cargodesk-demo): an admin, an export handler with shipments, a customer. */
export const BENCH_LOGINS = { admin: 'bench-admin@bench.example', handler: 'bench-export@bench.example', customer: 'bench-customer@bench.example' };

async function ensureLogins(database: Awaited<ReturnType<typeof openPostgres>>, client: pg.Client) {
  const exists = await client.query('select 1 from users where email = $1', [BENCH_LOGINS.admin]);
  if (exists.rowCount) return;
  await createUserWithPassword(database.db, { email: BENCH_LOGINS.admin, name: 'Bench Admin', role: 'admin', password: DEMO_PASSWORD });
  const handlerId = await createUserWithPassword(database.db, { email: BENCH_LOGINS.handler, name: 'Bench Export', role: 'export', password: DEMO_PASSWORD });
  await createUserWithPassword(database.db, { email: BENCH_LOGINS.customer, name: 'Bench Customer', role: 'customer', password: DEMO_PASSWORD });
  // The handler takes over 5,000 shipments; the customer is a contact of the busiest company.
  await client.query(`update shipments set handler_id = $1 where id in (select id from shipments order by reference_number limit 5000)`, [handlerId]);
  await client.query(`insert into customers (company_id, email, first_name, last_name, is_primary_contact)
    select company_id, $1, 'Bench', 'Customer', false from shipments group by company_id order by count(*) desc limit 1`, [BENCH_LOGINS.customer]);
}

async function main() {
  const started = Date.now();
  await ensureDatabase();
  const database = await openPostgres(url, { max: 2 });
  await database.migrate();
  await seedReferenceData(database.db);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const step = async (label: string, sql: string) => {
    const t = Date.now();
    await client.query(sql);
    console.log(`${label.padEnd(28)} ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
  const have = await client.query<{ n: string }>('select count(*) as n from shipments');
  if (Number(have.rows[0]!.n) >= SHIPMENTS) {
    await ensureLogins(database, client);
    console.log(`${url} already holds ${have.rows[0]!.n} shipments; nothing to do (drop the database to rebuild).`);
    await client.end();
    await database.close();
    return;
  }
  await step('truncate', 'truncate shipment_events, shipment_containers, document_assignments, shipments, customers, companies, sessions, accounts, users, outbox cascade');
  await step('staff users', `
    insert into users (id, full_name, email, email_verified, role)
    select gen_random_uuid(), 'Staff ' || g, 'staff' || g || '@bench.example', true,
      case when g <= 10 then 'admin' when g % 2 = 0 then 'export' else 'import' end
    from generate_series(1, ${STAFF}) g`);
  await step('companies', `
    insert into companies (id, name, address, created_at)
    select gen_random_uuid(), 'Company ' || lpad(g::text, 5, '0') || ' ' || (array['Logistics','Textiles','Foods','Machinery','Trading','Chemicals'])[1 + g % 6],
      g || ' Harbour Road', now() - (random() * interval '900 days')
    from generate_series(1, ${COMPANIES}) g`);
  await step('contacts', `
    insert into customers (company_id, email, first_name, last_name, position, phone, is_primary_contact)
    select c.id, 'contact' || k || '.' || row_number() over () || '@bench.example', 'First' || k, 'Last', 'Logistics', '+90 555 0000', k = 1
    from companies c cross join generate_series(1, 3) k`);
  await step('shipments', `
    with staff as (select array_agg(id order by id) ids from users where role <> 'customer'),
         comp as (select array_agg(id order by id) ids from companies),
         ap as (select array_agg(iata_code order by iata_code) codes from (select iata_code from airports order by name limit 300) a),
         sp as (select array_agg(name order by name) names from (select name from seaports order by name limit 200) s),
         g as (
           select n, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6
           from generate_series(1, ${SHIPMENTS}) n)
    insert into shipments (reference_number, type, transport_mode, loading_type, status, company_id, handler_id, created_at, updated_at,
      cargo_description, packages_count, weight_gross, origin_city, origin_country, destination_city, destination_country,
      origin_airport, destination_airport, origin_port, destination_port, truck_type, estimated_departure, estimated_arrival,
      currency, service_charge, service_charge_currency, customs_charge, customs_charge_currency, handling_charge, handling_charge_currency,
      freight_cost, freight_cost_currency, handling_cost, handling_cost_currency, priority)
    select
      'BX-' || lpad(n::text, 8, '0'),
      t.type,
      case when t.type = 'partial' then (array['air','sea','land'])[1 + (n % 3)] end,
      case when r2 < 0.55 then 'export' else 'import' end,
      case when r3 < 0.05 then 'pending' when r3 < 0.08 then 'pending_approval' when r3 < 0.11 then 'approved' when r3 < 0.26 then 'in_progress'
           when r3 < 0.38 then 'in_transit' when r3 < 0.43 then 'customs_check' when r3 < 0.88 then 'delivered' else 'completed' end,
      comp.ids[1 + floor(power(r4, 2) * ${COMPANIES})::int],
      case when r5 < 0.05 then null else staff.ids[1 + floor(r5 * ${STAFF})::int % ${STAFF}] end,
      now() - (r6 * interval '730 days'),
      now() - (r6 * interval '730 days'),
      (array['Cotton fabric rolls','Machine spare parts','Consumer electronics','Frozen seafood','Furniture','Brake pads','Olive oil','Polymer granules','Medical devices','Ceramic tiles'])[1 + n % 10] || ' lot ' || n,
      1 + n % 60, 100 + (n % 18000),
      'City ' || (n % 97), 'TR', 'City ' || (n % 89), 'DE',
      case when t.type = 'air' then ap.codes[1 + n % 300] end,
      case when t.type = 'air' then ap.codes[1 + (n * 7) % 300] end,
      case when t.type = 'sea' then sp.names[1 + n % 200] end,
      case when t.type = 'sea' then sp.names[1 + (n * 11) % 200] end,
      case when t.type = 'land' then (array['box','flatbed','reefer','tanker','other'])[1 + n % 5] end,
      now() - (r6 * interval '730 days') + interval '3 days',
      now() - (r6 * interval '730 days') + interval '20 days',
      cur.c, 1000 + n % 3000, cur.c, 100 + n % 500, cur.c, 50 + n % 300, cur.c, 800 + n % 2500, cur.c, 40 + n % 200, cur.c,
      r1 < 0.1
    from g
    cross join staff cross join comp cross join ap cross join sp
    cross join lateral (select case when r1 < 0.3 then 'air' when r1 < 0.62 then 'sea' when r1 < 0.85 then 'land' else 'partial' end as type) t
    cross join lateral (select case when r2 < 0.5 then 'USD' when r2 < 0.8 then 'EUR' when r2 < 0.92 then 'TRY' else 'GBP' end as c) cur`);
  await step('containers', `
    insert into shipment_containers (shipment_id, position, type, number, carrier_seal_number, weight, volume)
    select id, 0, (array['40HC','20DC','40DC','40RF','20RF','45HC','20OT'])[1 + (abs(hashtext(id::text)) % 7)], 'MSKU' || substr(md5(id::text), 1, 7), 'SL1', 12000, 60
    from shipments where type = 'sea'`);
  await ensureLogins(database, client);
  await step('vacuum analyze', 'vacuum analyze');
  const counts = await client.query('select (select count(*) from shipments) s, (select count(*) from companies) c, (select count(*) from customers) k, (select count(*) from users) u');
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s:`, counts.rows[0]);
  await client.end();
  await database.close();
}

void main().catch((e) => {
  console.error(e);
  process.exit(1);
});
