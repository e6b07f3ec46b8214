/**
 * The books (issue 39, decision record 0263): the accounting settings, and exports of issued invoices, credit notes
 * and payments for DATEV, Xero and QuickBooks Online. An export reads its documents a page at a time (keyset, short
 * queries: nobody waits behind it, memory stays flat), streams its file into storage, and only then, in one short
 * transaction, keeps the export and marks its documents, so a failed export leaves nothing marked.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  accountingSettingsInputSchema, CHART_DEFAULTS, exportFileName, type AccountingExport, type AccountingExportQuery, type AccountingFormat,
  type AccountingSettings,
} from '@domain/billing/books-schema';
import {
  BooksError, datevColumnsLine, datevDocumentLines, datevHeaderLine, datevPaymentLine, datevPeriodProblem, quickbooksHeaderLine,
  quickbooksRows, xeroHeaderLine, xeroRows, type BookDocument, type BookPayment,
} from '@domain/billing/books';
import { ENGLISH, msg } from '@domain/common/i18n';
import type { Page } from '@domain/common/list-schema';
import { storedFileName } from '@domain/documents/rules';
import { recordAudit } from '@server/audit/audit-log';
import type { Db, Tx } from '@server/db/client';
import { accounting_exports, accounting_settings, files, users } from '@server/db/schema';
import type { Actor } from '@server/http/context';
import { AppError, conflict, isUniqueViolation, notFound } from '@server/http/errors';
import { offsetOf, toPage } from '@server/http/list';
import type { Storage } from '@server/storage/storage';
import { storedRateLookup } from '@server/features/exchange-rates';
import { randomPrefix } from '@server/features/documents';
import { encodeCp1252 } from './cp1252';

/** Documents read per query while writing a file. */
export const EXPORT_PAGE = 1000;
/** The largest file an export writes (a year of a large forwarder's DATEV bookings is a few tens of MB). */
const MAX_EXPORT_BYTES = 512 * 1024 * 1024;

type Row = typeof accounting_settings.$inferSelect;
const toSettings = (r: Row): AccountingSettings => ({
  datev_chart: r.datev_chart,
  datev_consultant_number: r.datev_consultant_number,
  datev_client_number: r.datev_client_number,
  fiscal_year_start_month: r.fiscal_year_start_month,
  account_length: r.account_length,
  debtor_account: r.debtor_account,
  bank_account: r.bank_account,
  revenue_accounts: r.revenue_accounts,
  xero_account_code: r.xero_account_code,
  xero_tax_types: r.xero_tax_types,
  quickbooks_item: r.quickbooks_item,
  quickbooks_tax_codes: r.quickbooks_tax_codes,
});

export async function getAccountingSettings(db: Db | Tx): Promise<AccountingSettings> {
  const [row] = await db.select().from(accounting_settings).where(eq(accounting_settings.id, 1));
  if (!row) throw new Error('accounting_settings has no row (migration 0043 inserts it)');
  return toSettings(row);
}

/** Replaces the settings (checked by accountingSettingsInputSchema); audited with the fields that changed. */
export async function putAccountingSettings(db: Db, input: AccountingSettings, actor: Actor): Promise<AccountingSettings> {
  const checked = accountingSettingsInputSchema.parse(input);
  return db.transaction(async (tx) => {
    const before = await getAccountingSettings(tx);
    const [row] = await tx.update(accounting_settings).set({ ...checked, updated_at: sql`now()`, updated_by: actor.user.id }).where(eq(accounting_settings.id, 1)).returning();
    const after = toSettings(row!);
    const changed = (Object.keys(after) as (keyof AccountingSettings)[]).filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]));
    await recordAudit(tx, { action: 'money.accounting_settings_changed', actor: actor.user, target: 'accounting settings', details: { changed }, ip: actor.ip });
    return after;
  });
}

/** A chart's default accounts, for the settings form's "use the chart's defaults". */
export const chartDefaults = CHART_DEFAULTS;

// ---------------------------------------------------------------- reading the documents

type DocRow = {
  id: string; kind: 'invoice' | 'credit_note'; number: string; issue_date: string; due_date: string | null; currency: string;
  company_name: string; buyer: Record<string, string> | null; tax_subtotals: BookDocument['tax_subtotals']; adjustments: BookDocument['adjustments'];
};
type PayRow = { id: string; received_on: string; amount: string; currency: string; reference: string | null; company_name: string; invoice_number: string | null };

const notMarked = (format: AccountingFormat, type: 'invoice' | 'payment', id: SQL, again: boolean) =>
  again ? sql`true` : sql`not exists (select 1 from accounting_export_marks m where m.format = ${format} and m.document_type = ${type} and m.document_id = ${id})`;

/**
 * Pages of EXPORT_PAGE rows by (day, id), each a short query of its own: `page(after)` reads the rows after the last
 * one's day and id (keyset), `dayOf` says a row's day.
 */
async function* keysetPages<R extends { id: string }>(page: (after: SQL | null) => Promise<R[]>, dayOf: (r: R) => string): AsyncGenerator<R[]> {
  let after: SQL | null = null;
  for (;;) {
    const rows = await page(after);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_PAGE) return;
    const last = rows[rows.length - 1]!;
    after = sql`(${dayOf(last)}::date, ${last.id}::uuid)`;
  }
}

/** The issued documents of the period not yet exported in this format, by issue day. */
export const documentPages = (db: Db, q: AccountingExportQuery) =>
  keysetPages<DocRow>(
    async (after) =>
      (
        await db.execute<DocRow>(sql`
          select i.id, i.kind, i.number, i.issue_date::text as issue_date, i.due_date::text as due_date, i.currency,
                 coalesce(nullif(i.buyer->>'name', ''), c.name) as company_name, i.buyer, i.tax_subtotals, i.adjustments
            from invoices i join companies c on c.id = i.company_id
           where i.status = 'issued' and i.issue_date between ${q.from} and ${q.to}
             and ${notMarked(q.format, 'invoice', sql`i.id`, q.again)} ${after ? sql`and (i.issue_date, i.id) > ${after}` : sql``}
           order by i.issue_date, i.id
           limit ${EXPORT_PAGE}`)
      ).rows,
    (d) => d.issue_date,
  );

/** The payments received in the period not yet exported in this format, by day received. */
export const paymentPages = (db: Db, q: AccountingExportQuery) =>
  keysetPages<PayRow>(
    async (after) =>
      (
        await db.execute<PayRow>(sql`
          select p.id, p.received_on::text as received_on, p.amount::text as amount, p.currency, p.reference, c.name as company_name, i.number as invoice_number
            from payments p join companies c on c.id = p.company_id left join invoices i on i.id = p.invoice_id
           where p.received_on between ${q.from} and ${q.to}
             and ${notMarked(q.format, 'payment', sql`p.id`, q.again)} ${after ? sql`and (p.received_on, p.id) > ${after}` : sql``}
           order by p.received_on, p.id
           limit ${EXPORT_PAGE}`)
      ).rows,
    (p) => p.received_on,
  );

/** The lines of a page of documents (Xero and QuickBooks list them), by document. */
async function linesOf(db: Db, ids: string[]): Promise<Map<string, BookDocument['lines']>> {
  const out = new Map<string, BookDocument['lines']>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = (
    await db.execute<BookDocument['lines'][number] & { invoice_id: string }>(sql`
      select invoice_id, description, quantity::text as quantity, unit_price::text as unit_price, net::text as net, vat_category, vat_rate::text as vat_rate
        from invoice_lines where invoice_id = any(${`{${ids.join(',')}}`}::uuid[]) order by invoice_id, position`)
  ).rows;
  for (const { invoice_id, ...line } of rows) out.get(invoice_id)!.push(line);
  return out;
}

/** The euro's stored rate to each currency on each day asked (DATEV's Kurs), read once per currency and day. */
function rateCache(db: Db) {
  const known = new Map<string, string | null>();
  return async (currency: string, day: string): Promise<string | null> => {
    if (currency === 'EUR') return null;
    const key = `${currency}|${day}`;
    if (!known.has(key)) known.set(key, (await storedRateLookup(db, [currency], day))(currency, day)?.rate ?? null);
    return known.get(key)!;
  };
}

// ---------------------------------------------------------------- writing the file

const CONTENT_TYPES: Record<AccountingFormat, string> = {
  datev: 'text/csv; charset=windows-1252',
  xero: 'text/csv; charset=utf-8',
  quickbooks: 'text/csv; charset=utf-8',
};

type Tally = { invoices: number; credit_notes: number; payments: number; skipped: number; invoiceIds: string[]; paymentIds: string[] };

/** The file's text, a chunk per page of documents; `tally` learns what went in. */
async function* fileText(db: Db, q: AccountingExportQuery, settings: AccountingSettings, actor: Actor, tally: Tally): AsyncGenerator<string> {
  const rateOf = rateCache(db);
  if (q.format === 'datev') {
    yield datevHeaderLine({ created: new Date(), exportedBy: actor.user.full_name, from: q.from, to: q.to, label: `Cargodesk ${q.from.slice(0, 7)}`, settings });
    yield datevColumnsLine();
  } else yield q.format === 'xero' ? xeroHeaderLine() : quickbooksHeaderLine();

  for await (const page of documentPages(db, q)) {
    const lines = q.format === 'datev' ? null : await linesOf(db, page.map((d) => d.id));
    let chunk = '';
    for (const d of page) {
      if (q.format === 'quickbooks' && d.kind === 'credit_note') {
        tally.skipped++;
        continue;
      }
      const doc: BookDocument = {
        kind: d.kind, number: d.number, issue_date: d.issue_date, due_date: d.due_date, currency: d.currency, company_name: d.company_name,
        buyer: { address: d.buyer?.address, country: d.buyer?.country }, tax_subtotals: d.tax_subtotals, adjustments: d.adjustments ?? [],
        lines: lines?.get(d.id) ?? [], rate: q.format === 'datev' ? await rateOf(d.currency, d.issue_date) : null,
      };
      chunk += q.format === 'datev' ? datevDocumentLines(doc, settings) : q.format === 'xero' ? xeroRows(doc, settings) : quickbooksRows(doc, settings);
      if (d.kind === 'invoice') tally.invoices++;
      else tally.credit_notes++;
      tally.invoiceIds.push(d.id);
    }
    yield chunk;
  }
  if (q.format !== 'datev') return;
  for await (const page of paymentPages(db, q)) {
    let chunk = '';
    for (const p of page) {
      const payment: BookPayment = { ...p, rate: await rateOf(p.currency, p.received_on) };
      chunk += datevPaymentLine(payment, settings);
      tally.payments++;
      tally.paymentIds.push(p.id);
    }
    yield chunk;
  }
}

/** The text as bytes (Windows-1252 for DATEV, UTF-8 for the CSV formats), hashed on the way. */
async function* encoded(text: AsyncIterable<string>, format: AccountingFormat, hash: ReturnType<typeof createHash>): AsyncGenerator<Uint8Array> {
  for await (const chunk of text) {
    const bytes = format === 'datev' ? encodeCp1252(chunk) : Buffer.from(chunk, 'utf8');
    hash.update(bytes);
    yield bytes;
  }
}

const EXPORT_MESSAGES = {
  // One whole message a format (what each format exports), the period filled in.
  nothing: (q: AccountingExportQuery) =>
    ENGLISH.t(
      q.format === 'datev'
        ? msg('Nothing to export: no issued invoice, credit note or payment from {from} to {to} that was not exported in this format before. Tick "Include documents exported before" to take those again.')
        : q.format === 'xero'
          ? msg('Nothing to export: no issued invoice or credit note from {from} to {to} that was not exported in this format before. Tick "Include documents exported before" to take those again.')
          : msg('Nothing to export: no issued invoice from {from} to {to} that was not exported in this format before. Tick "Include documents exported before" to take those again.'),
      { from: q.from, to: q.to },
    ),
  raced: msg('Another export of some of these documents finished first. Export again to get what is left.'),
} as const;

type ExportRow = typeof accounting_exports.$inferSelect;
const toExport = (r: ExportRow, createdBy: string | null): AccountingExport => ({
  id: r.id, format: r.format, from: r.period_from, to: r.period_to, again: r.again, invoices: r.invoices, credit_notes: r.credit_notes,
  payments: r.payments, skipped: r.skipped, file_name: r.file_name, bytes: Number(r.bytes), sha256: r.sha256,
  created_at: r.created_at.toISOString(), created_by: createdBy,
});

/** The marks of one export, 5,000 ids per statement, all in the export's transaction. */
async function insertMarks(tx: Tx, format: AccountingFormat, type: 'invoice' | 'payment', ids: string[], exportId: string, again: boolean) {
  for (let i = 0; i < ids.length; i += 5000) {
    const chunk = `{${ids.slice(i, i + 5000).join(',')}}`;
    await tx.execute(sql`
      insert into accounting_export_marks (format, document_type, document_id, export_id)
      select ${format}, ${type}, d, ${exportId}::uuid from unnest(${chunk}::uuid[]) as d
      ${again ? sql`on conflict do nothing` : sql``}`);
  }
}

/**
 * Makes an export: writes the file into storage, then keeps it (a `files` record, so backups and the orphan sweep
 * know it) and marks its documents in one transaction. Audited (money.accounting_export).
 */
export async function createExport(db: Db, storage: Storage, q: AccountingExportQuery, actor: Actor): Promise<AccountingExport> {
  const settings = await getAccountingSettings(db);
  if (q.format === 'datev') {
    const problem = datevPeriodProblem(q.from, q.to, settings.fiscal_year_start_month);
    if (problem) throw new AppError('invalid_input', problem, { to: problem });
  }
  const fileName = exportFileName(q.format, q.from, q.to);
  const key = storedFileName(fileName, randomPrefix());
  const tally: Tally = { invoices: 0, credit_notes: 0, payments: 0, skipped: 0, invoiceIds: [], paymentIds: [] };
  const hash = createHash('sha256');
  let size: number;
  try {
    ({ size } = await storage.put(key, encoded(fileText(db, q, settings, actor, tally), q.format, hash), { contentType: CONTENT_TYPES[q.format], maxBytes: MAX_EXPORT_BYTES }));
  } catch (e) {
    if (e instanceof BooksError) throw conflict(e.message);
    throw e;
  }
  const documents = tally.invoices + tally.credit_notes + tally.payments;
  if (documents === 0) {
    await storage.delete(key);
    throw conflict(EXPORT_MESSAGES.nothing(q));
  }
  try {
    const row = await db.transaction(async (tx) => {
      await tx.insert(files).values({ name: key, original_name: fileName, size, content_type: CONTENT_TYPES[q.format], uploaded_by: actor.user.id });
      const [row] = await tx
        .insert(accounting_exports)
        .values({
          format: q.format, period_from: q.from, period_to: q.to, again: q.again, invoices: tally.invoices, credit_notes: tally.credit_notes,
          payments: tally.payments, skipped: tally.skipped, file_key: key, file_name: fileName, bytes: size, sha256: hash.digest('hex'), created_by: actor.user.id,
        })
        .returning();
      await insertMarks(tx, q.format, 'invoice', tally.invoiceIds, row!.id, q.again);
      await insertMarks(tx, q.format, 'payment', tally.paymentIds, row!.id, q.again);
      await recordAudit(tx, {
        action: 'money.accounting_export', actor: actor.user, target: fileName, ip: actor.ip,
        details: { format: q.format, from: q.from, to: q.to, again: q.again, invoices: tally.invoices, credit_notes: tally.credit_notes, payments: tally.payments, skipped: tally.skipped },
      });
      return row!;
    });
    return toExport(row, actor.user.full_name);
  } catch (e) {
    await storage.delete(key).catch(() => undefined);
    if (isUniqueViolation(e)) throw conflict(EXPORT_MESSAGES.raced);
    throw e;
  }
}

/** The kept exports, newest first. */
export async function listExports(db: Db, page: number, pageSize: number): Promise<Page<AccountingExport>> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ e: accounting_exports, by: users.name })
      .from(accounting_exports)
      .leftJoin(users, eq(users.id, accounting_exports.created_by))
      .orderBy(desc(accounting_exports.created_at), desc(accounting_exports.id))
      .limit(pageSize)
      .offset(offsetOf(page, pageSize)),
    db.select({ n: sql<number>`count(*)::int` }).from(accounting_exports),
  ]);
  return toPage(rows.map((r) => toExport(r.e, r.by)), Number(total?.n ?? 0), page, pageSize);
}

/** A kept export and its file's bytes, as they were written; a download again is audited (money.accounting_export_downloaded). */
export async function exportFile(db: Db, storage: Storage, id: string, actor: Actor, options: { audit: boolean }): Promise<{ export: AccountingExport; stream: Readable; size: number; contentType: string }> {
  const [row] = await db.select({ e: accounting_exports, by: users.name }).from(accounting_exports).leftJoin(users, eq(users.id, accounting_exports.created_by)).where(eq(accounting_exports.id, id));
  if (!row) throw notFound(msg('There is no such export.'));
  const object = await storage.get(row.e.file_key);
  if (!object) throw new AppError('not_found', msg('The file of this export is missing from storage (restore it from a backup).'));
  if (options.audit) await recordAudit(db, { action: 'money.accounting_export_downloaded', actor: actor.user, target: row.e.file_name, ip: actor.ip, details: { id } });
  return { export: toExport(row.e, row.by), stream: object.stream, size: object.size, contentType: CONTENT_TYPES[row.e.format] };
}

