/**
 * Delay and exception alerts (issue 17, decision record 0230), on PGlite and PostgreSQL: the SQL's counts and lists
 * agree with the domain's rules over every shipment; the counters stay exact through creates, edits, status and
 * handler changes; handlers see their own shipments, admins all, customers nothing; the thresholds are validated and
 * audited.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import {
  EXCEPTION_KINDS, EXCEPTION_MESSAGES, exceptionsOf,
  type ExceptionCounts, type ExceptionFacts, type ExceptionKind, type ExceptionRow, type ExceptionSettings,
} from '@domain/exceptions/schema';
import type { Page } from '@domain/common/list-schema';
import { airBody, loadRefs, type Refs } from '@server/features/shipments/test-fixtures';

let t: TestApp;
let refs: Refs;
const cookies: Record<'admin' | 'export' | 'import' | 'customer', string> = { admin: '', export: '', import: '', customer: '' };
let exportUser = '';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  refs = await loadRefs(t);
  for (const role of ['admin', 'export', 'import', 'customer'] as const) cookies[role] = await t.signIn(`${role}@cargodesk.test`);
  exportUser = (await t.db.execute<{ id: string }>(sql`select id from users where email = 'export@cargodesk.test'`)).rows[0]!.id;
});
afterAll(async () => t?.close());

const counts = async (cookie: string) => {
  const res = await t.request('/api/exceptions/counts', { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ExceptionCounts;
};
const list = async (cookie: string, kind: ExceptionKind, extra = '') => {
  const res = await t.request(`/api/exceptions?kind=${kind}&pageSize=100${extra}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Page<ExceptionRow>;
};

/** Every shipment's facts, as the domain's rules read them, with its handler. */
async function facts(): Promise<(ExceptionFacts & { id: string; handler_id: string | null })[]> {
  const r = await t.db.execute<ExceptionFacts & { id: string; handler_id: string | null; arrival_shift_days: string | null }>(sql`
    select id, handler_id, status, estimated_departure, estimated_arrival, updated_at, arrival_shift_days, arrival_shifted_at from shipments`);
  return r.rows.map((row) => ({ ...row, arrival_shift_days: row.arrival_shift_days === null ? null : Number(row.arrival_shift_days) }));
}

/** The domain's answer: which shipments each rule holds for, for one handler or for all. */
async function expected(settings: ExceptionSettings, handler: string | null): Promise<Record<ExceptionKind, Set<string>>> {
  const now = new Date();
  const out = Object.fromEntries(EXCEPTION_KINDS.map((k) => [k, new Set<string>()])) as Record<ExceptionKind, Set<string>>;
  for (const f of await facts()) {
    if (handler && f.handler_id !== handler) continue;
    for (const kind of exceptionsOf(f, now, settings)) out[kind].add(f.id);
  }
  return out;
}

/** The counters rebuilt from the shipments (the migration's backfill) equal the ones the trigger kept. */
async function countersAreExact(): Promise<void> {
  const r = await t.db.execute<{ diff: number }>(sql`
    with kept as (select kind, handler_key, day, sum(n)::int n from shipment_due_stats group by 1, 2, 3 having sum(n) <> 0),
    rebuilt as (
      select k.kind, h.key handler_key, k.day, count(*)::int n
      from shipments s
      cross join lateral (values
        ('departure', case when s.status in ('pending', 'pending_approval', 'approved', 'in_progress') then (s.estimated_departure at time zone 'UTC')::date end),
        ('arrival', case when s.status not in ('delivered', 'completed') then (s.estimated_arrival at time zone 'UTC')::date end),
        ('no_change', case when s.status not in ('delivered', 'completed') then (s.updated_at at time zone 'UTC')::date end)) k(kind, day)
      cross join lateral (values ('00000000-0000-0000-0000-000000000000'::uuid), (s.handler_id)) h(key)
      where k.day is not null and h.key is not null group by 1, 2, 3)
    select count(*)::int diff from (
      (select * from kept except select * from rebuilt) union all (select * from rebuilt except select * from kept)) d`);
  expect(r.rows[0]!.diff).toBe(0);
}

async function create(extra: Record<string, unknown>, cookie = cookies.export): Promise<string> {
  const res = await t.request('/api/shipments', { cookie, body: airBody(refs, { loading_type: 'export', ...extra }) });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe('exceptions: the SQL agrees with the rules', () => {
  it('counts and lists equal the domain rules over every shipment, for an admin (all) and a handler (own)', async () => {
    // Around the day boundaries the counters and the index meet at: an hour ago (today), yesterday, tomorrow.
    await create({ estimated_departure: at(-HOUR), estimated_arrival: at(2 * DAY) });
    await create({ estimated_departure: at(-DAY - HOUR), estimated_arrival: at(-HOUR) });
    await create({ estimated_departure: at(DAY), estimated_arrival: at(5 * DAY) });
    for (const [cookie, handler] of [[cookies.admin, null], [cookies.export, exportUser]] as const) {
      const c = await counts(cookie);
      expect(c.scope).toBe(handler ? 'mine' : 'all');
      const want = await expected(c.settings, handler);
      for (const kind of EXCEPTION_KINDS) {
        expect(c[kind], `${kind} count`).toBe(want[kind].size);
        const page = await list(cookie, kind);
        expect(page.total, `${kind} total`).toBe(want[kind].size);
        for (const row of page.rows) expect(want[kind].has(row.id), `${kind} lists ${row.reference_number}`).toBe(true);
        // Newest due first.
        const since = page.rows.map((r) => r.since);
        expect(since).toEqual([...since].sort().reverse());
      }
    }
    // The overdue checklist documents: the checklist's own list and count, in the same scope.
    for (const cookie of [cookies.admin, cookies.export, cookies.import]) {
      const documents = (await (await t.request('/api/checklist/overdue?pageSize=1', { cookie })).json()) as { total: number };
      expect((await counts(cookie)).checklist_overdue).toBe(documents.total);
    }
    expect((await counts(cookies.admin)).checklist_overdue).toBeGreaterThan((await counts(cookies.export)).checklist_overdue);
    // The demo data has late shipments of every due rule: the checks above compared real numbers, not zeros.
    const all = await counts(cookies.admin);
    expect(all.departure_overdue).toBeGreaterThan(0);
    expect(all.arrival_overdue).toBeGreaterThan(0);
    await countersAreExact();
  });

  it('a late departure appears for its handler and admins, not for another handler, and leaves when it departs', async () => {
    const id = await create({ estimated_departure: at(-2 * HOUR), estimated_arrival: at(3 * DAY) });
    const handler = (await t.db.execute<{ handler_id: string | null }>(sql`select handler_id from shipments where id = ${id}`)).rows[0]!.handler_id;
    expect(handler).toBe(exportUser);
    const before = await counts(cookies.export);
    const importBefore = await counts(cookies.import);
    expect((await list(cookies.export, 'departure_overdue')).rows.map((r) => r.id)).toContain(id);
    expect((await list(cookies.admin, 'departure_overdue')).rows.map((r) => r.id)).toContain(id);
    expect((await list(cookies.import, 'departure_overdue')).rows.map((r) => r.id)).not.toContain(id);

    const res = await t.request(`/api/shipments/${id}/status`, { cookie: cookies.export, body: { status: 'in_transit' } });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = await counts(cookies.export);
    expect(after.departure_overdue).toBe(before.departure_overdue - 1);
    expect(after.arrival_overdue).toBe(before.arrival_overdue);
    expect((await counts(cookies.import)).departure_overdue).toBe(importBefore.departure_overdue);
    expect((await list(cookies.export, 'departure_overdue')).rows.map((r) => r.id)).not.toContain(id);
    await countersAreExact();
  });

  it('a moved arrival is listed with its shift while it exceeds the threshold; unassigning moves the counts', async () => {
    const body = airBody(refs, { loading_type: 'export', estimated_departure: at(DAY), estimated_arrival: at(4 * DAY) });
    const res = await t.request('/api/shipments', { cookie: cookies.export, body });
    const id = ((await res.json()) as { id: string }).id;
    const edited = await t.request(`/api/shipments/${id}`, {
      cookie: cookies.admin,
      method: 'PUT',
      body: { ...body, estimated_arrival: new Date(new Date(body.estimated_arrival).getTime() + 5 * DAY).toISOString() },
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const moved = (await list(cookies.export, 'arrival_moved')).rows.find((r) => r.id === id);
    expect(moved?.shift_days).toBe(5);

    // Above the threshold only: 5 days is not more than 5.
    await setThresholds({ arrival_moved_days: 5, no_change_days: 14 });
    expect((await list(cookies.export, 'arrival_moved')).rows.map((r) => r.id)).not.toContain(id);
    await setThresholds({ arrival_moved_days: 2, no_change_days: 14 });

    // Unassigned: it leaves export's counts and stays in the admins' (every shipment).
    const exportBefore = await counts(cookies.export);
    const allBefore = await counts(cookies.admin);
    const handed = await t.request(`/api/shipments/${id}/handler`, { cookie: cookies.admin, method: 'PUT', body: { handler_id: null } });
    expect(handed.status, await handed.clone().text()).toBe(200);
    expect((await counts(cookies.export)).arrival_moved).toBe(exportBefore.arrival_moved - 1);
    expect((await counts(cookies.admin)).arrival_moved).toBe(allBefore.arrival_moved);
    expect((await list(cookies.admin, 'arrival_moved')).rows.find((r) => r.id === id)?.handler_name).toBeNull();
    await countersAreExact();
  });

  it('no change in N days follows the threshold', async () => {
    const id = await create({ estimated_departure: at(10 * DAY), estimated_arrival: at(20 * DAY) });
    await t.db.execute(sql`update shipments set updated_at = now() - interval '20 days' where id = ${id}`);
    expect((await list(cookies.admin, 'no_change')).rows.map((r) => r.id)).toContain(id);
    await setThresholds({ arrival_moved_days: 2, no_change_days: 30 });
    expect((await list(cookies.admin, 'no_change')).rows.map((r) => r.id)).not.toContain(id);
    const c = await counts(cookies.admin);
    expect(c.no_change).toBe((await expected(c.settings, null)).no_change.size);
    await setThresholds({ arrival_moved_days: 2, no_change_days: 14 });
    await countersAreExact();
  });
});

async function setThresholds(body: ExceptionSettings) {
  const res = await t.request('/api/exceptions/settings', { cookie: cookies.admin, method: 'PUT', body });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('exceptions: who may read and set', () => {
  it('customers get 403 on every exception route; handlers may read the thresholds but not set them', async () => {
    for (const path of ['/api/exceptions', '/api/exceptions/counts', '/api/exceptions/settings']) {
      expect((await t.request(path, { cookie: cookies.customer })).status, path).toBe(403);
    }
    expect((await t.request('/api/exceptions/settings', { cookie: cookies.export })).status).toBe(200);
    const res = await t.request('/api/exceptions/settings', { cookie: cookies.export, method: 'PUT', body: { arrival_moved_days: 3, no_change_days: 10 } });
    expect(res.status).toBe(403);
  });

  it('bad thresholds get the field messages and change nothing; a change is audited with old and new values', async () => {
    const before = await (await t.request('/api/exceptions/settings', { cookie: cookies.admin })).json();
    const bad = await t.request('/api/exceptions/settings', { cookie: cookies.admin, method: 'PUT', body: { arrival_moved_days: 0, no_change_days: 366 } });
    expect(bad.status).toBe(400);
    const error = ((await bad.json()) as { error: { fields: Record<string, string> } }).error;
    expect(error.fields.arrival_moved_days).toBe(EXCEPTION_MESSAGES.arrivalMovedDays);
    expect(error.fields.no_change_days).toBe(EXCEPTION_MESSAGES.noChangeDays);
    expect(await (await t.request('/api/exceptions/settings', { cookie: cookies.admin })).json()).toEqual(before);

    const ok = await t.request('/api/exceptions/settings', { cookie: cookies.admin, method: 'PUT', body: { arrival_moved_days: 4, no_change_days: 21 } });
    expect(ok.status).toBe(200);
    const view = (await ok.json()) as { arrival_moved_days: number; no_change_days: number; updated_by_name: string | null };
    expect(view).toMatchObject({ arrival_moved_days: 4, no_change_days: 21 });
    expect(view.updated_by_name).toBeTruthy();
    const audit = await t.db.execute<{ details: { before: ExceptionSettings; after: ExceptionSettings } }>(
      sql`select details from audit_log where action = 'settings.exception_thresholds' order by created_at desc limit 1`,
    );
    expect(audit.rows[0]!.details.after).toEqual({ arrival_moved_days: 4, no_change_days: 21 });
    await setThresholds({ arrival_moved_days: 2, no_change_days: 14 });
  });

  it('an unknown kind is a 400 naming the kinds', async () => {
    const res = await t.request('/api/exceptions?kind=late', { cookie: cookies.admin });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(EXCEPTION_MESSAGES.kind);
  });
});
