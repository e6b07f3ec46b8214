/**
 * The SQL that generates the benchmark data set inside the database (generate_series), shared by
 * PostgreSQL and PGlite so both engines hold the same shape of data: 24 months of shipments with
 * realistic spreads of type, status, route and currency; companies with 3 contacts each; staff; booking requests
 * (issue 15) with their sent quotes; the conversation on shipments and requests (issue 15: threads, messages, reads).
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
  ['shipments', 'shipments_counts'],
  ['shipments', 'shipments_due_counts'],
  ['shipment_containers', 'shipment_containers_stats'],
  ['charge_lines', 'charge_lines_finance'],
  ['requests', 'requests_counts'],
] as const;

/**
 * The conversation (issue 15, dataset version 5): threads on a tenth of the shipments and of the requests, `messages`
 * messages in all. Exactly one thread holds exactly 200 messages (the S13 read, none internal so a customer reads all
 * 200): the one on the bench customer's newest shipment, the shipment their list shows first. Every other thread holds
 * 1 to ~80 (most a few, a long tail), never 200.
 */
export type MessagePlan = { shipmentThreads: number; requestThreads: number; special: boolean; messages: number };

/** The length of the one long thread (the portal's page of a thread, THREAD_PAGE_SIZE in src/domain/messages/schema.ts). */
export const LONG_THREAD = 200;

export function messagePlan(p: DatasetParams): MessagePlan | null {
  const messages = p.messages ?? 0;
  if (messages <= 0) return null;
  const special = p.shipments > 0 && messages >= LONG_THREAD + 1;
  let shipmentThreads = Math.round(p.shipments / 10);
  let requestThreads = Math.round((p.requests ?? 0) / 10);
  if (special) shipmentThreads = Math.max(shipmentThreads, 1);
  // Every other thread holds at least one message: fewer threads when the messages are few.
  const room = messages - (special ? LONG_THREAD : 0);
  const others = shipmentThreads + requestThreads - (special ? 1 : 0);
  if (others > room) {
    const f = room / others;
    requestThreads = Math.floor(requestThreads * f);
    shipmentThreads = Math.floor((shipmentThreads - (special ? 1 : 0)) * f) + (special ? 1 : 0);
  }
  return { shipmentThreads, requestThreads, special, messages };
}

/** What a message says: sentences of a forwarder's day (each 20-130 characters), combined into the body bank below. */
const SENTENCES = [
  'Thank you, received.',
  'Could you send us the updated commercial invoice?',
  'The cargo will be ready for pickup on Thursday morning.',
  'Please confirm the consignee address before we issue the house bill of lading.',
  'Booking is confirmed with the carrier; the documentation cut-off is Friday 12:00.',
  'Customs asked for the packing list and the certificate of origin.',
  'We have attached the draft bill of lading for your approval.',
  'The vessel is delayed by two days due to congestion at the port of loading.',
  'Can you share the HS codes for all items on the invoice?',
  'Pickup completed: 12 pallets loaded, the seal number is on the delivery note.',
  'Noted, we will inform the consignee.',
  'The truck arrived at the warehouse and loading starts within the hour.',
  'Please note that the free time at destination is 7 days.',
  'Is the shipment insured? If not, we can offer cargo insurance at 0.3% of the invoice value.',
  'Dimensions per pallet are 120 x 80 x 150 cm, stackable up to two high.',
  'The flight was rebooked because of an equipment change; the new ETA is tomorrow evening.',
  'We need the EORI number of the importer for the import declaration.',
  'The invoice for the freight charges will follow after departure.',
  'The container was released by customs this morning.',
  'The delivery appointment is set for Monday between 09:00 and 12:00.',
  'Could you check whether the goods contain lithium batteries?',
  'Thanks for the quick update!',
  'The shipper asks for a copy of the telex release.',
  'Please advise the preferred delivery window at destination.',
  'We noticed a weight difference of 40 kg against the booking; could you confirm the gross weight?',
  'The original documents were sent by courier today, the tracking number will follow.',
  'Demurrage starts on Wednesday if the container is not collected by then.',
  'The warehouse confirms receipt of all packages in good condition.',
  'Our agent at destination will contact the consignee to arrange customs clearance.',
  'The temperature log of the reefer container is attached for your records.',
  'Please make sure the labels show the shipment reference on every carton.',
  'The airline needs the dangerous goods declaration signed by the shipper before acceptance.',
  'Can we split the shipment into two deliveries?',
  'Transit time on this lane is currently 18 to 22 days port to port.',
  'We will check with the carrier and come back to you today.',
];

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const STEPS = Array.from({ length: SENTENCES.length - 1 }, (_, k) => k + 1).filter((k) => gcd(k, SENTENCES.length) === 1).slice(0, 12);

/**
 * `count` distinct message bodies, numbered from 0: one to nine different sentences (a body is cut before the sentence
 * that would take it past 560 characters), some on several lines, some with a greeting or a sign-off: 20-600 characters.
 */
export const messageBodiesSql = (count = 4096) => `
  create unlogged table bench_message_bodies as
  with s as (select array[${SENTENCES.map((t) => `'${t.replace(/'/g, "''")}'`).join(', ')}] as t),
       b as (
         select i, 1 + floor(power(random(), 2.2) * 9)::int as k, abs(hashtext('start' || i)::bigint) as start,
           -- A step prime to the bank's size walks it without repeating a sentence.
           (array[${STEPS.join(', ')}])[1 + i % ${STEPS.length}] as step
         from generate_series(0, ${count - 1}) i),
       parts as (
         select b.i, j, s.t[1 + (b.start + j * b.step) % array_length(s.t, 1)] as sentence,
           case when j = 1 then '' when abs(hashtext(b.i || '/' || j)::bigint) % 14 = 0 then E'\\n\\n' when abs(hashtext(b.i || '/' || j)::bigint) % 14 = 1 then E'\\n' else ' ' end as sep
         from b cross join s cross join generate_series(1, b.k) j),
       run as (select parts.*, sum(length(sep) + length(sentence)) over (partition by i order by j) as total from parts)
  select i,
    case when i % 10 = 0 then E'Hello,\\n\\n' else '' end || string_agg(sep || sentence, '' order by j)
      || case when i % 7 = 0 then E'\\n\\nBest regards' when i % 7 = 1 then ' Thanks' else '' end as body
  from run where j = 1 or total <= 560 group by i`;

/**
 * The threads to make, one row each (an unlogged work table, dropped after the load): the subject (shipment or request),
 * its company and handler, the life the messages spread over (a shipment's first 40 days, a request's first 21, never
 * past now), how many messages, and the authors: the handler (or, on an unassigned subject, a staff member) and the
 * company's customer user where one exists (the bench customer's company); elsewhere the customer's turns carry the
 * company's primary contact's name without an account (author_id null, as after the account is gone).
 */
export const threadPlanSql = (plan: MessagePlan, o: { customerEmail: string; createdPrefix: string }) => {
  const extra = plan.messages - (plan.special ? LONG_THREAD : 0) - (plan.shipmentThreads + plan.requestThreads - (plan.special ? 1 : 0));
  return `
  create unlogged table bench_thread_plan as
  with special as (
         select s.id from shipments s
         where s.company_id = (select company_id from customers where email = '${o.customerEmail}' limit 1) and s.reference_number not like '${o.createdPrefix}%'
         order by s.created_at desc, s.id limit ${plan.special ? 1 : 0}),
       subjects as (
         select 'shipment' as kind, s.id, s.company_id, s.handler_id, s.created_at as start_at, least(now(), s.created_at + interval '40 days') as end_at, true as special
         from shipments s where s.id in (select id from special)
         union all
         (select 'shipment', s.id, s.company_id, s.handler_id, s.created_at, least(now(), s.created_at + interval '40 days'), false
          from shipments s where s.id not in (select id from special) and s.reference_number not like '${o.createdPrefix}%'
          order by random() limit ${plan.shipmentThreads - (plan.special ? 1 : 0)})
         union all
         (select 'request', r.id, r.company_id, r.handler_id, r.created_at, least(now(), r.created_at + interval '21 days'), false
          from requests r order by random() limit ${plan.requestThreads})),
       w as (
         select sj.*, row_number() over (order by special desc, kind, id) as seq, case when special then 0 else power(random(), 4) end as weight
         from subjects sj),
       cs as (select w.*, sum(weight) over (order by seq) as cum from w),
       c as (select cs.*, lag(cum, 1, 0::double precision) over (order by seq) as prior, nullif(max(cum) over (), 0) as tot from cs),
       staff as (select array_agg(id order by id) ids from users where role <> 'customer' and email like 'staff%@bench.example'),
       cust as (
         select distinct on (k.company_id) k.company_id, u.id as user_id, u.full_name
         from customers k join users u on lower(u.email) = lower(k.email) and u.role = 'customer'
         order by k.company_id, u.created_at, u.id),
       contact as (
         select distinct on (company_id) company_id, first_name || ' ' || last_name as name
         from customers order by company_id, is_primary_contact desc, email)
  select gen_random_uuid() as thread_id, c.seq, c.kind, c.id as subject_id, c.company_id, c.handler_id, c.start_at, c.end_at, c.special,
    case when c.special then ${LONG_THREAD}
         -- The remaining messages shared by weight, rounded on the running sum: the counts add up exactly.
         else 1 + coalesce(round(${extra}::numeric * c.cum::numeric / c.tot::numeric) - round(${extra}::numeric * c.prior::numeric / c.tot::numeric), 0)::int end as n,
    coalesce(c.handler_id, staff.ids[1 + (c.seq % array_length(staff.ids, 1))::int]) as staff_id,
    cust.user_id as customer_id, coalesce(cust.full_name, contact.name, 'Customer') as customer_name,
    abs(hashtext(c.id::text)::bigint) % 2 as first_side
  from c cross join staff left join cust on cust.company_id = c.company_id left join contact on contact.company_id = c.company_id`;
};

/**
 * The load itself, in order: the threads (their times set after the messages), the messages in time order (so a
 * thread's messages lie among the others' as they would after years of use), the threads' first, last and last public
 * times from their messages, what people have read, and a file on one message in a hundred.
 * Messages: ~10% internal notes (staff; none on the long thread); the others alternate between the customer's side
 * and the staff's, one in five on the other side than the turn (so a side sometimes writes twice in a row); created_at
 * spread over the subject's life in order; bodies from the bank. The long thread gets a file on one message in ten.
 */
export const conversationSql = (bodies = 4096): { label: string; sql: string }[] => [
  {
    label: 'threads',
    sql: `
  insert into threads (id, shipment_id, request_id, company_id, handler_id, last_message_at, last_public_at, created_at)
  select thread_id, case when kind = 'shipment' then subject_id end, case when kind = 'request' then subject_id end, company_id, handler_id, start_at, null, start_at
  from bench_thread_plan`,
  },
  {
    label: 'messages',
    sql: `
  insert into messages (thread_id, company_id, author_id, author_name, author_is_staff, body, internal, created_at)
  select y.thread_id, y.company_id, case when y.staff then y.staff_id else y.customer_id end,
    case when y.staff then su.full_name else y.customer_name end, y.staff, b.body, y.internal, y.created_at
  from (
    select x.*, x.internal or (x.j + x.first_side + case when x.r2 < 0.2 then 1 else 0 end) % 2 = 0 as staff,
      x.start_at + (x.end_at - x.start_at) * ((x.j - 1) + 0.8 * x.r3) / x.n as created_at
    from (
      select p.thread_id, p.company_id, p.staff_id, p.customer_id, p.customer_name, p.first_side, p.start_at, p.end_at, p.n, j,
        not p.special and random() < 0.10 as internal, random() as r2, random() as r3, floor(random() * ${bodies})::int as bi
      from bench_thread_plan p cross join generate_series(1, p.n) j) x) y
  join users su on su.id = y.staff_id
  join bench_message_bodies b on b.i = y.bi
  order by y.created_at`,
  },
  {
    label: 'thread times',
    sql: `
  update threads t set last_message_at = m.last, last_public_at = m.last_public, created_at = m.first
  from (select thread_id, min(created_at) as first, max(created_at) as last, max(created_at) filter (where not internal) as last_public
        from messages group by thread_id) m
  where m.thread_id = t.id`,
  },
  {
    // The handler has opened 70% of their threads (60% of those to the end); a colleague follows one thread in ten; the
    // customer user has opened 80% of their company's threads with a public message. The bench customer has read the
    // long thread up to its 150th message.
    label: 'thread reads',
    sql: `
  insert into thread_reads (user_id, thread_id, read_at)
  select user_id, thread_id, read_at from (
    select t.handler_id as user_id, t.id as thread_id,
      case when t.r < 0.6 then t.last_message_at else t.created_at + (t.last_message_at - t.created_at) * t.r2 end as read_at
    from (select th.*, random() as r0, random() as r, random() as r2 from threads th where th.handler_id is not null) t where t.r0 < 0.7
    union all
    select f.follower, f.id,
      case when f.r < 0.5 then f.last_message_at else f.created_at + (f.last_message_at - f.created_at) * f.r2 end
    from (
      select th.id, th.handler_id, th.created_at, th.last_message_at, random() as r, random() as r2,
        staff.ids[1 + floor(random() * array_length(staff.ids, 1))::int] as follower
      from threads th cross join (select array_agg(id order by id) ids from users where role <> 'customer') staff
      where random() < 0.1) f
    where f.follower is distinct from f.handler_id
    union all
    select p.customer_id, t.id,
      case when p.special then (select m.created_at from messages m where m.thread_id = t.id order by m.created_at, m.id offset 149 limit 1)
           when random() < 0.6 then t.last_public_at else t.created_at + (t.last_public_at - t.created_at) * random() end
    from bench_thread_plan p join threads t on t.id = p.thread_id
    where p.customer_id is not null and t.last_public_at is not null and (p.special or random() < 0.8)) r
  on conflict (user_id, thread_id) do nothing`,
  },
  {
    label: 'attachments',
    sql: `
  insert into files (name, original_name, size, content_type, uploaded_by, created_at)
  select 'bench-message-' || m.id, f.original_name, 20000 + abs(hashtext(m.id::text)::bigint) % 2000000, f.content_type, m.author_id, m.created_at
  from messages m
  cross join lateral (select (array['Commercial invoice.pdf','Packing list.pdf','Draft BL.pdf','Photo of the pallets.jpg','Certificate of origin.pdf','Delivery note.pdf'])[1 + abs(hashtext(m.id::text)::bigint) / 100 % 6] as original_name) f0
  cross join lateral (select f0.original_name, case when f0.original_name like '%.jpg' then 'image/jpeg' else 'application/pdf' end as content_type) f
  where abs(hashtext(m.id::text)::bigint) % 100 = 0
    or (abs(hashtext(m.id::text)::bigint) % 10 = 0 and m.thread_id in (select thread_id from bench_thread_plan where special))`,
  },
  {
    label: 'message attachments',
    sql: `
  insert into message_attachments (message_id, document_name, company_id, internal, original_name, size, content_type, created_at)
  select m.id, f.name, m.company_id, m.internal, f.original_name, f.size, f.content_type, m.created_at
  from files f join messages m on m.id = substr(f.name, 15)::uuid
  where f.name like 'bench-message-%'`,
  },
];

/** The conversation's tables and the work tables, emptied before a load (the message files are the bench's own). */
export const conversationResetSql = () => [
  'drop table if exists bench_message_bodies, bench_thread_plan',
  'truncate thread_reads, message_attachments, messages, threads, request_attachments',
  "delete from files where name like 'bench-message-%'",
];

/** After the load: the work tables go; the check that the long thread is there, once. */
export const conversationDoneSql = () => ['drop table if exists bench_message_bodies, bench_thread_plan'];

export const longThreadCountSql = () => `
  select count(*)::int as n from (select thread_id from messages group by thread_id having count(*) = ${LONG_THREAD}) x`;
