/**
 * The SQL that generates the benchmark data set inside the database (generate_series), shared by
 * PostgreSQL and PGlite so both engines hold the same shape of data: 24 months of shipments with
 * realistic spreads of type, status, route and currency; companies with 3 contacts each; staff; booking requests
 * (issue 15) with their sent quotes. The conversation's SQL is in dataset-messages-sql.ts, the invoices' in
 * billing-dataset.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `requests`: booking requests (issue 15); absent in a data set of the shipments alone (the backup test's).
 * `messages`: the conversation's messages (issue 15), on threads of a tenth of the shipments and requests; absent: none.
 * `invoices`: invoices and credit notes with their lines and payments (issue 38, billing-dataset.ts); absent: none.
 */
export type DatasetParams = { shipments: number; companies: number; staff: number; requests?: number; messages?: number; invoices?: number };

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
    currency, priority)
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
    cur.c,
    r1 < 0.1
  from g
  cross join staff cross join comp cross join ap cross join sp
  cross join lateral (select case when r1 < 0.3 then 'air' when r1 < 0.62 then 'sea' when r1 < 0.85 then 'land' else 'partial' end as type) t
  cross join lateral (select case when r2 < 0.5 then 'USD' when r2 < 0.8 then 'EUR' when r2 < 0.92 then 'TRY' else 'GBP' end as c) cur`;

/**
 * The money of bench shipment n (its reference 'BX-0000000n'): five of the sixteen fields, all in the shipment's
 * currency. Written as field lines (issue 38, decision record 0259) by fieldLinesSql; the migration test writes the
 * same values into the fields' old columns to prove migration 0034 keeps every total.
 */
export const BENCH_MONEY = [
  { field: 'service_charge', position: 0, side: 'sell', category: 'service', code: 'SRV', amount: '1000 + n % 3000' },
  { field: 'customs_charge', position: 1, side: 'sell', category: 'customs', code: 'CUS', amount: '100 + n % 500' },
  { field: 'handling_charge', position: 3, side: 'sell', category: 'handling', code: 'HDL', amount: '50 + n % 300' },
  { field: 'freight_cost', position: 8, side: 'buy', category: 'freight', code: 'FRT', amount: '800 + n % 2500' },
  { field: 'handling_cost', position: 11, side: 'buy', category: 'handling', code: 'HDL', amount: '40 + n % 200' },
] as const;

/** The bench shipments from..to with their number n (from the reference number). */
const benchShipments = (from: number, to: number) => `
  select s.id, s.currency, s.created_at, substring(s.reference_number from 4)::int as n from shipments s
  where s.reference_number between 'BX-' || lpad('${from}', 8, '0') and 'BX-' || lpad('${to}', 8, '0')`;

/** The field lines of bench shipments from..to (1-based, inclusive), after shipmentsSql made them. */
export const fieldLinesSql = (from: number, to: number) => `
  insert into charge_lines (shipment_id, position, side, category, code, quantity, unit, unit_price, amount, currency, field, created_at, updated_at)
  select b.id, v.position, v.side, v.category, v.code, 1, 'shipment', v.amount, v.amount, b.currency, v.field, b.created_at, b.created_at
  from (${benchShipments(from, to)}) b cross join lateral (values
    ${BENCH_MONEY.map((m) => `(${m.position}, '${m.field}', '${m.side}', '${m.category}', '${m.code}', (${m.amount.replaceAll('n', 'b.n')})::numeric)`).join(', ')}
  ) as v(position, field, side, category, code, amount)`;

/** The same money in the sixteen columns of before migration 0034 (the migration test's database at 0033). */
export const legacyMoneySql = (from: number, to: number) => `
  update shipments s set ${BENCH_MONEY.map((m) => `${m.field} = ${m.amount.replaceAll('n', 'b.n')}, ${m.field}_currency = b.currency`).join(', ')}
  from (${benchShipments(from, to)}) b where s.id = b.id`;

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

/** One calendar month (UTC) of requests: its part of the 24 months before `anchor`, and how many requests it gets. */
export type RequestMonth = { yymm: string; from: Date; to: Date; count: number };

const DAY_MS = 86_400_000;

/**
 * The 24 months (730 days) before `anchor` cut at the UTC month boundaries, each with its share of `total` requests by
 * its length (the first and the last month are partial). A request's number counts within its month, as the portal's
 * ('RQ-2611-0042'), so each month is one statement that numbers its own rows.
 */
export function requestMonths(total: number, anchor: Date, days = 730): RequestMonth[] {
  const start = new Date(anchor.getTime() - days * DAY_MS);
  const months: RequestMonth[] = [];
  let from = start;
  while (from < anchor) {
    const next = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
    const to = next < anchor ? next : anchor;
    months.push({ yymm: from.toISOString().slice(2, 7).replace('-', ''), from, to, count: 0 });
    from = to;
  }
  // Shares by length; the rounding remainder goes to the last (current) month, so the counts add up to `total`.
  let given = 0;
  for (const m of months) {
    m.count = Math.round((total * (m.to.getTime() - m.from.getTime())) / (anchor.getTime() - start.getTime()));
    given += m.count;
  }
  months[months.length - 1]!.count += total - given;
  return months;
}

/**
 * One month of booking requests (issue 15): created at random in the month, numbered in order of creation; companies
 * skewed as the shipments' (the same order, a flatter curve: the busiest company, the bench customer's, gets a few
 * hundred, every company some); 40% submitted, 25% quoted (a quote valid 7-60 days, so most older ones are expired),
 * 15% accepted, 10% declined, 10% cancelled; a handler on every answered request and on a quarter of the waiting
 * ones (~70%). Air between airports, sea between ports, the rest between cities; `search` as the portal writes it.
 */
export const requestsSql = (p: DatasetParams, m: RequestMonth) => `
  with staff as (select array_agg(id order by id) ids from users where role <> 'customer' and email like 'staff%@bench.example'),
       comp as (select array_agg(id order by id) ids, array_agg(name order by id) names from companies),
       ap as (select array_agg(iata_code order by iata_code) codes from (select iata_code from airports order by name limit 300) a),
       sp as (select array_agg(name order by name) names from (select name from seaports order by name limit 200) s),
       g as (
         select n, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7,
           timestamptz '${m.from.toISOString()}' + random() * (timestamptz '${m.to.toISOString()}' - timestamptz '${m.from.toISOString()}') as at
         from generate_series(1, ${m.count}) n),
       r as (
         select g.*, row_number() over (order by at, n) as seq,
           1 + floor(power(r1, 1.5) * ${p.companies})::int as ci,
           case when r2 < 0.40 then 'submitted' when r2 < 0.65 then 'quoted' when r2 < 0.80 then 'accepted' when r2 < 0.90 then 'declined' else 'cancelled' end as status,
           case when r3 < 0.30 then 'air' when r3 < 0.60 then 'sea' when r3 < 0.80 then 'land' when r3 < 0.90 then 'partial' else 'best_offer' end as mode
         from g),
       x as (
         select r.*, 'RQ-${m.yymm}-' || lpad(seq::text, 4, '0') as number,
           (array['Cotton fabric rolls','Machine spare parts','Consumer electronics','Frozen seafood','Furniture','Brake pads','Olive oil','Polymer granules','Medical devices','Ceramic tiles'])[1 + n % 10] || ' request ' || seq as cargo,
           case when mode = 'air' then ap.codes[1 + (n * 3) % 300] end as o_air, case when mode = 'air' then ap.codes[1 + (n * 13) % 300] end as d_air,
           case when mode = 'sea' then sp.names[1 + (n * 5) % 200] end as o_port, case when mode = 'sea' then sp.names[1 + (n * 17) % 200] end as d_port,
           case when mode not in ('air', 'sea') then 'City ' || (n % 97) end as o_city, case when mode not in ('air', 'sea') then 'TR' end as o_country,
           case when mode not in ('air', 'sea') then 'City ' || (n % 89) end as d_city, case when mode not in ('air', 'sea') then 'DE' end as d_country,
           comp.ids[ci] as company_id, comp.names[ci] as company_name, staff.ids[1 + floor(r5 * ${p.staff})::int % ${p.staff}] as staff_id
         from r cross join comp cross join staff cross join ap cross join sp)
  insert into requests (number, company_id, handler_id, status, mode, direction, sea_load, equipment,
    origin_airport, origin_port, origin_city, origin_country, destination_airport, destination_port, destination_city, destination_country,
    cargo_ready_date, incoterm, incoterm_place, cargo_description, weight_gross, volume, weight_chargeable, decline_reason, valid_until,
    search, created_at, updated_at)
  select number, company_id,
    case when status <> 'submitted' or r6 < 0.25 then staff_id end,
    status, mode,
    case when r4 < 0.55 then 'export' else 'import' end,
    case when mode = 'sea' then (case when n % 3 = 0 then 'lcl' else 'fcl' end) end,
    case when mode = 'sea' and n % 3 <> 0 then jsonb_build_array(jsonb_build_object('type', (array['40HC','20DC','40DC'])[1 + n % 3], 'count', 1 + n % 4)) else '[]'::jsonb end,
    o_air, o_port, o_city, o_country, d_air, d_port, d_city, d_country,
    (at + (3 + floor(r7 * 28)) * interval '1 day')::date,
    case when n % 4 = 0 then null else (array['EXW','FOB','CIF','DAP','FCA'])[1 + n % 5] end,
    case when n % 4 = 0 then null else 'City ' || (n % 97) end,
    cargo, 100 + (n % 18000), 1 + n % 40,
    case when mode = 'air' then greatest(100 + (n % 18000), (1 + n % 40) * 167) end,
    case when status = 'declined' then 'No capacity on this lane this month.' end,
    case when status in ('quoted', 'accepted') then (at + (7 + floor(r7 * 54)) * interval '1 day')::date end,
    cargodesk_fold(number || ' ' || cargo || ' ' || coalesce(o_air, o_port, o_city || ', ' || o_country) || ' ' || coalesce(d_air, d_port, d_city || ', ' || d_country) || ' ' || company_name),
    at,
    case when status = 'submitted' then at else at + (2 + floor(r6 * 70)) * interval '1 hour' end
  from x`;

/**
 * A sent quote for each quoted or accepted request (two lines each): sent five hours after the request, by its handler.
 * Quotes whose validity ends within the expiry warning's two days are marked warned, so the portal's hourly job has
 * nothing to send during a run.
 */
export const requestQuotesSql = () => [
  `insert into request_quotes (request_id, company_id, mode, valid_until, transit_days, terms, customer_note, sent_at, sent_by, expiry_warned_at, updated_at, updated_by)
   select id, company_id, case when mode = 'best_offer' then 'sea' else mode end, valid_until, case when mode = 'air' then 2 else 12 end,
     'Subject to space and equipment availability.', null, created_at + interval '5 hours', handler_id,
     case when valid_until <= current_date + 2 then (valid_until - 2)::timestamptz end, created_at + interval '5 hours', handler_id
   from requests where status in ('quoted', 'accepted')`,
  // A quote's charge lines (migration 0035): freight and terminal handling, each sold and bought.
  `insert into charge_lines (request_id, position, side, category, code, description, quantity, unit, unit_price, amount, currency)
   select q.request_id, k * 2 + (s.side = 'buy')::int, s.side, case k when 0 then 'freight' else 'handling' end, case k when 0 then 'FRT' else 'THC' end,
     case k when 0 then 'Freight' else 'Terminal handling' end, 1, 'shipment', v.amount, v.amount, case k when 0 then 'USD' else 'EUR' end
   from request_quotes q cross join generate_series(0, 1) k cross join (values ('sell'), ('buy')) s(side)
   cross join lateral (select case when s.side = 'sell' then (case k when 0 then 900 + abs(hashtext(q.request_id::text)) % 2500 else 85 end)
     else (case k when 0 then 700 + abs(hashtext(q.request_id::text)) % 2000 else 60 end) end::numeric as amount) v`,
  // Each month's counter at its last number, so a request made during a run gets the next one.
  `insert into request_counters (period, last)
   select split_part(number, '-', 2), max(split_part(number, '-', 3)::int) from requests group by 1
   on conflict (period) do update set last = greatest(request_counters.last, excluded.last)`,
];

const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/server/db/migrations');

/**
 * The rollup backfill statements of migrations 0003 (shipment and dimension counts), 0034 (finance, from the charge lines), 0019 (the exception
 * rules' day counters) and 0022 (the request queue's totals): the exact SQL that migrates an existing database, used after a bulk load done with the row
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
    ...statements('0003_stats_triggers.sql', /^INSERT INTO (shipment_stats|shipment_dim_stats)\b/),
    // Since migration 0034 the finance rollups are the shipments' charge lines.
    ...statements('0034_charge_lines_from_fields.sql', /^INSERT INTO finance_stats\b/),
    ...statements('0019_exceptions.sql', /^INSERT INTO shipment_due_stats\b/),
    ...statements('0022_request_counts.sql', /^INSERT INTO request_counts\b/),
  ];
  if (out.length !== 5) throw new Error(`expected 5 rollup backfill statements in migrations 0003, 0034, 0019 and 0022, found ${out.length}`);
  return out;
}

/** The row triggers that keep the rollups exact; off during the bulk load, then the rollups are rebuilt once. */
export const ROLLUP_TRIGGERS = [
  ['shipments', 'shipments_stats'],
  ['shipments', 'shipments_stats_delete'],
  ['shipments', 'shipments_counts'],
  ['shipments', 'shipments_due_counts'],
  ['shipment_containers', 'shipment_containers_stats'],
  ['charge_lines', 'charge_lines_finance'],
  ['requests', 'requests_counts'],
] as const;
