/**
 * Charge codes (issue 38), on PGlite and PostgreSQL: staff read the list, administrators add codes and retire them
 * (never delete); a retired code is refused on a new line but kept by the lines that have it; changes are audited.
 * Who may call which route is in the authorization matrix (src/server/app-tests/authz-matrix.money.cases.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { CHARGE_MESSAGES } from '@domain/billing/charge-rules';
import { BILLING_MESSAGES } from '@domain/billing/schema';

let t: TestApp;
let admin: string;
let handler: string;
let shipment: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@cargodesk.test');
  handler = await t.signIn('export@cargodesk.test');
  shipment = String((await t.db.execute<{ id: string }>(sql`select id from shipments order by created_at desc limit 1`)).rows[0]!.id);
});
afterAll(async () => t?.close());

const codes = async (query = '') => (await t.request(`/api/charge-codes${query}`, { cookie: handler })).json();
const line = (code: string) => ({ side: 'sell', category: 'handling', code, quantity: '1', unit_price: '40', currency: 'EUR' });

describe('the charge codes', () => {
  it("lists the seeded codes by code, searched in code and name", async () => {
    const all = await codes('?pageSize=100');
    expect(all.total).toBe(16);
    expect(all.rows.slice(0, 3)).toEqual([
      { code: 'BAF', category: 'freight', name: 'Bunker adjustment factor', active: true },
      { code: 'CAF', category: 'freight', name: 'Currency adjustment factor', active: true },
      { code: 'CUS', category: 'customs', name: 'Customs clearance', active: true },
    ]);
    expect((await codes('?q=terminal')).rows.map((r: { code: string }) => r.code)).toEqual(['THC']);
  });

  it('an administrator adds a code (once), renames and retires it; a retired code is refused on a new line but kept by its lines', async () => {
    const add = await t.request('/api/charge-codes', { cookie: admin, body: { code: 'lss', category: 'handling', name: 'Low sulphur surcharge' } });
    expect(add.status).toBe(201);
    expect(await add.json()).toEqual({ code: 'LSS', category: 'handling', name: 'Low sulphur surcharge', active: true });
    const again = await t.request('/api/charge-codes', { cookie: admin, body: { code: 'LSS', category: 'handling', name: 'Twice' } });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe(CHARGE_MESSAGES.codeExists('LSS'));
    const bad = await t.request('/api/charge-codes', { cookie: admin, body: { code: 'L-S', category: 'handling', name: 'x' } });
    expect((await bad.json()).error.fields.code).toBe(BILLING_MESSAGES.code);

    const used = await t.request(`/api/shipments/${shipment}/charges`, { cookie: admin, body: line('LSS') });
    expect(used.status).toBe(201);
    const usedId = ((await used.json()) as { id: string }).id;

    const retire = await t.request('/api/charge-codes/lss', { method: 'PATCH', cookie: admin, body: { active: false, name: 'Low sulphur (old)' } });
    expect(await retire.json()).toEqual({ code: 'LSS', category: 'handling', name: 'Low sulphur (old)', active: false });
    expect((await codes('?active=false')).rows.map((r: { code: string }) => r.code)).toEqual(['LSS']);

    const refused = await t.request(`/api/shipments/${shipment}/charges`, { cookie: admin, body: line('LSS') });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.fields.code).toBe(CHARGE_MESSAGES.codeInactive('LSS'));
    const kept = await t.request(`/api/shipments/${shipment}/charges/${usedId}`, { method: 'PATCH', cookie: admin, body: { ...line('LSS'), unit_price: '45' } });
    expect(kept.status).toBe(200);
    expect(await kept.json()).toMatchObject({ code: 'LSS', amount: '45.00' });

    expect((await t.request('/api/charge-codes/NOPE', { method: 'PATCH', cookie: admin, body: { active: true } })).status).toBe(404);
    const audit = await t.db.execute<{ action: string; target: string }>(sql`select action, target from audit_log where action like 'money.charge_code%' order by created_at, id`);
    expect(audit.rows).toEqual([{ action: 'money.charge_code_added', target: 'LSS' }, { action: 'money.charge_code_changed', target: 'LSS' }]);
  });
});
