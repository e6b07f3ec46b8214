/**
 * Issue 40's targets for rate cards, run by `npm run bench` in a process of its own per engine (BENCH_ONLY=RATES):
 *   - a carrier's air rate sheet of 20,000 lines over 5,000 lanes (CSV: breaks and surcharges as columns) through the
 *     import page's API, upload to committed, in under 30 s; beside it, the database alone writing the same cards
 *     (one INSERT ... SELECT of the cards just imported);
 *   - with 100,000 rate lines over those 5,000 lanes (20 a lane: the sheet's and four more years of copies),
 *     `POST /api/rates/lookup` at concurrency 1 in p99 under 20 ms; beside it, the lookup's SQL alone (the lane's cards
 *     of the mode read) and the service without HTTP.
 * Prints one JSON line at the end (run.ts reads it). BENCH_RATES_ENGINE=pglite runs on the embedded database; PostgreSQL
 * otherwise (a database of its own on the local server, dropped after).
 */
import { sql } from 'drizzle-orm';
import { createTestApp, freshDatabase } from '@tests/helpers/test-app';
import type { Import } from '@domain/imports/schema';
import { rateLookupInputSchema } from '@domain/rates/schema';
import { untilSettled } from '@tests/helpers/import-wait';
import { AIR_SHEET_HEADERS, bigRateSheet, csv } from '@server/features/imports/test-fixtures';
import { lookupRates } from '@server/features/rates/index';
import { timed } from './stats';

const engine = process.env.BENCH_RATES_ENGINE === 'pglite' ? 'pglite' : 'postgres';
process.env.TEST_DB = engine;
process.env.TEST_DATABASE_URL ??= process.env.BENCH_RATES_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LINES = Number(process.env.BENCH_RATES_LINES ?? 20_000);
const LANES = 5_000;
const COPIES = 4;
const RUNS = Number(process.env.BENCH_RATES_RUNS ?? 2_000);
const seconds = (ms: number) => Number((ms / 1000).toFixed(2));

async function main() {
  const t = await createTestApp({ database: await freshDatabase({ max: 20 }), background: true });
  try {
    const admin = await t.signIn('admin@cargodesk.test');
    const airports = (await t.db.execute<{ code: string }>(sql`select iata_code as code from airports order by iata_code limit 80`)).rows.map((r) => r.code);
    const rows = bigRateSheet(LINES, LANES, airports);
    const file = csv(AIR_SHEET_HEADERS, rows);
    const get = async (id: string) => (await (await t.request(`/api/imports/${id}`, { cookie: admin })).json()) as Import;

    // ---- The sheet: upload, check, commit.
    const start = performance.now();
    const res = await t.request('/api/imports?kind=rate_cards&mode=skip', { cookie: admin, body: file, headers: { 'content-type': 'text/csv', 'x-file-name': 'air-sheet.csv' } });
    if (res.status !== 202) throw new Error(`upload: ${res.status} ${await res.text()}`);
    const { id } = (await res.json()) as Import;
    const checked = await untilSettled(() => get(id));
    if (checked.status !== 'ready') throw new Error(`check: ${JSON.stringify(checked).slice(0, 500)}`);
    const checkS = seconds(performance.now() - start);
    await t.request(`/api/imports/${id}/commit`, { cookie: admin, method: 'POST' });
    const done = await untilSettled(() => get(id));
    if (done.status !== 'committed') throw new Error(`commit: ${done.status} ${done.error}`);
    const totalS = seconds(performance.now() - start);

    // ---- Without our code: the database writing the same cards, and then four more years of them (100,000 lines).
    const columns = 'side, mode, origin, destination, equipment, currency, priority, carrier_id, company_id, freight, surcharges';
    const copyStart = performance.now();
    await t.db.execute(sql.raw(`insert into rate_cards (${columns}, valid_from, valid_to) select ${columns}, valid_from + interval '10 year', valid_to + interval '10 year' from rate_cards where import_id = '${id}'`));
    const besideInsertS = seconds(performance.now() - copyStart);
    await t.db.execute(sql.raw(`delete from rate_cards where valid_from >= '2036-01-01'`));
    for (let year = 1; year <= COPIES; year++) {
      await t.db.execute(sql.raw(`insert into rate_cards (${columns}, valid_from, valid_to) select ${columns}, (valid_from + interval '${year} year')::date, (valid_to + interval '${year} year')::date from rate_cards where import_id = '${id}'`));
    }
    await t.db.execute(sql`analyze rate_cards`);
    const [{ cards, lanes }] = (await t.db.execute<{ cards: number; lanes: number }>(sql`select count(*)::int as cards, count(distinct (origin, destination))::int as lanes from rate_cards where mode = 'air'`)).rows as [{ cards: number; lanes: number }];

    // ---- The lookup at concurrency 1: a random lane of the sheet, a day in its months, a weight from 10 to 2,000 kg.
    const lanePairs = [...new Set(rows.map((r) => `${r.Origin}|${r.Destination}`))].map((l) => l.split('|') as [string, string]);
    let n = 0;
    const next = () => {
      n += 1;
      const [origin, destination] = lanePairs[(n * 7919) % lanePairs.length]!;
      const month = 1 + (n % 4);
      return { mode: 'air', origin, destination, date: `${2026 + (n % (COPIES + 1))}-0${month}-15`, chargeable_weight: String(10 + ((n * 37) % 1990)) };
    };
    let priced = 0;
    const route = async () => {
      const r = await t.request('/api/rates/lookup', { cookie: admin, body: next() });
      if (r.status !== 200) throw new Error(`lookup: ${r.status} ${await r.text()}`);
      priced += ((await r.json()) as { rates: unknown[] }).rates.length;
    };
    const service = () => lookupRates(t.db, rateLookupInputSchema.parse(next()));
    const sqlAlone = () => {
      const q = next();
      return t.db.execute(sql`select id, side, equipment, currency, valid_from, valid_to, priority, carrier_id, company_id, freight, surcharges from rate_cards
        where mode = ${q.mode} and origin = ${q.origin} and destination = ${q.destination}`);
    };
    for (let i = 0; i < 200; i++) await route();
    const lookup = await timed(RUNS, route);
    const lookupService = await timed(RUNS, service);
    const lookupSql = await timed(RUNS, sqlAlone);
    console.log(
      JSON.stringify({
        engine,
        sheet: { lines: LINES, lanes: LANES, bytes: Buffer.byteLength(file), checkS, totalS, besideInsertS },
        lookup: { cards, lanes, runs: RUNS, pricedPerLookup: Math.round((priced / (RUNS + 200)) * 10) / 10, route: lookup, service: lookupService, sql: lookupSql },
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
