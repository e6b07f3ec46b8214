/** The scenarios S1-S18: which call, as whom, and what the database's own limit is measured with. */
import { CREATED_PREFIX } from './dataset';
import type { IdPool } from './id-pool';
import type { HttpCall } from './load';
import type { Cookies, Role } from './session';

export type ScenarioId =
  | 'S1' | 'S2' | 'S3' | 'S4' | 'S5' | 'S6' | 'S7' | 'S8' | 'S9' | 'S10' | 'S11' | 'S12' | 'S13' | 'S14' | 'S15' | 'S16' | 'S17' | 'S18';

/** Where a pooled scenario's path takes the next id of the pool. */
export const POOL_ID = '[<pool>]';

/** Ids the calls need, found through the API (a PGlite database is held by the server while it runs). */
export type Context = {
  base: string;
  cookies: Cookies;
  customerShipmentId: string;
  /** The shipment with the data set's one thread of 200 messages: the customer's newest, their list's first row (S13). */
  threadShipmentId: string;
  companyId: string;
  /** A container number of the data set, typed as people do: 'msku 123456-7' (S7). */
  containerTyped: string;
  /** S18's drafts of the data set, refilled before each measurement (the engine's `pool` step). */
  pool?: IdPool;
};

export type Scenario = {
  id: ScenarioId;
  title: string;
  role: Role | null;
  method: 'GET' | 'POST';
  path: (ctx: Context) => string;
  body?: (ctx: Context, reference: string) => unknown;
  /** What runs beside it: the same SQL through pgbench, the replayed create through a pg loop, or the bare node:http floor. */
  side: 'pgbench' | 'loop' | 'floor';
  /** The answer is checked once before measuring. */
  expect: (status: number, body: unknown) => string | null;
  /** The path holds POOL_ID, replaced per request by the next id of `ctx.pool` (S18: the draft to issue). */
  pooled?: boolean;
};

const isPage = (body: unknown) =>
  typeof body === 'object' && body !== null && Array.isArray((body as { rows?: unknown }).rows) && typeof (body as { total?: unknown }).total === 'number';

type MessageRow = { internal?: unknown; created_at?: unknown; attachments?: unknown };

/** S13: the whole long thread as a customer reads it: 200 messages, oldest first, no internal note, nothing older. */
const longThread = (status: number, body: unknown) => {
  const b = (body ?? {}) as { thread_id?: unknown; messages?: unknown; has_more?: unknown };
  const rows = Array.isArray(b.messages) ? (b.messages as MessageRow[]) : [];
  const ok =
    status === 200 && typeof b.thread_id === 'string' && rows.length === 200 && b.has_more === false &&
    rows.every((m, i) => m.internal === false && Array.isArray(m.attachments) && (i === 0 || String(m.created_at) >= String(rows[i - 1]!.created_at)));
  return ok ? null : 'expected the thread of 200 messages, oldest first, none internal, has_more false';
};

type RequestRow = { company_id?: string; company_name?: string; handler_name?: string | null; status?: string };

/** A full page of `size` requests with company names, newest first, of more rows than the page; `every` checks each row. */
const requestPage = (size: number, every: (r: RequestRow, first: RequestRow) => boolean, what: string) => (status: number, body: unknown) => {
  const rows = isPage(body) ? (body as { rows: (RequestRow & { created_at?: string })[] }).rows : [];
  const sorted = rows.every((r, i) => i === 0 || (r.created_at ?? '') <= (rows[i - 1]!.created_at ?? ''));
  const ok = status === 200 && rows.length === size && (body as { total: number }).total > size && sorted && rows.every((r) => typeof r.company_name === 'string' && every(r, rows[0]!));
  return ok ? null : `expected ${what}: a full page of ${size}, newest first, with company names and a larger exact total`;
};

/** S5's shipment: an air export for a bench company with three contacts (so the transaction writes outbox rows). */
export const createBody = (ctx: Pick<Context, 'companyId'>, reference: string) => ({
  type: 'air',
  loading_type: 'export',
  reference_number: reference,
  company_id: ctx.companyId,
  cargo_description: 'Benchmark cargo',
  package_type: 'pallet',
  packages_count: '12',
  weight_gross: '1500.5',
  origin_city: 'Istanbul',
  origin_country: 'TR',
  destination_city: 'Frankfurt',
  destination_country: 'DE',
  origin_airport: 'IST',
  destination_airport: 'FRA',
  estimated_departure: '2026-03-01T09:30:00.000Z',
  estimated_arrival: '2026-03-04T18:00:00.000Z',
  service_charge: '1200',
  service_charge_currency: 'USD',
  freight_cost: '800.25',
  freight_cost_currency: 'USD',
});

type InvoiceRow = { number?: string | null; company_name?: string; issue_date?: string | null; totals?: { payable?: string } };

/** S15: a full first page of invoices, newest first, with company names, payable totals and a larger exact total. */
const invoicePage = (status: number, body: unknown) => {
  const rows = isPage(body) ? (body as { rows: InvoiceRow[] }).rows : [];
  const ok = status === 200 && rows.length === 25 && (body as { total: number }).total > 25 &&
    rows.every((r) => typeof r.company_name === 'string' && typeof r.totals?.payable === 'string');
  return ok ? null : 'expected a full page of 25 invoices with company names and totals, and a larger exact total';
};

/** S16: a company's statement: per currency an opening and closing balance (decimal strings) and its entries. */
const statement = (status: number, body: unknown) => {
  const b = (body ?? {}) as { company_id?: unknown; currencies?: { opening?: unknown; closing?: unknown; entries?: unknown }[] };
  const ok = status === 200 && typeof b.company_id === 'string' && Array.isArray(b.currencies) && b.currencies.length > 0 &&
    b.currencies.every((c) => typeof c.opening === 'string' && typeof c.closing === 'string' && Array.isArray(c.entries)) &&
    b.currencies.some((c) => (c.entries as unknown[]).length > 0);
  return ok ? null : 'expected a statement with balances and entries per currency';
};

const BUCKETS = ['current', '1-30', '31-60', '61-90', '91+'];

/** S17: every company with something open, by currency, each bucket a decimal string; totals per currency with every bucket filled. */
const ageing = (status: number, body: unknown) => {
  const b = (body ?? {}) as { rows?: { buckets?: Record<string, unknown> }[]; totals?: { buckets?: Record<string, unknown> }[] };
  const filled = (x: { buckets?: Record<string, unknown> }) => BUCKETS.every((k) => typeof x.buckets?.[k] === 'string');
  const ok = status === 200 && Array.isArray(b.rows) && b.rows.length > 1 && b.rows.every(filled) && Array.isArray(b.totals) && b.totals.length > 0 &&
    b.totals.every(filled) && BUCKETS.every((k) => b.totals!.some((t) => !/^0(\.0+)?$/.test(String(t.buckets?.[k]))));
  return ok ? null : 'expected ageing rows per company and currency and totals with every bucket holding something';
};

/** 90 days before today (UTC): S16's statement covers the last quarter, its opening balance everything before. */
const quarterAgo = () => new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);

export const SCENARIOS: Record<ScenarioId, Scenario> = {
  S1: {
    id: 'S1',
    title: 'list page (status filter, sort, exact count, names, page 10)',
    role: 'admin',
    method: 'GET',
    path: () => '/api/shipments?status=in_transit&sort=created_at&dir=desc&page=10&pageSize=10',
    side: 'pgbench',
    expect: (status, body) => (status === 200 && isPage(body) && (body as { rows: unknown[] }).rows.length === 10 ? null : 'expected a full page of 10 rows'),
  },
  S2: {
    id: 'S2',
    title: 'search (q on reference and cargo, trigram)',
    role: 'admin',
    method: 'GET',
    path: () => '/api/shipments?q=1234&status=in_transit&sort=created_at&dir=desc&page=1&pageSize=10',
    side: 'pgbench',
    expect: (status, body) => (status === 200 && isPage(body) ? null : 'expected a page'),
  },
  S3: {
    id: 'S3',
    title: 'admin dashboard',
    role: 'admin',
    method: 'GET',
    path: () => '/api/dashboard',
    side: 'pgbench',
    expect: (status, body) => (status === 200 && (body as { kind?: string }).kind === 'admin' ? null : 'expected the admin dashboard'),
  },
  S4: {
    id: 'S4',
    title: 'shipment detail as a customer (company scoping)',
    role: 'customer',
    method: 'GET',
    path: (ctx) => `/api/shipments/${ctx.customerShipmentId}`,
    side: 'pgbench',
    expect: (status, body) => (status === 200 && typeof (body as { id?: unknown }).id === 'string' ? null : 'expected one shipment'),
  },
  S5: {
    id: 'S5',
    title: 'create (row, history event, outbox rows in one transaction)',
    role: 'admin',
    method: 'POST',
    path: () => '/api/shipments',
    body: createBody,
    side: 'loop',
    expect: (status, body) => (status === 201 && typeof (body as { id?: unknown }).id === 'string' ? null : 'expected 201 with the new id'),
  },
  S7: {
    id: 'S7',
    title: 'container-number search (typed with a space and a dash, any case; issue 21)',
    role: 'admin',
    method: 'GET',
    path: (ctx) => `/api/shipments?q=${encodeURIComponent(ctx.containerTyped)}&page=1&pageSize=10`,
    side: 'pgbench',
    expect: (status, body) => {
      const rows = isPage(body) ? (body as { rows: { search_match?: { field?: string } | null }[] }).rows : [];
      return status === 200 && rows.length > 0 && rows.every((r) => r.search_match?.field === 'Container') ? null : 'expected the container found';
    },
  },
  // Issue 17: the Exceptions page at 1M shipments (its list with the exact total, and the counts of the tabs and dashboards).
  S8: {
    id: 'S8',
    title: 'exceptions page (departures overdue, exact total, names, page 1; every shipment)',
    role: 'admin',
    method: 'GET',
    path: () => '/api/exceptions?kind=departure_overdue&page=1&pageSize=25',
    side: 'pgbench',
    expect: (status, body) => (status === 200 && isPage(body) && (body as { total: number }).total > 0 ? null : 'expected a page of late departures'),
  },
  S9: {
    id: 'S9',
    title: "exceptions counts (the four rules, one handler's shipments)",
    role: 'handler',
    method: 'GET',
    path: () => '/api/exceptions/counts',
    side: 'pgbench',
    expect: (status, body) => (status === 200 && typeof (body as { departure_overdue?: unknown }).departure_overdue === 'number' ? null : 'expected the counts'),
  },
  // Issue 15: booking requests (200,000 in the data set). The staff queue (every company's, newest first, the exact
  // total, company and handler names), the same with a status filter, and a customer's own list (row-level security).
  S10: {
    id: 'S10',
    title: 'staff request queue (newest first, exact total, company and handler names, page 1)',
    role: 'admin',
    method: 'GET',
    path: () => '/api/requests?page=1&pageSize=25',
    side: 'pgbench',
    expect: (status, body) => {
      const problem = requestPage(25, () => true, 'the queue')(status, body);
      if (problem) return problem;
      return (body as { rows: RequestRow[] }).rows.some((r) => typeof r.handler_name === 'string') ? null : 'expected handler names on the page';
    },
  },
  S11: {
    id: 'S11',
    title: "a customer's requests (company scope under row-level security, exact total, page 1)",
    role: 'customer',
    method: 'GET',
    path: () => '/api/requests?page=1&pageSize=10',
    side: 'pgbench',
    expect: requestPage(10, (r, first) => r.company_id === first.company_id, "the company's requests"),
  },
  S12: {
    id: 'S12',
    title: 'staff request queue, submitted only (status filter, exact total, names, page 1)',
    role: 'admin',
    method: 'GET',
    path: () => '/api/requests?status=submitted&page=1&pageSize=25',
    side: 'pgbench',
    expect: requestPage(25, (r) => r.status === 'submitted', 'the submitted requests'),
  },
  // Issue 15: the conversation (2,000,000 messages in the data set). A customer reads a thread of 200 messages (row-level
  // security: the company's thread, its messages that are not internal notes, their files, the reader's read mark), and a
  // handler's sidebar counts their unread threads (their subjects' threads and the ones they follow).
  S13: {
    id: 'S13',
    title: 'a thread of 200 messages as a customer (row-level security, attachments, read mark)',
    role: 'customer',
    method: 'GET',
    path: (ctx) => `/api/shipments/${ctx.threadShipmentId}/messages`,
    side: 'pgbench',
    expect: longThread,
  },
  S14: {
    id: 'S14',
    title: "a handler's unread threads (count for the sidebar)",
    role: 'handler',
    method: 'GET',
    path: () => '/api/threads/unread',
    side: 'pgbench',
    expect: (status, body) => {
      const unread = (body as { unread?: unknown } | null)?.unread;
      return status === 200 && typeof unread === 'number' && unread > 0 ? null : 'expected a count of unread threads above 0';
    },
  },
  // Issue 38: billing at 500,000 invoices and credit notes (bench/billing-dataset.ts).
  S15: {
    id: 'S15',
    title: 'invoice list (newest first, exact total, company names, page 1)',
    role: 'admin',
    method: 'GET',
    path: () => '/api/invoices?page=1&pageSize=25',
    side: 'pgbench',
    expect: invoicePage,
  },
  S16: {
    id: 'S16',
    title: "a company's statement (the last 90 days, opening balance, per currency)",
    role: 'admin',
    method: 'GET',
    path: (ctx) => `/api/companies/${ctx.companyId}/statement?from=${quarterAgo()}`,
    side: 'pgbench',
    expect: statement,
  },
  S17: {
    id: 'S17',
    title: 'ageing report of all companies (today, five buckets, per currency)',
    role: 'admin',
    method: 'GET',
    path: () => '/api/reports/ageing',
    side: 'pgbench',
    expect: ageing,
  },
  S18: {
    id: 'S18',
    title: 'issue an invoice (gapless number under the series lock, seller and buyer copied, audited)',
    role: 'admin',
    method: 'POST',
    path: () => `/api/invoices/${POOL_ID}/issue`,
    body: () => ({}),
    side: 'loop',
    pooled: true,
    expect: (status, body) => {
      const b = (body ?? {}) as { status?: unknown; number?: unknown };
      return status === 200 && b.status === 'issued' && typeof b.number === 'string' && /^INV-\d{4}-\d{6}$/.test(b.number) ? null : 'expected the issued invoice with its INV-YYYY-NNNNNN number';
    },
  },
  S6: {
    id: 'S6',
    title: 'health (floor: bare node:http, same bytes)',
    role: null,
    method: 'GET',
    path: () => '/api/health',
    side: 'floor',
    expect: (status) => (status === 200 ? null : 'expected 200'),
  },
};

/** The order of a run: the cheap floor first, the create last (its mails keep the worker busy afterwards). */
export const ORDER: ScenarioId[] = ['S6', 'S1', 'S2', 'S7', 'S8', 'S9', 'S10', 'S12', 'S11', 'S13', 'S14', 'S15', 'S16', 'S17', 'S3', 'S4', 'S18', 'S5'];
/** On PGlite too: the staff list pages with their exact totals (S1, S8, S10), the dashboard and the create. */
export const PGLITE_SCENARIOS: ScenarioId[] = ['S1', 'S3', 'S5', 'S8', 'S10'];

/**
 * The HTTP call of a scenario; creates get a fresh reference per request through autocannon's id replacement, a
 * pooled scenario the next id of the pool in its path.
 */
export function httpCall(s: Scenario, ctx: Context, base = ctx.base): HttpCall {
  const headers: Record<string, string> = {};
  if (s.role) headers.cookie = ctx.cookies[s.role];
  if (s.method !== 'GET') {
    headers.origin = ctx.base;
    headers['content-type'] = 'application/json';
  }
  const body = s.body ? JSON.stringify(s.body(ctx, `${CREATED_PREFIX}A-[<id>]`)) : undefined;
  const path = s.path(ctx);
  if (s.pooled) {
    const pool = ctx.pool;
    if (!pool) throw new Error(`${s.id}: no pool of ids (the engine fills it on PostgreSQL only)`);
    return { url: base + path, method: s.method, headers, body, nextPath: () => path.replace(POOL_ID, pool.next()) };
  }
  return { url: base + path, method: s.method, headers, body };
}

/**
 * Finds the ids the calls need: a shipment of the customer's company (their newest: the list's default order, the one
 * the data set gives the long thread), and that company (it has contacts).
 */
export async function discover(base: string, cookies: Cookies): Promise<Context> {
  const res = await fetch(`${base}/api/shipments?pageSize=1`, { headers: { cookie: cookies.customer } });
  const page = (await res.json()) as { rows?: { id: string; company_id: string }[] };
  const row = page.rows?.[0];
  if (!res.ok || !row) throw new Error(`no shipment visible to the bench customer (${res.status})`);
  // S7's container: the first of the newest sea shipment, typed the way people do ('msku 123456-7').
  const sea = (await (await fetch(`${base}/api/shipments?type=sea&pageSize=1`, { headers: { cookie: cookies.admin } })).json()) as { rows?: { id: string }[] };
  const detail = sea.rows?.[0] ? ((await (await fetch(`${base}/api/shipments/${sea.rows[0].id}`, { headers: { cookie: cookies.admin } })).json()) as { containers?: { number: string }[] }) : {};
  const number = detail.containers?.[0]?.number;
  if (!number) throw new Error('no sea shipment with a container in the bench data set');
  const containerTyped = `${number.slice(0, 4).toLowerCase()} ${number.slice(4, 10)}-${number.slice(10)}`;
  return { base, cookies, customerShipmentId: row.id, threadShipmentId: row.id, companyId: row.company_id, containerTyped };
}

/** Calls a scenario once and checks its answer, so a broken call fails loudly instead of measuring errors. */
export async function check(s: Scenario, ctx: Context): Promise<{ bytes: number }> {
  const call = httpCall(s, ctx);
  const url = call.nextPath ? new URL(call.nextPath(), call.url).toString() : call.url;
  const res = await fetch(url, {
    method: call.method,
    headers: call.headers,
    body: call.body?.replace('[<id>]', `check-${Date.now()}`),
  });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: expect() says so */
  }
  const problem = s.expect(res.status, body);
  if (problem) throw new Error(`${s.id} ${call.method} ${url}: ${problem}; got ${res.status} ${text.slice(0, 300)}`);
  return { bytes: Buffer.byteLength(text) };
}
