/**
 * The benchmark's billing data (issue 38, "Speed"): `invoices` documents (default 500,000) with their lines and the
 * payments received, generated inside the database (set-based SQL, the same on PostgreSQL and PGlite) from the data
 * set's delivered and completed shipments.
 *
 * - One invoice per billed shipment, in the shipment's currency, to its company: its service, customs and handling
 *   charges as three lines (a documentation fee converted from USD as a fourth on a quarter of the EUR invoices);
 *   exports zero-rated (G, with the exemption reason), imports at the standard 20%; issued 20-35 days after the
 *   shipment was created, due after the company's payment terms (0 to 90 days; 30 where the company has none).
 * - Issued invoices are numbered INV-YYYY-NNNNNN, gapless per year in order of issue; what would be issued in the last
 *   two days is still a draft (no number), a few percent of the set: the drafts S18 issues (`BENCH_DRAFT_NOTE`).
 * - 3% of the documents are credit notes (CN-YYYY-NNNNNN) on invoices older than 30 days: half credit the whole
 *   invoice, half its handling line.
 * - Payments by age: of the invoices more than 90 days past due 94% are paid and 3% partly, 80% and 8% at 31-90 days,
 *   55% and 15% at 1-30 days, 25% and 10% of those not yet due; so every ageing bucket holds open invoices. One
 *   company in twenty also has an unapplied payment on account.
 * - document_series holds each series' and year's last number.
 *
 * The frozen-invoice triggers are off while the rows are written (issued rows get their lines), on again after.
 */
import pg from 'pg';
import type { DatasetParams } from './dataset-sql';
import { IdPool } from './id-pool';

/** The note of the data set's drafts: S18 issues them, and `revertIssuedDraftsSql` makes them drafts again. */
export const BENCH_DRAFT_NOTE = 'Draft of the benchmark data set';

/** Share of the documents that are credit notes. */
const CREDIT_SHARE = 0.03;

/** The triggers off while the rows are written: the frozen-invoice checks and the receivable rollups (rebuilt after). */
export const BILLING_TRIGGERS: [string, string][] = [
  ['invoices', 'invoices_frozen'],
  ['invoice_lines', 'invoice_lines_frozen'],
  ['invoices', 'invoices_rollups'],
  ['payments', 'payments_rollups'],
];

/** The receivable rollups (migration 0040) from the rows, after a load with their triggers off. */
export const BILLING_ROLLUPS_SQL = 'select cargodesk_receivable_rollups_rebuild()';

/** Empties the billing tables (invoice_lines and payments first: they refer to invoices); charge lines become unbilled. */
export const billingResetSql = (): string[] => [
  'update charge_lines set invoice_id = null where invoice_id is not null',
  'delete from payments',
  'delete from invoice_lines',
  "delete from invoices where kind = 'credit_note'",
  'delete from invoices',
  "delete from document_series where series in ('INV', 'CN')",
  'drop table if exists bench_invoice_plan, bench_credit_plan',
  // The seller's settings (the data set's truncate of users empties billing_settings with them): issuing copies them.
  `insert into billing_settings (id, legal_name, address, country, vat_number, tax_office, iban, bic, bank_name)
   select 1, s->>'legal_name', s->>'address', s->>'country', s->>'vat_number', s->>'tax_office', s->>'iban', s->>'bic', s->>'bank_name'
   from (select ${SELLER} as s) x
   on conflict (id) do nothing`,
];

const SELLER = `jsonb_build_object('legal_name', 'Bench Forwarding Lojistik A.Ş.', 'address', 'Liman Cad. No: 1, 35220 Konak, İzmir',
  'country', 'TR', 'vat_number', 'TR1234567890', 'tax_office', 'Kordonboyu', 'iban', 'TR330006100519786457841326',
  'bic', 'TCZBTR2AXXX', 'bank_name', 'Ziraat Bankası')`;

/** Hash of a uuid and a salt to [0, 1): a stable draw per row, the same on both engines. */
const draw = (id: string, salt: string) => `((abs(hashtext(${id}::text || '${salt}')) % 10000) / 10000.0)`;

/** One step of the build: its statements, run one at a time (PGlite's extended protocol takes one per call). */
export type BillingStep = { label: string; sql: string[] };

/** A step's text split into its statements (none of them holds a semicolon inside a literal). */
const statements = (text: string): string[] => text.split(/;\s*\n/).map((t) => t.trim()).filter(Boolean);

/** The steps, in order: companies' terms, the plan, invoices, lines, credit notes, payments, series, billed charge lines. */
export function billingSql(p: DatasetParams): BillingStep[] {
  const total = p.invoices ?? 0;
  const credits = Math.round(total * CREDIT_SHARE);
  const invoices = total - credits;
  return steps(invoices, credits).map((st) => ({ label: st.label, sql: statements(st.sql) }));
}

function steps(invoices: number, credits: number): { label: string; sql: string }[] {
  return [
    {
      label: 'company terms, VAT numbers',
      sql: `update companies set payment_terms_days = (array[0, 15, 30, 30, 30, 45, 60, 90])[1 + abs(hashtext(id::text || 't')) % 8],
        country = 'TR', vat_number = 'TR' || lpad((abs(hashtext(id::text || 'v')) % 10000000000)::text, 10, '0')`,
    },
    {
      // The shipments billed: delivered or completed ones, picked evenly (md5 order), issued 20-35 days after creation.
      label: 'invoice plan',
      sql: `create table bench_invoice_plan as
        select gen_random_uuid() as invoice_id, s.id as shipment_id, s.company_id, s.currency, s.loading_type,
          coalesce(m.service, 0)::numeric(20,2) as service, coalesce(m.customs, 0)::numeric(20,2) as customs,
          coalesce(m.handling, 0)::numeric(20,2) as handling,
          (s.currency = 'EUR' and abs(hashtext(s.id::text || 'd')) % 4 = 0) as converted,
          (s.created_at + interval '20 days' + (abs(hashtext(s.id::text || 'i')) % 16) * interval '1 day')::date as issue_day,
          coalesce(c.payment_terms_days, 30) as terms, c.name as company_name, c.address as company_address, c.vat_number
        from shipments s join companies c on c.id = s.company_id
        -- The money of the form's three charges, from their field lines (migration 0034).
        cross join lateral (select sum(l.amount) filter (where l.field = 'service_charge') as service,
            sum(l.amount) filter (where l.field = 'customs_charge') as customs, sum(l.amount) filter (where l.field = 'handling_charge') as handling
          from charge_lines l where l.shipment_id = s.id and l.field in ('service_charge', 'customs_charge', 'handling_charge')) m
        where s.status in ('delivered', 'completed') and s.reference_number not like 'BNCH-%'
        order by md5(s.id::text) limit ${invoices}`,
    },
    {
      label: 'invoice plan amounts',
      sql: `alter table bench_invoice_plan add column export boolean, add column doc numeric(20,2), add column net numeric(20,2),
          add column rate numeric(5,2), add column tax numeric(20,2), add column draft boolean, add column number text, add column due_day date;
        update bench_invoice_plan set export = loading_type = 'export', doc = case when converted then round(50.00 * 0.921234, 2) else 0 end,
          draft = issue_day > current_date - 2;
        update bench_invoice_plan set net = service + customs + handling + doc, rate = case when export then 0 else 20 end,
          due_day = case when draft then null else issue_day + terms end;
        update bench_invoice_plan set tax = round(net * rate / 100, 2);
        update bench_invoice_plan pl set number = n.number from (
          select invoice_id, 'INV-' || extract(year from issue_day)::int || '-' ||
            lpad(row_number() over (partition by extract(year from issue_day) order by issue_day, invoice_id)::text, 6, '0') as number
          from bench_invoice_plan where not draft) n
        where n.invoice_id = pl.invoice_id`,
    },
    {
      label: 'invoices',
      sql: `insert into invoices (id, kind, status, company_id, number, currency, rate_date, issue_date, due_date, buyer_reference, note,
          lines_total, tax_exclusive, tax_total, tax_inclusive, payable, tax_subtotals, seller, buyer, created_at, updated_at, issued_at)
        select invoice_id, 'invoice', case when draft then 'draft' else 'issued' end, company_id, number, currency,
          case when converted then issue_day end, case when draft then null else issue_day end, due_day,
          'PO-' || lpad((abs(hashtext(shipment_id::text || 'po')) % 100000)::text, 5, '0'), case when draft then '${BENCH_DRAFT_NOTE}' end,
          net, net, tax, net + tax, net + tax,
          jsonb_build_array(jsonb_build_object('category', case when export then 'G' else 'S' end, 'rate', rate::text, 'taxable', net::text,
            'tax', tax::text, 'exemption_reason', case when export then 'Export of transport services (VAT Law 3065, art. 14)' end)),
          case when draft then null else ${SELLER} end,
          case when draft then null else jsonb_build_object('name', company_name, 'address', coalesce(company_address, ''), 'country', 'TR', 'vat_number', coalesce(vat_number, '')) end,
          least(now() - interval '1 hour', issue_day - interval '1 day' + interval '15 hours'),
          least(now() - interval '1 hour', issue_day - interval '1 day' + interval '15 hours'),
          case when draft then null else issue_day + interval '10 hours' end
        from bench_invoice_plan`,
    },
    {
      label: 'invoice lines',
      sql: `insert into invoice_lines (invoice_id, position, description, quantity, unit, unit_price, net, vat_category, vat_rate, exemption_reason,
          shipment_id, source_amount, source_currency, exchange_rate, exchange_rate_date)
        select pl.invoice_id, l.position, l.description, 1, 'shipment', l.amount, l.amount, case when pl.export then 'G' else 'S' end, pl.rate,
          case when pl.export then 'Export of transport services (VAT Law 3065, art. 14)' end, pl.shipment_id,
          case when l.position = 4 then 50.00 end, case when l.position = 4 then 'USD' end,
          case when l.position = 4 then 0.921234 end, case when l.position = 4 then pl.issue_day end
        from bench_invoice_plan pl
        cross join lateral (values (1, 'Freight and forwarding service', pl.service), (2, 'Customs clearance', pl.customs),
          (3, 'Terminal handling', pl.handling), (4, 'Documentation fee', pl.doc)) l(position, description, amount)
        where l.position < 4 or pl.converted`,
    },
    {
      // Credit notes on issued invoices older than 30 days: every other one in full, the others their handling line.
      label: 'credit notes',
      sql: `create table bench_credit_plan as
          select gen_random_uuid() as credit_id, pl.invoice_id, pl.company_id, pl.currency, pl.export, pl.rate,
            row_number() over (order by md5(pl.invoice_id::text)) % 2 = 0 as full_credit,
            least(current_date, pl.issue_day + 5 + abs(hashtext(pl.invoice_id::text || 'c')) % 21) as issue_day,
            pl.net, pl.handling, pl.company_name, pl.company_address, pl.vat_number
          from bench_invoice_plan pl where not pl.draft and pl.issue_day < current_date - 30
          order by md5(pl.invoice_id::text || 'credit') limit ${credits};
        alter table bench_credit_plan add column cnet numeric(20,2), add column ctax numeric(20,2), add column number text;
        update bench_credit_plan set cnet = case when full_credit then net else handling end;
        update bench_credit_plan set ctax = round(cnet * rate / 100, 2);
        update bench_credit_plan cp set number = n.number from (
          select credit_id, 'CN-' || extract(year from issue_day)::int || '-' ||
            lpad(row_number() over (partition by extract(year from issue_day) order by issue_day, credit_id)::text, 6, '0') as number
          from bench_credit_plan) n
        where n.credit_id = cp.credit_id;
        insert into invoices (id, kind, status, company_id, number, currency, issue_date, due_date, credited_invoice_id, note,
            lines_total, tax_exclusive, tax_total, tax_inclusive, payable, tax_subtotals, seller, buyer, created_at, updated_at, issued_at)
          select credit_id, 'credit_note', 'issued', company_id, number, currency, issue_day, issue_day, invoice_id,
            case when full_credit then 'Shipment cancelled: invoice credited in full' else 'Terminal handling charged twice' end,
            cnet, cnet, ctax, cnet + ctax, cnet + ctax,
            jsonb_build_array(jsonb_build_object('category', case when export then 'G' else 'S' end, 'rate', rate::text, 'taxable', cnet::text,
              'tax', ctax::text, 'exemption_reason', case when export then 'Export of transport services (VAT Law 3065, art. 14)' end)),
            ${SELLER}, jsonb_build_object('name', company_name, 'address', coalesce(company_address, ''), 'country', 'TR', 'vat_number', coalesce(vat_number, '')),
            issue_day + interval '9 hours', issue_day + interval '9 hours', issue_day + interval '9 hours'
          from bench_credit_plan;
        insert into invoice_lines (invoice_id, position, description, quantity, unit, unit_price, net, vat_category, vat_rate, exemption_reason,
            shipment_id, source_amount, source_currency, exchange_rate, exchange_rate_date)
          select cp.credit_id, row_number() over (partition by cp.credit_id order by il.position), il.description, il.quantity, il.unit, il.unit_price,
            il.net, il.vat_category, il.vat_rate, il.exemption_reason, il.shipment_id, il.source_amount, il.source_currency, il.exchange_rate, il.exchange_rate_date
          from bench_credit_plan cp join invoice_lines il on il.invoice_id = cp.invoice_id
          where cp.full_credit or il.position = 3`,
    },
    {
      // What is still owed after the credit (a full credit leaves nothing to pay), then the draw by age past due.
      label: 'payments',
      sql: `insert into payments (company_id, invoice_id, received_on, amount, currency, method, reference, created_at)
        select pl.company_id, pl.invoice_id, x.received_on, x.amount, pl.currency,
          (array['bank_transfer','bank_transfer','bank_transfer','bank_transfer','bank_transfer','bank_transfer','bank_transfer','bank_transfer','card','cheque'])[1 + abs(hashtext(pl.invoice_id::text || 'm')) % 10],
          'EFT ' || lpad((abs(hashtext(pl.invoice_id::text || 'r')) % 100000000)::text, 8, '0'), x.received_on + interval '11 hours'
        from bench_invoice_plan pl
        left join bench_credit_plan cp on cp.invoice_id = pl.invoice_id
        cross join lateral (select current_date - pl.due_day as late, ${draw('pl.invoice_id', 'u')} as u,
          pl.net + pl.tax - coalesce(cp.cnet + cp.ctax, 0) as owed) a
        cross join lateral (select
          case when a.late > 90 then case when a.u < 0.94 then 'paid' when a.u < 0.97 then 'part' end
               when a.late > 30 then case when a.u < 0.80 then 'paid' when a.u < 0.88 then 'part' end
               when a.late > 0 then case when a.u < 0.55 then 'paid' when a.u < 0.70 then 'part' end
               else case when a.u < 0.25 then 'paid' when a.u < 0.35 then 'part' end end as outcome) o
        cross join lateral (select
          case when o.outcome = 'paid' then a.owed else round(a.owed * (0.3 + 0.4 * ${draw('pl.invoice_id', 'a')}), 2) end as amount,
          least(current_date, greatest(pl.issue_day, pl.due_day - 10 + (abs(hashtext(pl.invoice_id::text || 'd')) % 25))) as received_on) x
        where not pl.draft and o.outcome is not null and a.owed > 0`,
    },
    {
      label: 'payments on account',
      sql: `insert into payments (company_id, invoice_id, received_on, amount, currency, method, reference, note, created_at)
        select c.id, null, current_date - (abs(hashtext(c.id::text || 'oa')) % 200), 100 + abs(hashtext(c.id::text || 'ob')) % 900, 'USD',
          'bank_transfer', 'EFT on account', 'Advance payment, not yet applied', now() - (abs(hashtext(c.id::text || 'oa')) % 200) * interval '1 day'
        from companies c where abs(hashtext(c.id::text || 'oc')) % 20 = 0`,
    },
    {
      label: 'document series',
      sql: `insert into document_series (series, year, last)
        select split_part(number, '-', 1), split_part(number, '-', 2)::int, max(split_part(number, '-', 3)::int)
        from invoices where number is not null group by 1, 2`,
    },
    {
      // When the shipments' money is kept as charge lines, the billed ones point at their invoice.
      label: 'billed charge lines',
      sql: `update charge_lines cl set invoice_id = pl.invoice_id from bench_invoice_plan pl
        where cl.shipment_id = pl.shipment_id and cl.side = 'sell' and cl.invoice_id is null`,
    },
    { label: 'drop plans', sql: 'drop table bench_invoice_plan, bench_credit_plan' },
  ];
}

/**
 * S18 issues the data set's drafts; before each measurement (and when a run ends) they become drafts again, and each
 * series' last number goes back to the highest number still issued. One transaction, its triggers skipped.
 */
export const revertIssuedDraftsSql = (): string[] => [
  'set local session_replication_role = replica',
  `update invoices set status = 'draft', number = null, issue_date = null, due_date = null, issued_at = null, issued_by = null,
    seller = null, buyer = null where note = '${BENCH_DRAFT_NOTE}' and status = 'issued'`,
  `update document_series d set last = coalesce((select split_part(i.number, '-', 3)::int from invoices i
     where i.number like d.series || '-' || d.year || '-%' order by i.number desc limit 1), 0)`,
  BILLING_ROLLUPS_SQL,
];

/** The drafts S18 may issue, oldest first. */
export const benchDraftsSql = (limit: number) =>
  `select id from invoices where status = 'draft' and note = '${BENCH_DRAFT_NOTE}' order by created_at, id limit ${limit}`;

/** What a finished build holds: documents by kind and status, lines, payments, series. */
export const billingCountsSql = () => `select
  (select count(*) from invoices)::int as documents,
  (select count(*) from invoices where kind = 'invoice' and status = 'issued')::int as issued,
  (select count(*) from invoices where status = 'draft')::int as drafts,
  (select count(*) from invoices where kind = 'credit_note')::int as credit_notes,
  (select count(*) from invoice_lines)::int as lines,
  (select count(*) from payments)::int as payments,
  (select count(*) from document_series)::int as series`;

/** Makes the drafts S18 issued drafts again and answers them as a fresh pool (PostgreSQL). */
export async function refillDrafts(url: string): Promise<IdPool> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    for (const text of revertIssuedDraftsSql()) await client.query(text);
    await client.query('commit');
    const r = await client.query<{ id: string }>(benchDraftsSql(200_000));
    return new IdPool(r.rows.map((row) => row.id));
  } finally {
    await client.end();
  }
}
