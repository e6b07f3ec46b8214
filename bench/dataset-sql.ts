/**
 * The SQL that generates the benchmark data set inside the database (generate_series), shared by
 * PostgreSQL and PGlite so both engines hold the same shape of data: 24 months of shipments with
 * realistic spreads of type, status, route and currency; companies with 3 contacts each; staff.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type DatasetParams = { shipments: number; companies: number; staff: number };

/** Staff users (10 admins, the rest export and import handlers). */
export const staffSql = (p: DatasetParams) => `
  insert into users (id, full_name, email, email_verified, role)
  select gen_random_uuid(), 'Staff ' || g, 'staff' || g || '@bench.example', true,
    case when g <= 10 then 'admin' when g % 2 = 0 then 'export' else 'import' end
  from generate_series(1, ${p.staff}) g`;

export const companiesSql = (p: DatasetParams) => `
  insert into companies (id, name, address, created_at)
  select gen_random_uuid(), 'Company ' || lpad(g::text, 5, '0') || ' ' || (array['Logistics','Textiles','Foods','Machinery','Trading','Chemicals'])[1 + g % 6],
    g || ' Harbour Road', now() - (random() * interval '900 days')
  from generate_series(1, ${p.companies}) g`;

export const contactsSql = () => `
  insert into customers (company_id, email, first_name, last_name, position, phone, is_primary_contact)
  select c.id, 'contact' || k || '.' || row_number() over () || '@bench.example', 'First' || k, 'Last', 'Logistics', '+90 555 0000', k = 1
  from companies c cross join generate_series(1, 3) k`;

/** Shipments from..to (1-based, inclusive): one statement per batch keeps the memory of each statement small. */
export const shipmentsSql = (p: DatasetParams, from: number, to: number) => `
  with staff as (select array_agg(id order by id) ids from users where role <> 'customer' and email like 'staff%@bench.example'),
       comp as (select array_agg(id order by id) ids from companies),
       ap as (select array_agg(iata_code order by iata_code) codes from (select iata_code from airports order by name limit 300) a),
       sp as (select array_agg(name order by name) names from (select name from seaports order by name limit 200) s),
       g as (
         select n, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6
         from generate_series(${from}, ${to}) n)
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
    comp.ids[1 + floor(power(r4, 2) * ${p.companies})::int],
    case when r5 < 0.05 then null else staff.ids[1 + floor(r5 * ${p.staff})::int % ${p.staff}] end,
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
  cross join lateral (select case when r2 < 0.5 then 'USD' when r2 < 0.8 then 'EUR' when r2 < 0.92 then 'TRY' else 'GBP' end as c) cur`;

/** One container for each sea shipment (`where`: which shipments; a test adds them to the demo data's own). */
export const containersSql = (where = "type = 'sea'") => `
  insert into shipment_containers (shipment_id, position, type, number, carrier_seal_number, weight, volume)
  select id, 0, (array['40HC','20DC','40DC','40RF','20RF','45HC','20OT'])[1 + (abs(hashtext(id::text)) % 7)], c.number, 'SL1', 12000, 60
  from shipments
  -- A valid ISO 6346 number (issue 14): the 6-digit serial from the id, then the one check digit the check accepts.
  cross join lateral (
    select 'MSKU' || serial || d as number
    from (select lpad((abs(hashtext(id::text)) % 1000000)::text, 6, '0') as serial) x, generate_series(0, 9) d
    where cargodesk_container_number_ok('MSKU' || serial || d) limit 1) c
  where ${where}`;

const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/server/db/migrations');

/**
 * The rollup backfill statements of migrations 0003 (shipment, dimension and finance counts) and 0019 (the exception
 * rules' day counters): the exact SQL that migrates an existing database, used after a bulk load done with the row
 * triggers switched off.
 */
export function rollupBackfillSql(): string[] {
  const statements = (file: string, tables: RegExp) =>
    fs
      .readFileSync(path.join(migrations, file), 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
      .filter((s) => tables.test(s));
  const out = [
    ...statements('0003_stats_triggers.sql', /^INSERT INTO (shipment_stats|shipment_dim_stats|finance_stats)\b/),
    ...statements('0019_exceptions.sql', /^INSERT INTO shipment_due_stats\b/),
  ];
  if (out.length !== 4) throw new Error(`expected 4 rollup backfill statements in migrations 0003 and 0019, found ${out.length}`);
  return out;
}

/** The row triggers that keep the rollups exact; off during the bulk load, then the rollups are rebuilt once. */
export const ROLLUP_TRIGGERS = [
  ['shipments', 'shipments_stats'],
  ['shipments', 'shipments_counts'],
  ['shipments', 'shipments_due_counts'],
  ['shipment_containers', 'shipment_containers_stats'],
] as const;
