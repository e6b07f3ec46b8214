/**
 * Issue 39's targets for e-invoices and books, run by `npm run bench` in a process of its own (a clean heap to measure):
 *   - the UBL of an issued 200-line invoice (`GET /api/invoices/{id}/ubl`: the invoice read, the XML written, the
 *     audit row) in p95 under 100 ms; beside it, the same invoice's two reads alone (getInvoice) and our serializer
 *     alone (invoiceUbl on the invoice in memory);
 *   - a month's DATEV export of 20,000 documents (`GET /api/accounting/exports?format=datev`: read by keyset pages,
 *     written into storage, kept and marked) in under 10 s with flat memory; beside it, the same pages read and
 *     thrown away (the SQL alone) and the same bookings written from rows in memory (our serializer alone).
 * Prints one JSON line at the end (run.ts reads it). On PostgreSQL by default (BENCH_BOOKS_DATABASE_URL, default the
 * local server's postgres database, where it makes and drops a database of its own); BENCH_BOOKS_ENGINE=pglite runs
 * it on the embedded database.
 */
import { sql } from 'drizzle-orm';
import { createTestApp, freshDatabase } from '@tests/helpers/test-app';
import { datevDocumentLines, datevPaymentLine, type BookDocument } from '@domain/billing/books';
import { invoiceUbl } from '@server/features/invoices/ubl';
import { getInvoice } from '@server/features/invoices/read';
import { documentPages, getAccountingSettings, paymentPages } from '@server/features/accounting/service';
import type { SessionUser } from '@server/http/context';
import { DEMO_COMPANY } from '@server/db/seed/demo-fixtures';
import { BILLING_ROLLUPS_SQL, BILLING_TRIGGERS } from './billing-dataset';
import { timed } from './stats';

const engine = process.env.BENCH_BOOKS_ENGINE === 'pglite' ? 'pglite' : 'postgres';
process.env.TEST_DB = engine;
process.env.TEST_DATABASE_URL ??= process.env.BENCH_BOOKS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RUNS = Number(process.env.BENCH_BOOKS_RUNS ?? 100);
const LINES = 200;
const DOCUMENTS = Number(process.env.BENCH_BOOKS_DOCUMENTS ?? 20_000);
const PAYMENTS = Math.round(DOCUMENTS / 4);
const MONTH = { from: '2026-10-01', to: '2026-10-31' };

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;

const seconds = (ms: number) => Number((ms / 1000).toFixed(2));

/** Seconds `work` takes, and its peak resident size over what the process held just before (after a collection). */
async function measured(work: () => Promise<unknown>): Promise<{ s: number; extraRssMb: number }> {
  gc();
  await new Promise((r) => setTimeout(r, 100));
  const base = process.memoryUsage.rss();
  let rss = base;
  const timer = setInterval(() => {
    rss = Math.max(rss, process.memoryUsage.rss());
  }, 5);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return { s: seconds(performance.now() - started), extraRssMb: mb(rss - base) };
}

/**
 * The most heap `work` keeps alive at once, over what the process kept before: the heap is measured after a full
 * collection every 50 ms while it runs, so garbage not yet collected does not count (memory that grows with the
 * documents would).
 */
async function retainedHeap(work: () => Promise<unknown>): Promise<number> {
  gc();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const timer = setInterval(() => {
    gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 50);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return mb(peak - base);
}

async function main() {
  const t = await createTestApp({ database: await freshDatabase({ max: 20 }) });
  try {
    const admin = await t.signIn('admin@cargodesk.test');
    const [company] = (await t.db.execute<{ id: string }>(sql`select id from companies where name = ${DEMO_COMPANY}`)).rows;
    const [staff] = (await t.db.execute<{ id: string; full_name: string }>(sql`select id, full_name from users where email = 'admin@cargodesk.test'`)).rows;
    // The administrator as the session middleware gives them to a service.
    const user = { ...staff!, email: 'admin@cargodesk.test', role: 'admin', company_id: null } as unknown as SessionUser;

    // ---- UBL of a 200-line invoice
    const lines = Array.from({ length: LINES }, (_, i) => ({
      description: `Line ${i + 1}: ${['Ocean freight', 'Terminal handling', 'Customs clearance', 'Delivery'][i % 4]}`,
      quantity: String((i % 7) + 1),
      unit_price: `${100 + (i % 50)}.${String(i % 100).padStart(2, '0')}`,
      ...(i % 3 === 0 ? { vat_category: 'Z', vat_rate: '0' } : { vat_category: 'S', vat_rate: '19' }),
    }));
    const draft = await t.request('/api/invoices', { cookie: admin, body: { company_id: company!.id, currency: 'EUR', lines } });
    if (draft.status !== 201) throw new Error(`draft: ${draft.status} ${await draft.text()}`);
    const { id } = (await draft.json()) as { id: string };
    const issued = await t.request(`/api/invoices/${id}/issue`, { cookie: admin, body: {} });
    if (issued.status !== 200) throw new Error(`issue: ${issued.status} ${await issued.text()}`);
    const ubl = async () => {
      const res = await t.request(`/api/invoices/${id}/ubl`, { cookie: admin });
      if (res.status !== 200) throw new Error(`ubl: ${res.status}`);
      await res.arrayBuffer();
    };
    const invoice = await getInvoice(t.db, user, id);
    for (let i = 0; i < 10; i++) {
      await ubl();
      invoiceUbl(invoice);
    }
    const ublRoute = await timed(RUNS, ubl);
    const ublRead = await timed(RUNS, () => getInvoice(t.db, user, id));
    const ublSerializer = await timed(RUNS, () => invoiceUbl(invoice));
    const ublBytes = invoiceUbl(invoice).length;

    // ---- A month of documents: copies of one issued invoice (3% as credit notes of it), a quarter as many payments
    const loading = performance.now();
    for (const [table, trigger] of BILLING_TRIGGERS) await t.db.execute(sql.raw(`alter table ${table} disable trigger ${trigger}`));
    await t.db.execute(sql`
      insert into invoices (kind, status, company_id, number, currency, rate_date, issue_date, due_date, credited_invoice_id, lines_total,
                            tax_exclusive, tax_total, tax_inclusive, payable, tax_subtotals, adjustments, seller, buyer, issued_at, created_by, issued_by)
      select case when g % 33 = 0 then 'credit_note' else 'invoice' end, 'issued', i.company_id,
             'BENCH-' || lpad(g::text, 6, '0'), i.currency, i.rate_date, ${MONTH.from}::date + (g % 31), ${MONTH.from}::date + (g % 31) + 30,
             case when g % 33 = 0 then i.id end, i.lines_total, i.tax_exclusive, i.tax_total, i.tax_inclusive, i.payable, i.tax_subtotals,
             i.adjustments, i.seller, i.buyer, now(), i.created_by, i.issued_by
        from invoices i, generate_series(1, ${DOCUMENTS}) g where i.id = ${id}`);
    await t.db.execute(sql`
      insert into payments (company_id, invoice_id, received_on, amount, currency, method, reference, created_by)
      select b.company_id, b.id, b.issue_date + 5, b.payable, b.currency, 'bank_transfer', 'Transfer ' || b.number, b.created_by
        from invoices b where b.number like 'BENCH-%' and b.kind = 'invoice' order by b.number limit ${PAYMENTS}`);
    for (const [table, trigger] of BILLING_TRIGGERS) await t.db.execute(sql.raw(`alter table ${table} enable trigger ${trigger}`));
    await t.db.execute(sql.raw(BILLING_ROLLUPS_SQL));
    const loadS = seconds(performance.now() - loading);

    const query = { format: 'datev' as const, ...MONTH, again: true };
    const settings = await getAccountingSettings(t.db);
    // The SQL alone: every page read and dropped.
    let docs = 0;
    const sqlAlone = await measured(async () => {
      for await (const page of documentPages(t.db, query)) docs += page.length;
      for await (const page of paymentPages(t.db, query)) docs += page.length * 0;
    });
    // Our serializer alone: the bookings of rows already in memory (one page's rows written over and over).
    const sample: BookDocument[] = [];
    for await (const page of documentPages(t.db, query)) {
      for (const d of page) sample.push({ ...d, buyer: { address: d.buyer?.address, country: d.buyer?.country }, adjustments: d.adjustments ?? [], lines: [], rate: null });
      break;
    }
    const firstPayments = await paymentPages(t.db, query).next();
    const payment = firstPayments.done ? undefined : firstPayments.value[0];
    if (!payment) throw new Error('no payment in the month');
    const serializerAlone = await measured(async () => {
      let bytes = 0;
      for (let i = 0; i < DOCUMENTS; i++) bytes += datevDocumentLines(sample[i % sample.length]!, settings).length;
      for (let i = 0; i < PAYMENTS; i++) bytes += datevPaymentLine({ ...payment, rate: null }, settings).length;
      return bytes;
    });
    const exportOf = (to: string) => async () => {
      const res = await t.request(`/api/accounting/exports?format=datev&from=${MONTH.from}&to=${to}&again=true`, { cookie: admin });
      if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    // A week's documents (about a quarter) and the month's: the memory kept must not grow with the documents.
    const weekHeapMb = await retainedHeap(exportOf('2026-10-07'));
    const monthHeapMb = await retainedHeap(exportOf(MONTH.to));
    const exportRun = await measured(exportOf(MONTH.to));
    const [kept] = (await t.db.execute<{ invoices: number; credit_notes: number; payments: number; bytes: string }>(
      sql`select invoices, credit_notes, payments, bytes::text as bytes from accounting_exports order by created_at desc limit 1`,
    )).rows;
    console.log(
      JSON.stringify({
        engine,
        ubl: { lines: LINES, bytes: ublBytes, runs: RUNS, route: ublRoute, read: ublRead, serializer: ublSerializer },
        datev: { documents: docs, loadS, exported: kept, export: { ...exportRun, weekHeapMb, monthHeapMb }, sqlAlone, serializerAlone },
      }),
    );
  } finally {
    await t.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
