import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@domain/common/list-schema';
import { convert, NoRateError, parseEcbRates, RateFileError, type RateLookup } from '@domain/money/exchange';
import type { ConversionAnswer, ConvertQuery, EcbImportResult, ExchangeRate, ManualRateInput, RateSource } from '@domain/money/exchange-schema';
import type { Db, Tx } from '@server/db/client';
import { exchange_rates } from '@server/db/schema';
import { recordAudit } from '@server/audit/audit-log';
import type { Actor } from '@server/http/context';
import { invalid } from '@server/http/errors';
import { offsetOf, toPage } from '@server/http/list';

/** Rows written per statement: the ECB's history file holds about 200,000 rates; each chunk lets other requests in. */
const CHUNK = 2_000;

const refused = (field: string, message: string) => invalid(message, { [field]: message });

/**
 * Stores the rates of an ECB reference-rate file (daily, 90-day or history) as published. A rate already stored for
 * its day and currency is kept (the ECB does not revise them), so importing a file twice stores nothing twice.
 */
export async function importEcbRates(db: Db, xml: string, actor: Actor | null, from?: string): Promise<EcbImportResult> {
  let days;
  try {
    days = parseEcbRates(xml);
  } catch (e) {
    if (e instanceof RateFileError) throw refused('file', e.message);
    throw e;
  }
  const rows = days.flatMap((d) => d.rates.map((r) => ({ source: 'ECB' as const, rate_date: d.date, currency: r.currency, rate: r.rate, created_by: actor?.user.id ?? null })));
  let stored = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const inserted = await db.insert(exchange_rates).values(rows.slice(i, i + CHUNK)).onConflictDoNothing().returning({ currency: exchange_rates.currency });
    stored += inserted.length;
    // Let the requests that waited behind this chunk run (PGlite serves one statement at a time).
    await new Promise((resolve) => setImmediate(resolve));
  }
  const dates = days.map((d) => d.date).sort();
  const result = { stored, already_stored: rows.length - stored, days: days.length, first_date: dates[0]!, last_date: dates[dates.length - 1]! };
  // Fetched on schedule (no actor): the audit row names the address instead of a person.
  await recordAudit(db, {
    action: 'money.rates_imported',
    actor: actor?.user ?? null,
    email: actor ? undefined : 'scheduled fetch',
    target: `ECB ${result.first_date} - ${result.last_date}`,
    details: { ...result, ...(from ? { from } : {}) },
    ip: actor?.ip,
  });
  return result;
}

/** An administrator's own rate for a day (a currency the ECB does not publish, or a contract rate); replaces theirs of that day. */
export async function enterManualRate(db: Db, input: ManualRateInput, actor: Actor): Promise<ExchangeRate> {
  return db.transaction(async (tx) => {
    const values = { source: 'MANUAL' as const, rate_date: input.rate_date, currency: input.currency, rate: input.rate, created_by: actor.user.id };
    await tx
      .insert(exchange_rates)
      .values(values)
      .onConflictDoUpdate({ target: [exchange_rates.source, exchange_rates.currency, exchange_rates.rate_date], set: { rate: values.rate, created_by: values.created_by, created_at: sql`now()` } });
    await recordAudit(tx, { action: 'money.rate_entered', actor: actor.user, target: `${input.currency} ${input.rate_date}`, details: { ...input }, ip: actor.ip });
    return { source: 'MANUAL', rate_date: input.rate_date, currency: input.currency, rate: input.rate };
  });
}

/** The last rate of a currency published on or before a day, from one source (the query the conversion runs). */
async function lastRate(db: Db, source: RateSource, currency: string, on: string): Promise<{ rate: string; date: string } | null> {
  const [row] = await db
    .select({ rate: exchange_rates.rate, date: exchange_rates.rate_date })
    .from(exchange_rates)
    .where(and(eq(exchange_rates.source, source), eq(exchange_rates.currency, currency), lte(exchange_rates.rate_date, on)))
    .orderBy(desc(exchange_rates.rate_date))
    .limit(1);
  return row ?? null;
}

/** `amount` of `from` in `to` on a day, through the euro (domain/money/exchange.ts); a missing rate is a 400 that says which. */
export async function convertAmount(db: Db, q: ConvertQuery): Promise<ConversionAnswer> {
  const found = new Map<string, { rate: string; date: string } | null>();
  for (const c of new Set([q.from, q.to])) if (c !== 'EUR') found.set(c, await lastRate(db, q.source, c, q.on));
  const lookup: RateLookup = (currency) => found.get(currency) ?? null;
  try {
    const c = convert(q.amount, q.from, q.to, q.on, lookup);
    return { ...c, from: q.from, to: q.to, source: q.source, on: q.on };
  } catch (e) {
    if (e instanceof NoRateError) throw refused('on', e.message);
    throw e;
  }
}

type ListQuery = { page: number; pageSize: number; currency?: string | undefined; source?: RateSource | undefined; from?: string | undefined; to?: string | undefined };

/** Stored rates, newest day first, then by currency. */
export async function listRates(db: Db, q: ListQuery): Promise<Page<ExchangeRate>> {
  const where: SQL[] = [];
  if (q.currency) where.push(eq(exchange_rates.currency, q.currency));
  if (q.source) where.push(eq(exchange_rates.source, q.source));
  if (q.from) where.push(gte(exchange_rates.rate_date, q.from));
  if (q.to) where.push(lte(exchange_rates.rate_date, q.to));
  const filter = where.length ? and(...where) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({ source: exchange_rates.source, rate_date: exchange_rates.rate_date, currency: exchange_rates.currency, rate: exchange_rates.rate })
      .from(exchange_rates)
      .where(filter)
      .orderBy(desc(exchange_rates.rate_date), asc(exchange_rates.currency), asc(exchange_rates.source))
      .limit(q.pageSize)
      .offset(offsetOf(q.page, q.pageSize)),
    db.select({ total: count() }).from(exchange_rates).where(filter),
  ]);
  return toPage(rows, Number(totals[0]?.total ?? 0), q.page, q.pageSize);
}

/**
 * The stored rates of some currencies as of a day, for converting an invoice's lines (decision record 0261): per
 * currency, the last publication on or before the day of either source; on the same day the ECB's rate wins over a
 * manual one. The euro needs no rate. Read once, so the answer is a synchronous lookup for `convert`.
 */
export async function storedRateLookup(db: Db | Tx, currencies: Iterable<string>, on: string): Promise<RateLookup> {
  const found = new Map<string, { rate: string; date: string } | null>();
  for (const c of new Set(currencies)) {
    if (c === 'EUR') continue;
    const [row] = await db
      .select({ rate: exchange_rates.rate, date: exchange_rates.rate_date })
      .from(exchange_rates)
      .where(and(eq(exchange_rates.currency, c), lte(exchange_rates.rate_date, on)))
      .orderBy(desc(exchange_rates.rate_date), asc(exchange_rates.source))
      .limit(1);
    found.set(c, row ?? null);
  }
  return (currency) => found.get(currency) ?? null;
}
