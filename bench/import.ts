/**
 * Issue 18's target for bulk import, run by `npm run bench` in a process of its own (a clean heap to measure), or alone
 * with `BENCH_ONLY=IMPORT`: 10,000 shipment rows (a third each air, sea with a container, land) import in under 60 s
 * on PostgreSQL, upload to committed, with flat memory. Memory is the peak resident size over the idle process while
 * a file of 2,500 and one of 10,000 rows go through; flat means the larger file costs about its own bytes more, not
 * a copy of every row kept for the commit (the checked rows wait in the database).
 * Beside it, the same work without our code: PostgreSQL alone writing the same 10,000 rows in one INSERT ... SELECT
 * (same table, same triggers, no checks, containers, checklists or history), and csv-parse alone reading the file.
 * Prints one JSON line at the end (run.ts reads it). BENCH_IMPORT_DATABASE_URL, default the local server's postgres
 * database, where it makes and drops a database of its own.
 */
import { getHeapStatistics } from 'node:v8';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { createTestApp, freshDatabase } from '@tests/helpers/test-app';
import type { Import } from '@domain/imports/schema';
import { untilSettled } from '@tests/helpers/import-wait';
import { bigShipmentFile } from '@server/features/imports/test-fixtures';

process.env.TEST_DB = 'postgres';
process.env.TEST_DATABASE_URL ??= process.env.BENCH_IMPORT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The old-space limit this process runs with (--max-old-space-size), in MB. */
const heapLimitMb = () => Math.round(getHeapStatistics().heap_size_limit / 1048576);
const gc = () => (globalThis as { gc?: () => void }).gc?.();
const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** The peak resident size while `work` runs, over the resident size just before it (after a collection). */
async function extraMemory<T>(work: () => Promise<T>): Promise<{ result: T; mb: number }> {
  gc();
  await new Promise((r) => setTimeout(r, 100));
  const base = process.memoryUsage.rss();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  try {
    const result = await work();
    return { result, mb: mb(Math.max(peak, process.memoryUsage.rss()) - base) };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  const t = await createTestApp({ database: await freshDatabase({ max: 20 }), background: true });
  try {
    const admin = await t.signIn('admin@cargodesk.test');
    const get = async (id: string) => (await (await t.request(`/api/imports/${id}`, { cookie: admin })).json()) as Import;
    /** Upload, wait for the check, commit, wait: the times of both halves. */
    const importFile = async (prefix: string, rows: number) => {
      const file = bigShipmentFile(prefix, rows);
      const start = performance.now();
      const res = await t.request('/api/imports?kind=shipments&mode=skip', { cookie: admin, body: file, headers: { 'content-type': 'text/csv', 'x-file-name': 'bench.csv' } });
      if (res.status !== 202) throw new Error(`upload: ${res.status} ${await res.text()}`);
      const { id } = (await res.json()) as Import;
      const checked = await untilSettled(() => get(id));
      if (checked.status !== 'ready') throw new Error(`check: ${JSON.stringify(checked).slice(0, 500)}`);
      const checkMs = performance.now() - start;
      await t.request(`/api/imports/${id}/commit`, { cookie: admin, method: 'POST' });
      const done = await untilSettled(() => get(id));
      if (done.status !== 'committed') throw new Error(`commit: ${done.status} ${done.error}`);
      return { bytes: Buffer.byteLength(file), checkS: seconds(checkMs), totalS: seconds(performance.now() - start) };
    };

    await importFile('WARM', 300);
    const small = await extraMemory(() => importFile('SMALL', 2_500));
    const large = await extraMemory(() => importFile('LARGE', 10_000));

    // Without our code: the database writing the same rows (copies of the ones just imported) in one statement.
    const columns = (await t.db.execute<{ c: string }>(sql`
      select string_agg(quote_ident(column_name), ', ' order by ordinal_position) as c from information_schema.columns
      where table_name = 'shipments' and table_schema = current_schema() and is_generated = 'NEVER' and column_name not in ('id', 'reference_number')`)).rows[0]!.c;
    const copyStart = performance.now();
    await t.db.execute(sql.raw(`insert into shipments (reference_number, ${columns}) select 'COPY' || reference_number, ${columns} from shipments where reference_number like 'LARGE-%'`));
    const copyS = seconds(performance.now() - copyStart);
    const file = bigShipmentFile('PARSE', 10_000);
    const parseStart = performance.now();
    parse(file, { bom: true });
    const parseMs = Math.round(performance.now() - parseStart);

    console.log(JSON.stringify({ rows: 10_000, ...large.result, extraMb: large.mb, small: { rows: 2_500, ...small.result, extraMb: small.mb }, besideInsertS: copyS, besideParseMs: parseMs, heapLimitMb: heapLimitMb() }));
  } finally {
    await t.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
