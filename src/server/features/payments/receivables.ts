/**
 * What customers owe (issue 38): the ageing report, a company's statement and the overdue invoices. One query answers
 * the open amounts on a day (openInvoices: the open_invoices rollup of migration 0040, corrected for what was paid or
 * credited after the day), then buckets them by days past due (the buckets of src/domain/money/ageing.ts). The
 * statement's ageing is the report's query for one company, so the two always agree.
 */
import { msg } from '@domain/common/i18n';
import { sql, type SQL } from 'drizzle-orm';
import type { Ageing, Statement } from '@domain/billing/payments-schema';
import type { OverdueInvoice } from '@domain/billing/payments-schema';
import { emptyBuckets, inMinorUnits, ledger, type Buckets, type LedgerEntry } from '@domain/billing/receivables';
import { AGEING_BUCKETS } from '@domain/money/ageing';
import { moneyString } from '@domain/money/currencies';
import { isCustomer } from '@domain/access/permissions';
import { isRecordId } from '@domain/common/ids';
import type { Page } from '@domain/common/list-schema';
import type { Db } from '@server/db/client';
import { readTogether, withCustomerScope } from '@server/db/customer-scope';
import type { SessionUser } from '@server/http/context';
import { notFound } from '@server/http/errors';
import { offsetOf, toPage } from '@server/http/list';

export const today = (now: Date = new Date()) => now.toISOString().slice(0, 10);

type OpenFilter = { asOf: string; companyId?: string | undefined; currency?: string | undefined; overdueOnly?: boolean };

/**
 * Each issued invoice's open amount on `asOf` (payable - payments received by then - credit notes issued by then,
 * never below 0) with its days past due. Payments and credit notes after the day do not count.
 *
 * Read from the open_invoices rollup (migration 0040: what is open today, kept by triggers), except for the invoices
 * paid or credited after `asOf` (none for today, unless a payment is dated ahead): those are computed from their
 * payments and credit notes up to the day. An invoice open on `asOf` is either open today with nothing after the day,
 * or has something after the day, so the two parts together are every invoice open on `asOf`.
 */
function openInvoices(f: OpenFilter): SQL {
  const company = (col: string) => (f.companyId ? sql` AND ${sql.raw(col)} = ${f.companyId}` : sql``);
  const currency = (col: string) => (f.currency ? sql` AND ${sql.raw(col)} = ${f.currency}` : sql``);
  const overdue = (col: string) => (f.overdueOnly ? sql` AND ${sql.raw(col)} < ${f.asOf}::date` : sql``);
  return sql`
    WITH later AS (
      SELECT p.invoice_id AS id FROM payments p
      WHERE p.invoice_id IS NOT NULL AND p.received_on > ${f.asOf}::date${company('p.company_id')}
      UNION
      SELECT cn.credited_invoice_id FROM invoices cn
      WHERE cn.status = 'issued' AND cn.kind = 'credit_note' AND cn.issue_date > ${f.asOf}::date AND cn.credited_invoice_id IS NOT NULL${company('cn.company_id')}
    )
    SELECT o.invoice_id AS id, o.company_id, o.currency, o.number, o.issue_date, o.due_date, o.payable,
      (${f.asOf}::date - o.due_date) AS days, o.open
    FROM open_invoices o
    WHERE o.issue_date <= ${f.asOf}::date${company('o.company_id')}${currency('o.currency')}${overdue('o.due_date')}
      AND NOT EXISTS (SELECT 1 FROM later l WHERE l.id = o.invoice_id)
    UNION ALL
    SELECT i.id, i.company_id, i.currency, i.number, i.issue_date, i.due_date, i.payable,
      (${f.asOf}::date - i.due_date) AS days,
      greatest(i.payable
        - coalesce((SELECT sum(p.amount) FROM payments p WHERE p.invoice_id = i.id AND p.received_on <= ${f.asOf}::date), 0)
        - coalesce((SELECT sum(cn.payable) FROM invoices cn WHERE cn.credited_invoice_id = i.id AND cn.status = 'issued' AND cn.kind = 'credit_note'
            AND cn.issue_date <= ${f.asOf}::date), 0), 0) AS open
    FROM invoices i
    WHERE i.id IN (SELECT l.id FROM later l) AND i.status = 'issued' AND i.kind = 'invoice' AND i.issue_date <= ${f.asOf}::date
      ${company('i.company_id')}${currency('i.currency')}${overdue('i.due_date')}`;
}

/** The buckets' SQL: the same edges as ageingBucket (0 or less current, 1-30, 31-60, 61-90, 91+). */
const BUCKET_SQL: Record<(typeof AGEING_BUCKETS)[number], SQL> = {
  current: sql`days <= 0`,
  '1-30': sql`days BETWEEN 1 AND 30`,
  '31-60': sql`days BETWEEN 31 AND 60`,
  '61-90': sql`days BETWEEN 61 AND 90`,
  '91+': sql`days > 90`,
};

type BucketSums = Record<(typeof AGEING_BUCKETS)[number], string> & { total: string };
type AgeingRow = { company_id: string; company_name: string; currency: string } & BucketSums;
type ReportRow = { company_id: string; company_name: string; currency: string; buckets: Buckets; total: string };

/** The five bucket sums and their total of `open` by `days`, as text (the buckets of ageingBucket). */
const bucketSums = (open: SQL = sql`o.open`) =>
  sql.join([...AGEING_BUCKETS.map((b) => sql`coalesce(sum(${open}) FILTER (WHERE ${BUCKET_SQL[b]}), 0)::text AS ${sql.identifier(b)}`), sql`coalesce(sum(${open}), 0)::text AS total`], sql`, `);

const toReportRow = (row: AgeingRow): ReportRow => ({
  company_id: row.company_id, company_name: row.company_name, currency: row.currency,
  buckets: inMinorUnits(row.currency, Object.fromEntries(AGEING_BUCKETS.map((b) => [b, row[b]])) as Buckets), total: moneyString(row.total, row.currency),
});
const toTotals = (rows: readonly (BucketSums & { currency: string })[]) =>
  rows.map((r) => ({ currency: r.currency, buckets: inMinorUnits(r.currency, Object.fromEntries(AGEING_BUCKETS.map((b) => [b, r[b]])) as Buckets), total: moneyString(r.total, r.currency) }));

/** Open amounts per company and currency by bucket on a day (companies with nothing open are left out). */
async function ageingRows(db: Db, f: OpenFilter): Promise<ReportRow[]> {
  const r = await db.execute<AgeingRow>(sql`
    SELECT o.company_id, c.name AS company_name, o.currency, ${bucketSums()}
    FROM (${openInvoices(f)}) o JOIN companies c ON c.id = o.company_id
    WHERE o.open > 0
    GROUP BY o.company_id, c.name, o.currency
    ORDER BY c.name, o.company_id, o.currency`);
  return r.rows.map(toReportRow);
}

type AgeingQuery = { as_of?: string | undefined; company_id?: string | undefined; currency?: string | undefined; page: number; pageSize: number };
type Paged = { companies: number; rows: ReportRow[]; totals: ReturnType<typeof toTotals> };

/**
 * Today's report from the rollups of migrations 0040 and 0042, when they hold exactly what is open on the day: no
 * payment or credit note dated after it and no invoice issued after it (else null: the exact path answers). The
 * totals sum open_invoice_days (a few thousand rows), the page of companies comes from open_invoice_companies by
 * name, and only the page's invoices are grouped.
 */
export async function ageingFromRollups(db: Db, asOf: string, q: AgeingQuery): Promise<Paged | null> {
  const ahead = await db.execute<{ ahead: boolean }>(sql`SELECT
    EXISTS (SELECT 1 FROM payments p WHERE p.invoice_id IS NOT NULL AND p.received_on > ${asOf}::date)
    OR EXISTS (SELECT 1 FROM invoices cn WHERE cn.status = 'issued' AND cn.kind = 'credit_note' AND cn.issue_date > ${asOf}::date)
    OR EXISTS (SELECT 1 FROM open_invoices o WHERE o.issue_date > ${asOf}::date) AS ahead`);
  if (ahead.rows[0]!.ahead) return null;
  const currency = (col: string) => (q.currency ? sql` AND ${sql.raw(col)} = ${q.currency}` : sql``);
  const open = q.currency
    ? sql`EXISTS (SELECT 1 FROM open_invoices o WHERE o.company_id = c.id AND o.currency = ${q.currency})`
    : sql`EXISTS (SELECT 1 FROM open_invoice_companies oc WHERE oc.company_id = c.id)`;
  const [totals, count, page] = await Promise.all([
    db.execute<BucketSums & { currency: string }>(sql`
      SELECT o.currency, ${bucketSums()} FROM (SELECT d.currency, (${asOf}::date - d.due_date) AS days, d.open FROM open_invoice_days d WHERE true${currency('d.currency')}) o
      GROUP BY o.currency ORDER BY o.currency`),
    db.execute<{ n: number }>(
      q.currency
        ? sql`SELECT count(DISTINCT o.company_id)::int AS n FROM open_invoices o WHERE o.currency = ${q.currency}`
        : sql`SELECT count(*)::int AS n FROM open_invoice_companies`,
    ),
    db.execute<AgeingRow>(sql`
      WITH page AS (SELECT c.id, c.name FROM companies c WHERE ${open} ORDER BY c.name, c.id LIMIT ${q.pageSize} OFFSET ${offsetOf(q.page, q.pageSize)})
      SELECT o.company_id, page.name AS company_name, o.currency, ${bucketSums()}
      FROM page JOIN (SELECT o.company_id, o.currency, (${asOf}::date - o.due_date) AS days, o.open FROM open_invoices o WHERE o.company_id IN (SELECT id FROM page)${currency('o.currency')}) o
        ON o.company_id = page.id
      GROUP BY o.company_id, page.name, o.currency
      ORDER BY page.name, o.company_id, o.currency`),
  ]);
  return { companies: Number(count.rows[0]!.n), rows: page.rows.map(toReportRow), totals: toTotals(totals.rows) };
}

/** Any day, from the invoices, payments and credit notes (openInvoices), a page of companies and totals over all. */
export async function ageingExact(db: Db, asOf: string, q: AgeingQuery): Promise<Paged> {
  const f: OpenFilter = { asOf, companyId: q.company_id, currency: q.currency };
  const from = offsetOf(q.page, q.pageSize);
  const [rows, totals] = await Promise.all([
    db.execute<AgeingRow & { k: number; companies: number }>(sql`
      WITH g AS (
        SELECT o.company_id, o.currency, ${bucketSums()} FROM (${openInvoices(f)}) o WHERE o.open > 0 GROUP BY o.company_id, o.currency
      ), r AS (
        SELECT g.*, c.name AS company_name, dense_rank() OVER (ORDER BY c.name, g.company_id) AS k FROM g JOIN companies c ON c.id = g.company_id
      )
      SELECT r.*, (SELECT count(DISTINCT company_id) FROM g)::int AS companies FROM r WHERE r.k > ${from} AND r.k <= ${from + q.pageSize}
      ORDER BY r.k, r.currency`),
    db.execute<BucketSums & { currency: string }>(sql`
      SELECT o.currency, ${bucketSums()} FROM (${openInvoices(f)}) o WHERE o.open > 0 GROUP BY o.currency ORDER BY o.currency`),
  ]);
  const companies = rows.rows[0]?.companies ?? (await db.execute<{ n: number }>(sql`SELECT count(DISTINCT o.company_id)::int AS n FROM (${openInvoices(f)}) o WHERE o.open > 0`)).rows[0]!.n;
  return { companies: Number(companies), rows: rows.rows.map(toReportRow), totals: toTotals(totals.rows) };
}

/**
 * The ageing report of all companies (or one), a page of companies with a row per currency, totals per currency over
 * all of them. Today's report of all companies reads the rollups; a day in the past (or one company) the exact path.
 */
export async function ageingReport(db: Db, q: AgeingQuery): Promise<Ageing> {
  const asOf = q.as_of ?? today();
  const fast = !q.company_id && asOf === today() ? await ageingFromRollups(db, asOf, q) : null;
  const r = fast ?? (await ageingExact(db, asOf, q));
  return { as_of: asOf, companies: r.companies, page: q.page, pageSize: q.pageSize, rows: r.rows, totals: r.totals };
}

type EntryRow = Omit<LedgerEntry, 'amount'> & { amount: string; currency: string };

/**
 * A company's statement per currency: the balance before `from` (0 without one), every issued invoice (debit), issued
 * credit note and payment (credit) from `from` to `to` with the running balance, the closing balance, and the open
 * invoice amounts by bucket as of `to`. A customer reads only their own company (another company is 404).
 */
export async function companyStatement(db: Db, user: SessionUser, companyId: string, q: { from?: string | undefined; to?: string | undefined; currency?: string | undefined }): Promise<Statement> {
  if (!isRecordId(companyId) || (isCustomer(user.role) && user.company_id !== companyId)) throw notFound(msg('Company not found'));
  const to = q.to ?? today();
  const from = q.from ?? null;
  return withCustomerScope(db, user, async (scoped) => {
    const currency = (alias: string) => (q.currency ? sql` AND ${sql.raw(alias)}.currency = ${q.currency}` : sql``);
    // Every movement of the company up to `to`: issued invoices and credit notes by issue day, payments by day received.
    const movements = sql`
      SELECT i.issue_date AS day, i.kind, i.id, i.number, i.buyer_reference AS reference, CASE WHEN i.kind = 'invoice' THEN i.due_date END AS due_date,
        i.payable AS amount, i.currency, i.issued_at AS at
      FROM invoices i WHERE i.company_id = ${companyId} AND i.status = 'issued' AND i.issue_date <= ${to}::date${currency('i')}
      UNION ALL
      SELECT p.received_on, 'payment', p.id, NULL, p.reference, NULL, p.amount, p.currency, p.created_at
      FROM payments p WHERE p.company_id = ${companyId} AND p.received_on <= ${to}::date${currency('p')}`;
    // Independent reads: in parallel for staff, one after another in a customer's scope (readTogether).
    const [company, opening, entries, ageing] = await readTogether(scoped, [
      () => scoped.execute<{ name: string }>(sql`SELECT name FROM companies WHERE id = ${companyId}`),
      () =>
        scoped.execute<{ currency: string; opening: string }>(sql`
          SELECT m.currency, coalesce(sum(CASE WHEN m.kind = 'invoice' THEN m.amount ELSE -m.amount END) FILTER (WHERE ${from}::date IS NOT NULL AND m.day < ${from}::date), 0)::text AS opening
          FROM (${movements}) m GROUP BY m.currency ORDER BY m.currency`),
      () =>
        scoped.execute<EntryRow>(sql`
          SELECT m.day::text AS date, m.kind, m.id, m.number, m.reference, m.due_date::text AS due_date, m.amount::text AS amount, m.currency
          FROM (${movements}) m WHERE ${from}::date IS NULL OR m.day >= ${from}::date
          ORDER BY m.currency, m.day, CASE m.kind WHEN 'invoice' THEN 0 WHEN 'credit_note' THEN 1 ELSE 2 END, m.at, m.id`),
      () => ageingRows(scoped, { asOf: to, companyId, currency: q.currency }),
    ] as const);
    if (!company.rows[0]) throw notFound(msg('Company not found'));
    return {
      company_id: companyId,
      company_name: company.rows[0].name,
      from,
      to,
      currencies: opening.rows.map((o) => {
        const own = entries.rows.filter((e) => e.currency === o.currency);
        const l = ledger(o.currency, o.opening, own);
        return { currency: o.currency, ...l, ageing: ageing.find((a) => a.currency === o.currency)?.buckets ?? inMinorUnits(o.currency, emptyBuckets()) };
      }),
    };
  });
}

type OverdueRow = Omit<OverdueInvoice, 'days_overdue' | 'last_reminder_day'> & { days: number; last_reminder_day: number | null };

/** Issued invoices past their due day with something open on `asOf`, the longest overdue first (the Exceptions page). */
export async function overdueInvoices(db: Db, q: { as_of?: string | undefined; page: number; pageSize: number }): Promise<Page<OverdueInvoice> & { as_of: string }> {
  const asOf = q.as_of ?? today();
  const open = openInvoices({ asOf, overdueOnly: true });
  const [rows, total] = await Promise.all([
    db.execute<OverdueRow>(sql`
      SELECT o.id, o.number, o.company_id, c.name AS company_name, o.currency, o.issue_date::text AS issue_date, o.due_date::text AS due_date,
        o.payable::text AS payable, o.open::text AS open, o.days,
        (SELECT max(r.overdue_day) FROM invoice_reminders r WHERE r.invoice_id = o.id) AS last_reminder_day
      FROM (${open}) o JOIN companies c ON c.id = o.company_id
      WHERE o.open > 0
      ORDER BY o.due_date, o.number
      LIMIT ${q.pageSize} OFFSET ${offsetOf(q.page, q.pageSize)}`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${open}) o WHERE o.open > 0`),
  ]);
  const out = rows.rows.map(({ days, ...r }) => ({
    ...r,
    payable: moneyString(r.payable, r.currency),
    open: moneyString(r.open, r.currency),
    days_overdue: Number(days),
    last_reminder_day: r.last_reminder_day === null ? null : Number(r.last_reminder_day),
  }));
  return { ...toPage(out, Number(total.rows[0]!.n), q.page, q.pageSize), as_of: asOf };
}

/** The count the Exceptions page shows beside its section: overdue invoices with something open today. */
export async function countOverdueInvoices(db: Db, asOf: string = today()): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${openInvoices({ asOf, overdueOnly: true })}) o WHERE o.open > 0`);
  return Number(r.rows[0]!.n);
}

export { openInvoices };
