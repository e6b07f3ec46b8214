/**
 * The demo tells a working office's story (issue 45, decision record 0279), on PGlite and PostgreSQL: statuses fit
 * the dates, exports leave Turkey and imports arrive there, the papers of the past are in and approved (with a file
 * the customer can open), and what is still owed is a few days' worth. The exceptions a real week has are there too.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { DUE_ON } from '@server/db/checklist-fit';
import { OVERDUE } from '@server/features/checklist/service';
import { CAUGHT_UP_DAYS } from './demo-checklists';
import { DEMO_COMPANY } from './demo-fixtures';

let t: TestApp;
let customer: string;
const rows = async <T,>(q: ReturnType<typeof sql>) => (await t.db.execute<T & Record<string, unknown>>(q)).rows as T[];

beforeAll(async () => {
  t = await createTestApp();
  customer = await t.signIn('customer@cargodesk.test');
});
afterAll(async () => t?.close());

describe('the demo data', () => {
  it('has statuses that fit the dates: nothing sails before it is booked or is delivered before it arrives', async () => {
    const [r] = await rows<{ sailed_early: number; delivered_early: number; open: number; delivered: number; in_transit: number }>(sql`
      select count(*) filter (where status in ('in_transit', 'customs_check') and estimated_departure > now())::int as sailed_early,
        count(*) filter (where status in ('delivered', 'completed') and estimated_arrival > now())::int as delivered_early,
        count(*) filter (where status not in ('delivered', 'completed'))::int as open,
        count(*) filter (where status = 'delivered')::int as delivered,
        count(*) filter (where status = 'in_transit')::int as in_transit
      from shipments`);
    expect(r).toMatchObject({ sailed_early: 0, delivered_early: 0 });
    expect(r!.open).toBeGreaterThan(20);
    expect(r!.in_transit).toBeGreaterThan(5);
    expect(r!.delivered).toBeGreaterThan(r!.open);
  });

  it('sends exports out of Turkey and brings imports into it (CD-S…-1096 no longer sails Valencia to New York)', async () => {
    const wrong = await rows<{ reference_number: string }>(sql`
      select reference_number from shipments
      where (loading_type = 'export' and origin_country not in ('TR', 'Turkey')) or (loading_type = 'import' and destination_country not in ('TR', 'Turkey'))
        or origin_country = destination_country
      order by reference_number`);
    expect(wrong).toEqual([]);
    const [imp] = await rows<{ destination_country: string; consignee_name: string; incoterm_place: string | null; incoterm: string }>(sql`
      select destination_country, consignee_name, incoterm, incoterm_place from shipments where reference_number like 'CD-S%-1096'`);
    expect(['TR', 'Turkey']).toContain(imp!.destination_country);
    expect(imp!.consignee_name).toBe(DEMO_COMPANY);
  });

  it('owes only the last days’ papers: everything due before them is received and approved', async () => {
    const [owed] = await rows<{ n: number; oldest: number | null }>(sql`
      select count(*)::int as n, max((now() at time zone 'UTC')::date - ${DUE_ON})::int as oldest
      from shipment_checklist_items i join shipments s on s.id = i.shipment_id where ${OVERDUE}`);
    // The template was seeded at the start of this run: a day may have turned since.
    expect(owed!.oldest).toBeLessThanOrEqual(CAUGHT_UP_DAYS + 1);
    expect(owed!.n).toBeGreaterThan(0);
    expect(owed!.n).toBeLessThan(40);
    const [papers] = await rows<{ received: number; approved: number; unapproved_old: number }>(sql`
      select count(i.document_name)::int as received, count(i.approved_at)::int as approved,
        count(*) filter (where ${DUE_ON} < (now() at time zone 'UTC')::date - ${CAUGHT_UP_DAYS + 1}::int and i.approved_at is null and i.position > 1)::int as unapproved_old
      from shipment_checklist_items i join shipments s on s.id = i.shipment_id`);
    expect(papers!.received).toBeGreaterThan(30);
    expect(papers!.unapproved_old).toBe(0);
  });

  it('gives each received paper a file the customer can open from the shipment', async () => {
    const [item] = await rows<{ shipment_id: string; document_name: string; name: string }>(sql`
      select i.shipment_id, i.document_name, i.name from shipment_checklist_items i join shipments s on s.id = i.shipment_id
      join companies c on c.id = s.company_id
      where c.name = ${DEMO_COMPANY} and i.provider = 'customer' and i.approved_at is not null and i.document_name like 'Pa%'
      order by s.reference_number, i.position limit 1`);
    expect(item).toBeDefined();
    const checklist = (await (await t.request(`/api/shipments/${item!.shipment_id}/checklist`, { cookie: customer })).json()) as {
      items: { name: string; state: string; document: { name: string; original_name: string } | null }[];
    };
    expect(checklist.items.find((i) => i.name === item!.name)).toMatchObject({ state: 'approved', document: { name: item!.document_name, original_name: `${item!.name}.pdf` } });
    const link = await t.request(`/api/documents/${encodeURIComponent(item!.document_name)}/link`, { cookie: customer });
    expect(link.status).toBe(200);
    const { url } = (await link.json()) as { url: string };
    const file = await t.request(new URL(url, 'http://x').pathname + new URL(url, 'http://x').search, { cookie: customer });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('keeps the few exceptions of a real week: a late departure and an arrival not yet confirmed', async () => {
    const [r] = await rows<{ late_departure: number; late_arrival: number }>(sql`
      select count(*) filter (where status in ('pending', 'pending_approval', 'approved', 'in_progress') and estimated_departure < now())::int as late_departure,
        count(*) filter (where status = 'in_transit' and estimated_arrival < now())::int as late_arrival
      from shipments`);
    expect(r!.late_departure).toBeGreaterThan(0);
    expect(r!.late_arrival).toBeGreaterThan(0);
  });
});

describe('the demo conversations', () => {
  it('speak each company’s language: the Turkish customer’s thread is Turkish, the others English', async () => {
    const talks = await rows<{ language: string; body: string }>(sql`
      select k.language, m.body from messages m join threads th on th.id = m.thread_id join companies k on k.id = th.company_id
      where not m.internal order by m.created_at`);
    const turkish = talks.filter((m) => m.language === 'tr').map((m) => m.body);
    expect(turkish).toEqual(['Yükünüz depoya ulaştı; teslimat yarın sabah için planlandı.', 'Harika, teslim alma ekibimize haber verdik. Teşekkürler!']);
    expect(talks.filter((m) => m.language === 'en').length).toBeGreaterThan(10);
  });
});
