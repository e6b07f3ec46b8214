import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { DOCUMENT_MESSAGES } from '@domain/documents/schema';
import { landBody, loadRefs, type Refs } from '@server/features/shipments/test-fixtures';
import { SAMPLES, upload } from './test-fixtures';

// Issue 21: documents from the shipment itself. An upload aimed at a shipment is assigned to it in the same
// transaction (with its history row); one that may not be is refused before anything is stored.

let t: TestApp;
let refs: Refs;
const cookies = {} as Record<'admin' | 'export' | 'import' | 'customer', string>;

beforeAll(async () => {
  t = await createTestApp();
  refs = await loadRefs(t);
  for (const role of ['admin', 'export', 'import', 'customer'] as const) cookies[role] = await t.signIn(`${role}@cargodesk.test`);
});
afterAll(async () => t?.close());

/** A land shipment created by the export handler (who is then its handler). */
async function exportShipment(): Promise<{ id: string; reference_number: string }> {
  const res = await t.request('/api/shipments', { body: landBody(refs), cookie: cookies.export });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; reference_number: string };
}
const stored = async (originalName: string) =>
  (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from files where original_name = ${originalName}`)).rows[0]!.n;

describe('POST /api/documents?shipment_id=', () => {
  it("assigns the upload to the handler's shipment with its history row, and the shipment lists it", async () => {
    const s = await exportShipment();
    const name = `Packing list ${Date.now()}.pdf`;
    const res = await upload(t, cookies.export, name, SAMPLES.pdf!, {}, s.id);
    expect(res.status, await res.clone().text()).toBe(201);
    const doc = (await res.json()) as { name: string; assignment: { shipment_id: string; reference_number: string } | null };
    expect(doc.assignment).toMatchObject({ shipment_id: s.id, reference_number: s.reference_number });
    const events = await t.db.execute<{ kind: string; changes: unknown }>(sql`
      select kind, changes from shipment_events where shipment_id = ${s.id} and kind = 'document_assigned'`);
    expect(events.rows).toEqual([{ kind: 'document_assigned', changes: { document: { from: null, to: name } } }]);
    const listed = (await (await t.request(`/api/shipments/${s.id}/documents`, { cookie: cookies.customer })).json()) as { rows?: { name: string }[] } | { name: string }[];
    expect((Array.isArray(listed) ? listed : listed.rows!).map((d) => d.name)).toContain(doc.name);
  });

  it('refuses a shipment the handler does not handle, an unknown one and a customer, storing nothing', async () => {
    const s = await exportShipment();
    const name = `Refused ${Date.now()}.pdf`;
    const other = await upload(t, cookies.import, name, SAMPLES.pdf!, {}, s.id);
    expect(other.status).toBe(403);
    expect(((await other.json()) as { error: { message: string } }).error.message).toBe(DOCUMENT_MESSAGES.notYourShipment);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await upload(t, cookies.admin, name, SAMPLES.pdf!, {}, id);
      expect(res.status, id).toBe(404);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Shipment not found or access denied');
    }
    expect((await upload(t, cookies.customer, name, SAMPLES.pdf!, {}, s.id)).status).toBe(403);
    expect(await stored(name)).toBe(0);
    const events = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from shipment_events where shipment_id = ${s.id} and kind = 'document_assigned'`);
    expect(events.rows[0]!.n).toBe(0);
  });
});
