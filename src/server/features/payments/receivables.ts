/**
 * What customers owe (issue 38): the ageing report, a company's statement and the overdue invoices. One query answers
 * the open amounts on a day (openInvoices: the open_invoices rollup of migration 0040, corrected for what was paid or
 * credited after the day), then buckets them by days past due (the buckets of src/domain/money/ageing.ts). The
 * statement's ageing is the report's query for one company, so the two always agree.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Ageing, Statement } from '@domain/billing/payments-schema';
import type { OverdueInvoice } from '@domain/billing/payments-schema';
import { addBuckets, bucketsTotal, emptyBuckets, inMinorUnits, ledger, type Buckets, type LedgerEntry } from '@domain/billing/receivables';
import { AGEING_BUCKETS } from '@domain/money/ageing';
import { moneyString } from '@domain/money/currencies';
import { isCustomer } from '@domain/access/permissions';
import { isRecordId } from '@domain/common/ids';
import type { Page } from '@domain/common/list-schema';
import type { Db } from '@server/db/client';
import { withCustomerScope } from '@server/db/customer-scope';
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

type AgeingRow = { company_id: string; company_name: string; currency: string } & Record<(typeof AGEING_BUCKETS)[number], string>;

/** Open amounts per company and currency by bucket on a day (companies with nothing open are left out). */
async function ageingRows(db: Db, f: OpenFilter): Promise<{ company_id: string; company_name: string; currency: string; buckets: Buckets; total: string }[]> {
  const sums = sql.join(AGEING_BUCKETS.map((b) => sql`coalesce(sum(o.open) FILTER (WHERE ${BUCKET_SQL[b]}), 0)::text AS ${sql.identifier(b)}`), sql`, `);
  const r = await db.execute<AgeingRow>(sql`
    SELECT o.company_id, c.name AS company_name, o.currency, ${sums}
    FROM (${openInvoices(f)}) o JOIN companies c ON c.id = o.company_id
    WHERE o.open > 0
    GROUP BY o.company_id, c.name, o.currency
    ORDER BY c.name, o.company_id, o.currency`);
  return r.rows.map((row) => {
    const buckets = inMinorUnits(row.currency, Object.fromEntries(AGEING_BUCKETS.map((b) => [b, row[b]])) as Buckets);
    return { company_id: row.company_id, company_name: row.company_name, currency: row.currency, buckets, total: bucketsTotal(row.currency, buckets) };
  });
}

/** The ageing report of all companies (or one), per currency, with totals per currency. */
export async function ageingReport(db: Db, q: { as_of?: string | undefined; company_id?: string | undefined; currency?: string | undefined }): Promise<Ageing> {
  const asOf = q.as_of ?? today();
  const rows = await ageingRows(db, { asOf, companyId: q.company_id, currency: q.currency });
  const totals = new Map<string, Buckets>();
  for (const r of rows) totals.set(r.currency, addBuckets(r.currency, totals.get(r.currency) ?? emptyBuckets(), r.buckets));
  return {
    as_of: asOf,
    rows,
    totals: [...totals].sort(([a], [b]) => a.localeCompare(b)).map(([currency, buckets]) => ({ currency, buckets, total: bucketsTotal(currency, buckets) })),
  };
}

type EntryRow = Omit<LedgerEntry, 'amount'> & { amount: string; currency: string };

/**
 * A company's statement per currency: the balance before `from` (0 without one), every issued invoice (debit), issued
 * credit note and payment (credit) from `from` to `to` with the running balance, the closing balance, and the open
 * invoice amounts by bucket as of `to`. A customer reads only their own company (another company is 404).
 */
export async function companyStatement(db: Db, user: SessionUser, companyId: string, q: { from?: string | undefined; to?: string | undefined; currency?: string | undefined }): Promise<Statement> {
  if (!isRecordId(companyId) || (isCustomer(user.role) && user.company_id !== companyId)) throw notFound('Company not found');
  const to = q.to ?? today();
  const from = q.from ?? null;
  return withCustomerScope(db, user, async (scoped) => {
    const company = await scoped.execute<{ name: string }>(sql`SELECT name FROM companies WHERE id = ${companyId}`);
    if (!company.rows[0]) throw notFound('Company not found');
    const currency = (alias: string) => (q.currency ? sql` AND ${sql.raw(alias)}.currency = ${q.currency}` : sql``);
    // Every movement of the company up to `to`: issued invoices and credit notes by issue day, payments by day received.
    const movements = sql`
      SELECT i.issue_date AS day, i.kind, i.id, i.number, i.buyer_reference AS reference, CASE WHEN i.kind = 'invoice' THEN i.due_date END AS due_date,
        i.payable AS amount, i.currency, i.issued_at AS at
      FROM invoices i WHERE i.company_id = ${companyId} AND i.status = 'issued' AND i.issue_date <= ${to}::date${currency('i')}
      UNION ALL
      SELECT p.received_on, 'payment', p.id, NULL, p.reference, NULL, p.amount, p.currency, p.created_at
      FROM payments p WHERE p.company_id = ${companyId} AND p.received_on <= ${to}::date${currency('p')}`;
    const opening = await scoped.execute<{ currency: string; opening: string }>(sql`
      SELECT m.currency, coalesce(sum(CASE WHEN m.kind = 'invoice' THEN m.amount ELSE -m.amount END) FILTER (WHERE ${from}::date IS NOT NULL AND m.day < ${from}::date), 0)::text AS opening
      FROM (${movements}) m GROUP BY m.currency ORDER BY m.currency`);
    const entries = await scoped.execute<EntryRow>(sql`
      SELECT m.day::text AS date, m.kind, m.id, m.number, m.reference, m.due_date::text AS due_date, m.amount::text AS amount, m.currency
      FROM (${movements}) m WHERE ${from}::date IS NULL OR m.day >= ${from}::date
      ORDER BY m.currency, m.day, CASE m.kind WHEN 'invoice' THEN 0 WHEN 'credit_note' THEN 1 ELSE 2 END, m.at, m.id`);
    const ageing = await ageingRows(scoped, { asOf: to, companyId, currency: q.currency });
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
