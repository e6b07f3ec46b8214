/**
 * A checklist row applies only where it fits (issue 41), on PGlite and PostgreSQL: the dangerous goods declaration is
 * on a shipment with dangerous goods and on no other; an edit of the goods adds or removes it (a row with a document
 * stays); an admin sets a template row's condition, and a wrong one is refused with a clear message.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import type { ChecklistTemplate, ShipmentChecklist } from '@domain/checklist/schema';
import { airBody, loadRefs, seaBody, type Refs } from '@server/features/shipments/test-fixtures';

let t: TestApp;
let refs: Refs;
let admin = '';
const DGD = 'Dangerous Goods Declaration';
const EXPORT = { loading_type: 'export' };
const DANGEROUS = { ...EXPORT, dangerous_goods: true, un_number: 'UN1263', hazard_class: '3', packing_group: 'II' };

async function json<T>(res: Response, status: number): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}
const call = (path: string, body?: unknown, method?: string) => t.request(path, { cookie: admin, body, method });
const names = async (id: string) => (await json<ShipmentChecklist>(await call(`/api/shipments/${id}/checklist`), 200)).items.map((i) => i.name);
const create = async (body: Record<string, unknown>) => (await json<{ id: string }>(await call('/api/shipments', body), 201)).id;

beforeAll(async () => {
  t = await createTestApp();
  refs = await loadRefs(t);
  admin = await t.signIn('admin@cargodesk.test');
});
afterAll(async () => t?.close());

describe('checklist rows that fit the shipment', () => {
  it('an air export has the dangerous goods declaration only with dangerous goods, and there it is required', async () => {
    const plain = await create(airBody(refs, EXPORT));
    expect(await names(plain)).not.toContain(DGD);
    const dangerous = await create(airBody(refs, DANGEROUS));
    const c = await json<ShipmentChecklist>(await call(`/api/shipments/${dangerous}/checklist`), 200);
    expect(c.items.find((i) => i.name === DGD)).toMatchObject({ required: true, provider: 'customer' });
    // A sea export with dangerous goods asks for the IMDG form too.
    expect(await names(await create(seaBody(refs, DANGEROUS)))).toContain(`${DGD} (IMDG)`);
    expect(await names(await create(seaBody(refs, EXPORT)))).not.toContain(`${DGD} (IMDG)`);
  });

  it('an edit of the goods adds the row at the end or removes it, and keeps one that has its document', async () => {
    const body = airBody(refs, EXPORT);
    const id = await create(body);
    const before = await names(id);
    expect((await call(`/api/shipments/${id}`, { ...body, ...DANGEROUS }, 'PUT')).status).toBe(200);
    expect(await names(id)).toEqual([...before, DGD]);
    expect((await call(`/api/shipments/${id}`, body, 'PUT')).status).toBe(200);
    expect(await names(id)).toEqual(before);

    // Received before the goods were changed: the document's row stays.
    const kept = await create(airBody(refs, DANGEROUS));
    const item = (await json<ShipmentChecklist>(await call(`/api/shipments/${kept}/checklist`), 200)).items.find((i) => i.name === DGD)!;
    await t.db.execute(sql`UPDATE shipment_checklist_items SET received_at = now() WHERE id = ${item.id}`);
    const current = await json<{ reference_number: string }>(await call(`/api/shipments/${kept}`), 200);
    expect((await call(`/api/shipments/${kept}`, airBody(refs, { ...EXPORT, reference_number: current.reference_number }), 'PUT')).status).toBe(200);
    expect(await names(kept)).toContain(DGD);
  });

  it("an admin sets a template row's condition; an unknown one is refused with its message", async () => {
    const templates = await json<ChecklistTemplate[]>(await call('/api/settings/checklist-templates'), 200);
    const land = templates.find((x) => x.type === 'land' && x.direction === 'export')!;
    const items = [...land.items, { name: 'Temperature log', provider: 'forwarder', required: true, anchor: 'departure', offset_days: -1, applies_when: 'temperature_controlled' }];
    const saved = await json<ChecklistTemplate>(await call('/api/settings/checklist-templates/land/export', { items }, 'PUT'), 200);
    expect(saved.items.at(-1)).toMatchObject({ name: 'Temperature log', applies_when: 'temperature_controlled' });
    // Rows without a condition apply to every shipment.
    expect(saved.items[0]!.applies_when).toBe('always');
    const bad = await call('/api/settings/checklist-templates/land/export', { items: [{ ...items[0], applies_when: 'sometimes' }] }, 'PUT');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('applies_when must be always, dangerous_goods or temperature_controlled');
    // Put the template back as it was for the other tests of this file's app.
    await json(await call('/api/settings/checklist-templates/land/export', { items: land.items }, 'PUT'), 200);
  });
});
