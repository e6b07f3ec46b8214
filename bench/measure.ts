/**
 * Quick latency check of the list, analytics and dashboard endpoints against a running portal:
 *   BASE_URL=http://localhost:3300 npx tsx bench/measure.ts
 * Prints the median and p95 of N sequential requests per endpoint and the response size.
 */
import { DEMO_PASSWORD } from '@domain/auth/rules';
import { BENCH_LOGINS } from './dataset';

const base = process.env.BASE_URL ?? 'http://localhost:3300';
const N = Number(process.env.N ?? 20);

async function signIn(email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': `10.0.0.${Math.floor(Math.random() * 250)}` },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

async function measure(label: string, path: string, cookie: string) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < N + 2; i++) {
    const t = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { cookie } });
    const body = await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    if (i >= 2) times.push(performance.now() - t); // two warm-up requests
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
  console.log(`${label.padEnd(44)} median ${q(0.5).padStart(7)} ms   p95 ${q(0.95).padStart(7)} ms   ${String(bytes).padStart(7)} B`);
}

async function main() {
  const admin = await signIn(BENCH_LOGINS.admin);
  const handler = await signIn(BENCH_LOGINS.handler);
  const customer = await signIn(BENCH_LOGINS.customer);
  await measure('list: status filter, page 10 (admin)', '/api/shipments?status=in_transit&sort=created_at&dir=desc&page=10', admin);
  await measure('list: default first page (admin)', '/api/shipments', admin);
  await measure('list: search q=lot 12345 (admin)', '/api/shipments?q=lot%2012345', admin);
  await measure('list: sort by status (admin)', '/api/shipments?sort=status&page=3', admin);
  await measure('list: my shipments (handler)', '/api/shipments?mine=true', handler);
  await measure('list: customer company', '/api/shipments', customer);
  for (const type of ['air', 'sea', 'land', 'partial']) await measure(`analytics: ${type}`, `/api/analytics/shipments?type=${type}`, admin);
  await measure('dashboard: admin', '/api/dashboard', admin);
  await measure('dashboard: handler', '/api/dashboard', handler);
  await measure('dashboard: customer', '/api/dashboard', customer);
}

void main().catch((e) => {
  console.error(e);
  process.exit(1);
});
