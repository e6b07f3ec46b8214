/**
 * The customer's answers to a quote besides accepting it (issue 45), on PGlite and PostgreSQL: decline with a reason
 * (a note required for "other"), ask for a revision with a note (the request goes back to the handler's queue, the
 * quote becomes the handler's draft and the history keeps both), each once and only on the customer's own quoted
 * request; the handler is mailed. Who may call the routes: app-tests/authz-matrix.requests.cases.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { REQUEST_MESSAGES, utcDay } from '@domain/requests/schema';

type Role = 'export' | 'customer';
let t: TestApp;
const cookies: Record<Role, string> = { export: '', customer: '' };
const inDays = (n: number) => utcDay(new Date(Date.now() + n * 86_400_000));
const call = (path: string, role: Role, body?: unknown, method?: string) => t.request(path, { cookie: cookies[role], body, method });
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
/** The request's view: { request, quote }. */
const read = async (id: string, role: Role = 'customer') => (await (await call(`/api/requests/${id}`, role)).json()) as Json;
const outbox = async (prefix: string) =>
  (await t.db.execute<{ to: string }>(sql`select payload->>'to' as to from outbox where idempotency_key like ${`${prefix}%`} order by created_at`)).rows.map((r) => r.to);

/** An air request of the customer, quoted and sent by the export handler. */
async function quoted(): Promise<string> {
  const submitted = await call('/api/requests', 'customer', {
    mode: 'air', direction: 'export', origin_airport: 'IST', destination_airport: 'FRA', cargo_ready_date: inDays(5), cargo_description: 'Textile samples', weight_gross: 480,
  });
  expect(submitted.status, await submitted.clone().text()).toBe(201);
  const { id } = (await submitted.json()) as { id: string };
  const quote = { valid_until: inDays(10), transit_days: 2, lines: [{ side: 'sell', category: 'freight', code: 'FRT', quantity: '480', unit: 'kg', unit_price: '2.25', currency: 'EUR' }] };
  expect((await call(`/api/requests/${id}/quote`, 'export', quote, 'PUT')).status).toBe(200);
  expect((await call(`/api/requests/${id}/quote/send`, 'export', {})).status).toBe(200);
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['export', 'customer'] as const) cookies[role] = await t.signIn(`${role}@cargodesk.test`);
});
afterAll(async () => t?.close());

describe("the customer's answers to a quote", () => {
  it('declines with a reason; the handler is told and the request is closed', async () => {
    const dashboard = async () => ((await (await call('/api/dashboard', 'export')).json()) as Json).requests as { waiting: number; answered: number };
    const before = await dashboard();
    // A new export request waits for a handler on the export handler's dashboard until it is quoted (which takes it).
    const waiting = await call('/api/requests', 'customer', {
      mode: 'air', direction: 'export', origin_airport: 'IST', destination_airport: 'FRA', cargo_ready_date: inDays(5), cargo_description: 'Spare parts', weight_gross: 12,
    });
    expect(waiting.status).toBe(201);
    expect((await dashboard()).waiting).toBe(before.waiting + 1);
    const id = await quoted();
    const res = await call(`/api/requests/${id}/quote/decline`, 'customer', { reason: 'too_expensive', note: '  Another forwarder quoted 1.90/kg  ' });
    expect(res.status, await res.clone().text()).toBe(200);
    const r = ((await res.json()) as Json).request;
    expect(r.status).toBe('declined');
    expect(r.events.find((e: Json) => e.kind === 'quote_declined').detail).toEqual({ reason: 'too_expensive', note: 'Another forwarder quoted 1.90/kg' });
    expect(await outbox(`request-quote_declined:${id}`)).toEqual(['export@cargodesk.test']);
    // The answer counts on the handler's dashboard (the requests they handle, last 7 days).
    expect((await dashboard()).answered).toBe(before.answered + 1);
    const audit = (await t.db.execute<{ details: Json }>(sql`select details from audit_log where action = 'request.quote_declined' and target = ${r.number}`)).rows;
    expect(audit.map((a) => a.details)).toEqual([{ reason: 'too_expensive' }]);
    // Answered once: a second answer, an acceptance or a revision is refused.
    for (const [path, body] of [['quote/decline', { reason: 'other', note: 'x' }], ['quote/revision', { note: 'x' }], ['accept', {}]] as const) {
      const again = await call(`/api/requests/${id}/${path}`, 'customer', body);
      expect(again.status, path).toBe(409);
    }
  });

  it('refuses a decline without a reason, "other" without a note, and a note past 2000 characters, changing nothing', async () => {
    const id = await quoted();
    const cases: [unknown, string, string][] = [
      [{}, 'reason', REQUEST_MESSAGES.quoteDeclineReason],
      [{ reason: 'too_slow' }, 'reason', REQUEST_MESSAGES.quoteDeclineReason],
      [{ reason: 'other', note: '   ' }, 'note', REQUEST_MESSAGES.quoteDeclineNote],
      [{ reason: 'transit_too_long', note: 'x'.repeat(2001) }, 'note', REQUEST_MESSAGES.answerNoteLength],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(`/api/requests/${id}/quote/decline`, 'customer', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as Json).error.fields[field]).toBe(message);
    }
    const revision = await call(`/api/requests/${id}/quote/revision`, 'customer', { note: ' ' });
    expect(revision.status).toBe(400);
    expect(((await revision.json()) as Json).error.fields.note).toBe(REQUEST_MESSAGES.revisionNote);
    expect((await read(id)).request.status).toBe('quoted');
  });

  it('asks for a revision: back in the queue, the quote a draft again, then quoted anew and accepted; the history keeps it all', async () => {
    const id = await quoted();
    const res = await call(`/api/requests/${id}/quote/revision`, 'customer', { note: 'Can you do 2.00/kg for 480 kg?' });
    expect(res.status, await res.clone().text()).toBe(200);
    const view = (await res.json()) as Json;
    expect(view.request.status).toBe('submitted');
    // The customer no longer sees the old quote as one to accept; the handler has it as a draft to change.
    expect(view.quote).toBeNull();
    const staff = await read(id, 'export');
    expect(staff.quote).toMatchObject({ sent_at: null, lines: [expect.objectContaining({ unit_price: '2.25' })] });
    expect(staff.request.events.find((e: Json) => e.kind === 'revision_requested').detail).toEqual({ note: 'Can you do 2.00/kg for 480 kg?' });
    expect(await outbox(`request-revision_requested:${id}`)).toEqual(['export@cargodesk.test']);
    expect((await call(`/api/requests/${id}/accept`, 'customer', {})).status).toBe(409);

    const revised = { valid_until: inDays(10), transit_days: 2, lines: [{ side: 'sell', category: 'freight', code: 'FRT', quantity: '480', unit: 'kg', unit_price: '2.00', currency: 'EUR' }] };
    expect((await call(`/api/requests/${id}/quote`, 'export', revised, 'PUT')).status).toBe(200);
    expect((await call(`/api/requests/${id}/quote/send`, 'export', {})).status).toBe(200);
    const kinds = (await read(id)).request.events.map((e: Json) => e.kind);
    expect(kinds.filter((k: string) => k === 'quote_sent')).toHaveLength(2);
    expect(kinds).toContain('revision_requested');
    expect((await call(`/api/requests/${id}/accept`, 'customer', {})).status).toBe(201);
  });

  it("answers 404 for another company's request and a request that is not an id", async () => {
    const other = (await t.db.execute<{ id: string }>(sql`
      select r.id from requests r join companies c on c.id = r.company_id where c.name <> 'Anatolia Textiles Ltd' order by r.number limit 1`)).rows[0]!.id;
    expect((await call(`/api/requests/${other}/quote/decline`, 'customer', { reason: 'too_expensive' })).status).toBe(404);
    expect((await call('/api/requests/nope/quote/revision', 'customer', { note: 'x' })).status).toBe(404);
  });
});
