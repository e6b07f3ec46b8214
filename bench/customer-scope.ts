/**
 * The cost of the customer scope (decision record 0020): times the customer's list, detail, history, documents and
 * dashboard through the app (in process, app.request) on the demo data, and the same list and detail as an admin.
 *   npx tsx bench/customer-scope.ts                       (PGlite, in memory)
 *   TEST_DB=postgres TEST_DATABASE_URL=postgres://... npx tsx bench/customer-scope.ts
 * N (default 200) timed calls per endpoint after 20 warm-up calls; prints the median, p95 and p99 in ms.
 */
import { createTestApp } from '@tests/helpers/test-app';

const N = Number(process.env.N ?? 200);

async function main() {
  const t = await createTestApp();
  try {
    const customer = await t.signIn('customer@cargodesk.test');
    const admin = await t.signIn('admin@cargodesk.test');
    const list = (await (await t.request('/api/shipments', { cookie: customer })).json()) as { rows: { id: string }[] };
    const id = list.rows[0]!.id;
    const cases: [string, string, string][] = [
      ['customer list', '/api/shipments', customer],
      ['customer detail', `/api/shipments/${id}`, customer],
      ['customer history', `/api/shipments/${id}/events`, customer],
      ['customer documents', `/api/shipments/${id}/documents`, customer],
      ['customer dashboard', '/api/dashboard', customer],
      ['admin list', '/api/shipments', admin],
      ['admin detail', `/api/shipments/${id}`, admin],
    ];
    console.log(`engine ${process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite'}, ${N} calls each`);
    for (const [label, path, cookie] of cases) {
      const times: number[] = [];
      for (let i = 0; i < N + 20; i++) {
        const start = performance.now();
        const res = await t.request(path, { cookie });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
        if (i >= 20) times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(2).padStart(7);
      console.log(`${label.padEnd(20)} median ${q(0.5)} ms   p95 ${q(0.95)} ms   p99 ${q(0.99)} ms`);
    }
  } finally {
    await t.close();
  }
}

void main().catch((e) => {
  console.error(e);
  process.exit(1);
});
