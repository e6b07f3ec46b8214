/**
 * Issue 45, on PGlite and PostgreSQL: the papers a customer's company owes (GET /api/checklist/owed), nearest due day
 * first, by state, never another company's (in the app's SQL and under row-level security); and the customer
 * dashboard's action list, each part as its own page counts it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, createTestApp, type TestApp } from '@tests/helpers/test-app';
import { withCustomerScope } from '@server/db/customer-scope';
import type { SessionUser } from '@server/http/context';
import type { OwedRow } from '@domain/checklist/owed';
import type { ShipmentChecklist } from '@domain/checklist/schema';
import type { Dashboard } from '@domain/analytics/schema';
import type { Page } from '@domain/common/list-schema';
import { UPLOAD_NAME_HEADER } from '@domain/documents/schema';
import { loadRefs, seaBody, type Refs } from '@server/features/shipments/test-fixtures';
import { SAMPLES } from '@server/features/documents/test-fixtures';
import { listOwed } from './owed';

type Role = 'admin' | 'export' | 'customer';
let t: TestApp;
let refs: Refs;
const cookies = {} as Record<Role, string>;
const PREFIX = `OWED-${Date.now().toString(36).toUpperCase()}`;
const DAY = 86_400_000;

const call = (path: string, role: Role, body?: unknown) => t.request(path, { cookie: cookies[role], body });
async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}
const owed = (query: string, role: Role = 'customer') => call(`/api/checklist/owed?${query}`, role);

/** A sea export of `company` whose papers due 5 days before departure are due `inDays` from today (UTC). */
async function shipmentDueIn(n: number, inDays: number, company = refs.anatolia) {
  const departure = new Date(Date.now() + (inDays + 5) * DAY);
  departure.setUTCHours(12, 0, 0, 0);
  const body = seaBody(refs, {
    reference_number: `${PREFIX}-${n}`, company_id: company,
    estimated_departure: departure.toISOString(), estimated_arrival: new Date(departure.getTime() + 20 * DAY).toISOString(),
  });
  const s = await json<{ id: string; reference_number: string }>(await call('/api/shipments', 'export', body), 201);
  const c = await json<ShipmentChecklist>(await call(`/api/shipments/${s.id}/checklist`, 'admin'));
  return { ...s, items: c.items };
}

let early: Awaited<ReturnType<typeof shipmentDueIn>>;
let late: Awaited<ReturnType<typeof shipmentDueIn>>;
let far: Awaited<ReturnType<typeof shipmentDueIn>>;
let foreign: Awaited<ReturnType<typeof shipmentDueIn>>;

beforeAll(async () => {
  t = await createTestApp();
  refs = await loadRefs(t);
  for (const role of ['admin', 'export', 'customer'] as const) cookies[role] = await t.signIn(`${role}@cargodesk.test`);
  early = await shipmentDueIn(1, 3);
  late = await shipmentDueIn(2, -4);
  far = await shipmentDueIn(3, 20);
  foreign = await shipmentDueIn(4, -1, refs.rhein);
  // The Packing List of the first is sent and refused: rejected, with the reason.
  const packing = early.items.find((i) => i.name === 'Packing List')!;
  const headers = { origin: ORIGIN, cookie: cookies.customer, 'content-type': 'application/octet-stream', [UPLOAD_NAME_HEADER]: encodeURIComponent('Packing list.pdf') };
  expect((await t.app.request(`${ORIGIN}/api/checklist-items/${packing.id}/upload`, { method: 'POST', headers, body: SAMPLES.pdf! } as RequestInit)).status).toBe(201);
  expect((await call(`/api/checklist-items/${packing.id}/review`, 'export', { decision: 'reject', reason: 'Unsigned.' })).status).toBe(204);
});
afterAll(async () => t?.close());

describe('GET /api/checklist/owed', () => {
  it("lists the company's papers still owed, the nearest due day first, each with its state, days and rejection", async () => {
    const page = await json<Page<OwedRow>>(await owed(`q=${PREFIX}&pageSize=100`));
    const customerPapers = (s: typeof early) => s.items.filter((i) => i.provider === 'customer' && i.required).map((i) => i.id);
    expect(page.rows.map((r) => r.id).sort()).toEqual([...customerPapers(early), ...customerPapers(late), ...customerPapers(far)].sort());
    expect(page.total).toBe(page.rows.length);
    // Nearest first: due in 3 days, 4 days late, due in 20 days (the forwarder's own papers are not the customer's).
    const distance = page.rows.map((r) => Math.abs(r.days ?? Infinity));
    expect(distance).toEqual([...distance].sort((a, b) => a - b));
    // Each row's days and state follow from its due day (the template's offsets differ by paper).
    const today = new Date().toISOString().slice(0, 10);
    for (const r of page.rows) {
      expect(r.days, r.name).toBe(Math.round((Date.parse(r.due_on!) - Date.parse(today)) / DAY));
      expect(r.state, r.name).toBe(r.rejected ? 'rejected' : r.days! < 0 ? 'overdue' : 'due');
    }
    expect(page.rows.some((r) => r.state === 'overdue') && page.rows.some((r) => r.state === 'due')).toBe(true);
    const rejected = page.rows.find((r) => r.name === 'Packing List' && r.shipment_id === early.id)!;
    expect(rejected).toMatchObject({ state: 'rejected', days: 3, rejected: { reason: 'Unsigned.', original_name: 'Packing list.pdf' } });
  });

  it('narrows to a state, and a search by reference or name', async () => {
    const rejected = await json<Page<OwedRow>>(await owed(`q=${PREFIX}&state=rejected`));
    expect(rejected.rows.map((r) => [r.reference_number, r.name])).toEqual([[early.reference_number, 'Packing List']]);
    const byName = await json<Page<OwedRow>>(await owed('q=packing list&pageSize=100'));
    expect(byName.rows.length).toBeGreaterThan(0);
    expect(byName.rows.every((r) => r.name.toLowerCase().includes('packing list'))).toBe(true);
    const bad = await owed('state=lost');
    expect(bad.status).toBe(400);
  });

  it("never lists another company's papers: not in the app's answer, not under row-level security", async () => {
    const all: OwedRow[] = [];
    for (let page = 1; ; page++) {
      const p = await json<Page<OwedRow>>(await owed(`page=${page}&pageSize=100`));
      all.push(...p.rows);
      if (all.length >= p.total) break;
    }
    expect(all.some((r) => r.shipment_id === foreign.id)).toBe(false);
    const companies = await t.db.execute<{ company_id: string }>(sql`select distinct company_id from shipments where id in ${sql.raw(`(${all.map((r) => `'${r.shipment_id}'`).join(',')})`)} order by 1`);
    expect(companies.rows.map((r) => r.company_id)).toEqual([refs.anatolia]);
    // The service itself, run for a customer of the other company with the scope's SQL filter taken away: row-level
    // security alone keeps Anatolia's rows out.
    const rhein = { id: crypto.randomUUID(), role: 'customer', company_id: refs.rhein } as SessionUser;
    const seen = await withCustomerScope(t.db, rhein, async (d) =>
      (await d.execute<{ n: number }>(sql`select count(*)::int as n from shipment_checklist_items i join shipments s on s.id = i.shipment_id where s.company_id = ${refs.anatolia}`)).rows[0]!.n,
    );
    expect(seen).toBe(0);
    const theirs = await listOwed(t.db, rhein, { q: PREFIX, page: 1, pageSize: 100 });
    expect(theirs.rows.map((r) => r.shipment_id)).toEqual(foreign.items.filter((i) => i.provider === 'customer' && i.required).map(() => foreign.id));
  });

  it('is the customers’ list: staff are refused (they have the overdue documents)', async () => {
    for (const role of ['admin', 'export'] as const) expect((await owed('', role)).status).toBe(403);
  });
});

describe("the customer dashboard's action list", () => {
  it('shows the papers rejected, overdue or due within a week, nearest first, and counts each part as its page does', async () => {
    const d = await json<Dashboard>(await call('/api/dashboard', 'customer'));
    if (d.kind !== 'customer') throw new Error('a customer dashboard');
    const all: OwedRow[] = [];
    for (let page = 1; ; page++) {
      const p = await json<Page<OwedRow>>(await owed(`page=${page}&pageSize=100`));
      all.push(...p.rows);
      if (all.length >= p.total) break;
    }
    const soon = all.filter((r) => r.state !== 'due' || (r.days !== null && r.days <= 7));
    expect(d.actions.papers.total).toBe(soon.length);
    expect(d.actions.papers.rows).toEqual(soon.slice(0, 5));
    expect(soon.some((r) => r.shipment_id === far.id)).toBe(false);
    expect(soon.some((r) => r.shipment_id === early.id) && soon.some((r) => r.shipment_id === late.id)).toBe(true);

    const quoted = await json<Page<{ id: string; valid_until: string }>>(await call('/api/requests?status=quoted&pageSize=100', 'customer'));
    expect(d.actions.quotes.total).toBe(quoted.total);
    expect(d.actions.quotes.rows.map((q) => q.valid_until)).toEqual([...d.actions.quotes.rows.map((q) => q.valid_until)].sort());
    const threads = await json<{ unread: number }>(await call('/api/threads?unread=true', 'customer'));
    expect(d.actions.messages.total).toBe(threads.unread);
    let open = 0;
    for (const state of ['overdue', 'partly_paid', 'issued']) open += (await json<Page<unknown>>(await call(`/api/invoices?kind=invoice&state=${state}`, 'customer'))).total;
    expect(d.actions.invoices.total).toBe(open);
    expect(d.actions.invoices.rows.every((i) => Number(i.open) > 0)).toBe(true);
  });
});
