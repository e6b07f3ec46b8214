/**
 * Issue 16's targets for generated papers, run by `npm run bench` in a process of its own (a clean heap to measure):
 *   - a house bill of lading for a shipment with 50 containers is generated in p95 under 500 ms (the whole request: the
 *     shipment read, the PDF rendered by pdfkit straight into storage, the records written);
 *   - 20 generations in parallel stay under 150 MB of extra memory (peak resident size over the idle process).
 * Beside each: the same work without our code, pdfkit alone writing the same 50 containers as lines of text in the same
 * fonts into nothing (no database, no storage, no layout).
 * Prints one JSON line at the end (run.ts reads it); runs on PostgreSQL (BENCH_PDF_DATABASE_URL, default the local
 * server's postgres database, where it makes and drops a database of its own).
 */
import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import { createTestApp, freshDatabase } from '@tests/helpers/test-app';
import { containerCheckDigit } from '@domain/cargo/trade-numbers';
import { loadRefs, seaBody } from '@server/features/shipments/test-fixtures';
import { timed } from './stats';

const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 40);
const PARALLEL = 20;
process.env.TEST_DB = 'postgres';
process.env.TEST_DATABASE_URL ??= process.env.BENCH_PDF_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const containerNumber = (i: number) => {
  const first10 = `BNCU${String(100000 + i).padStart(6, '0')}`;
  return `${first10}${containerCheckDigit(first10) % 10}`;
};
const CONTAINERS = Array.from({ length: 50 }, (_, i) => ({
  type: i % 2 ? '40HC' : '20DC', number: containerNumber(i), carrier_seal_number: `SL-${1000 + i}`, weight: String(9000 + i * 10), volume: '33.2',
}));

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;

/** The peak resident size while `work` runs, over the resident size just before it (after a collection). */
async function extraMemory(work: () => Promise<unknown>): Promise<number> {
  gc();
  await new Promise((r) => setTimeout(r, 100));
  const base = process.memoryUsage.rss();
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage.rss());
  return mb(peak - base);
}

/** pdfkit alone: the same fonts, the 50 containers as lines, written into nothing. */
const require = createRequire(import.meta.url);
const fontDir = require.resolve('dejavu-fonts-ttf/package.json').replace(/package\.json$/, 'ttf/');
async function bare(): Promise<void> {
  const doc = new PDFDocument({ size: 'A4', margin: 36 });
  doc.registerFont('Sans', `${fontDir}DejaVuSans.ttf`);
  doc.font('Sans').fontSize(9);
  for (const c of CONTAINERS) doc.text(`${c.number}  ${c.carrier_seal_number}  ${c.type}  ${c.weight} kg  ${c.volume} m³`);
  doc.end();
  await pipeline(doc, new Writable({ write: (_chunk, _enc, done) => done() }));
}

async function main() {
  // The production pool's size (20), not the tests' 5: twenty generations at once each need a connection now and then.
  const t = await createTestApp({ database: await freshDatabase({ max: 20 }) });
  try {
    const admin = await t.signIn('admin@cargodesk.test');
    const refs = await loadRefs(t);
    const created = await t.request('/api/shipments', { cookie: admin, body: seaBody(refs, { loading_type: 'export', containers: CONTAINERS }) });
    if (created.status !== 201) throw new Error(`shipment: ${created.status} ${await created.text()}`);
    const { id } = (await created.json()) as { id: string };
    const generate = async () => {
      const res = await t.request(`/api/shipments/${id}/generated-documents`, { cookie: admin, body: { kind: 'hbl' } });
      if (res.status !== 201) throw new Error(`generate: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    for (let i = 0; i < 5; i++) await generate();
    for (let i = 0; i < 5; i++) await bare();
    const api = await timed(RUNS, generate);
    const beside = await timed(RUNS, bare);
    const parallelMb = await extraMemory(() => Promise.all(Array.from({ length: PARALLEL }, generate)));
    const besideParallelMb = await extraMemory(() => Promise.all(Array.from({ length: PARALLEL }, bare)));
    console.log(JSON.stringify({ runs: RUNS, containers: CONTAINERS.length, generate: api, bare: beside, parallel: PARALLEL, parallelMb, besideParallelMb }));
  } finally {
    await t.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
