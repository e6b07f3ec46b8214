/**
 * Issue 37's target: other requests stay quick while an import commits. On one engine (BENCH_IMPORT_ENGINE=pglite or
 * postgres), a 10,000-shipment file is checked, then two clients loop over GET /api/health and a signed-in list read
 * (GET /api/shipments, 25 a page) through real sockets: first for a few seconds with nothing else running (the
 * baseline), then for as long as the commit of the 10,000 rows runs. Prints one JSON line at the end (run.ts reads
 * it): each phase's p50, p99 and slowest request, and the commit's time. On PostgreSQL it makes and drops a database
 * of its own (BENCH_IMPORT_DATABASE_URL, default the local server's postgres database).
 */
import { createTestApp, freshDatabase } from '@tests/helpers/test-app';
import type { Import } from '@domain/imports/schema';
import { untilSettled } from '@tests/helpers/import-wait';
import { bigShipmentFile } from '@server/features/imports/test-fixtures';

const engine = process.env.BENCH_IMPORT_ENGINE === 'pglite' ? 'pglite' : 'postgres';
process.env.TEST_DB = engine;
process.env.TEST_DATABASE_URL ??= process.env.BENCH_IMPORT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const say = (text: string) => console.error(`  [${engine}] ${text}`);
const BASELINE_MS = 5_000;
const CLIENTS = 2;

export type Latency = { n: number; p50: number; p99: number; max: number };
export type ImportLoadRun = { engine: string; rows: number; baseline: Latency; during: Latency; commitS: number };

function summary(ms: number[]): Latency {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => Math.round(s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]! * 10) / 10;
  return { n: s.length, p50: at(0.5), p99: at(0.99), max: Math.round(s.at(-1)! * 10) / 10 };
}

async function main() {
  const t = await createTestApp({ database: await freshDatabase({ max: 20 }), background: true });
  try {
    const admin = await t.signIn('admin@cargodesk.test');
    const get = async (id: string) => (await (await t.request(`/api/imports/${id}`, { cookie: admin })).json()) as Import;
    const res = await t.request('/api/imports?kind=shipments&mode=skip', { cookie: admin, body: bigShipmentFile('LOAD', ROWS), headers: { 'content-type': 'text/csv', 'x-file-name': 'load.csv' } });
    if (res.status !== 202) throw new Error(`upload: ${res.status} ${await res.text()}`);
    const { id } = (await res.json()) as Import;
    say(`checking ${ROWS} rows...`);
    if ((await untilSettled(() => get(id))).status !== 'ready') throw new Error('the file did not pass its check');

    /** CLIENTS loops of health then list, over sockets, until `until` says stop: every request's time in ms. */
    const load = async (until: () => boolean) => {
      const times: number[] = [];
      const client = async () => {
        while (!until()) {
          for (const [path, cookie] of [['/api/health', undefined], ['/api/shipments?page=1&pageSize=25', admin]] as const) {
            const started = performance.now();
            const r = await t.request(path, { socket: true, ...(cookie ? { cookie } : {}) });
            await r.arrayBuffer();
            if (r.status !== 200) throw new Error(`${path}: ${r.status}`);
            times.push(performance.now() - started);
          }
        }
      };
      await Promise.all(Array.from({ length: CLIENTS }, client));
      return times;
    };

    say('baseline...');
    const baselineEnd = performance.now() + BASELINE_MS;
    const baseline = await load(() => performance.now() > baselineEnd);

    say('committing under load...');
    const commitStart = performance.now();
    const commit = await t.request(`/api/imports/${id}/commit`, { cookie: admin, method: 'POST' });
    if (commit.status !== 202) throw new Error(`commit: ${commit.status}`);
    let committed = false;
    const settled = untilSettled(() => get(id)).then(() => (committed = true));
    const during = await load(() => committed);
    await settled;
    const commitS = Math.round((performance.now() - commitStart) / 100) / 10;
    const done = await get(id);
    if (done.status !== 'committed') throw new Error(`commit: ${done.status} ${done.error}`);
    const run: ImportLoadRun = { engine, rows: ROWS, baseline: summary(baseline), during: summary(during), commitS };
    console.log(JSON.stringify(run));
  } finally {
    await t.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
