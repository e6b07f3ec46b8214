/**
 * Share-tracking links (issue 17, decision record 0228), on PGlite and PostgreSQL: who may create, list and revoke;
 * what the public page shows (no money, parties, addresses or notes; only the final documents the creator ticked); one neutral answer for unknown,
 * expired and revoked tokens; views counted; the audit log; the page's headers and rate limit.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, type TestApp } from '@tests/helpers/test-app';
import { NEVER_PUBLIC, SHARE_LINK_MAX_ACTIVE, SHARE_LINK_MESSAGES, SHARE_PAGE_RATE, type CreatedShareLink, type PublicTracking, type ShareLink } from '@domain/share-links/schema';
import { loadRefs, seaBody, type Refs } from '@server/features/shipments/test-fixtures';
import { withCustomerScope } from '@server/db/customer-scope';

let t: TestApp;
let refs: Refs;
const cookies: Record<'admin' | 'export' | 'import' | 'customer', string> = { admin: '', export: '', import: '', customer: '' };
/** A sea shipment of the customer's company, tracked, with two containers, money, notes and parties. */
let own: { id: string; reference_number: string };
/** A shipment of another company. */
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  refs = await loadRefs(t);
  for (const role of ['admin', 'export', 'import', 'customer'] as const) cookies[role] = await t.signIn(`${role}@cargodesk.test`);
  const res = await t.request('/api/shipments', {
    cookie: cookies.export,
    body: seaBody(refs, { trackable: true, customer_reference: 'MSKU1234565', shipper_name: 'Secret Shipper AS', consignee_name: 'Quiet Consignee BV', consignee_address: 'Hidden Street 9' }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  own = (await res.json()) as { id: string; reference_number: string };
  expect((await t.request(`/api/shipments/${own.id}/status`, { cookie: cookies.export, body: { status: 'in_transit' } })).status).toBe(200);
  other = (await t.db.execute<{ id: string }>(sql`select id from shipments where company_id <> ${refs.anatolia} limit 1`)).rows[0]!.id;
});
afterAll(async () => t?.close());

const links = (shipment: string, cookie: string) => t.request(`/api/shipments/${shipment}/share-links`, { cookie });
const create = (shipment: string, cookie: string, body: unknown = {}) => t.request(`/api/shipments/${shipment}/share-links`, { cookie, body });
const revoke = (shipment: string, link: string, cookie: string) => t.request(`/api/shipments/${shipment}/share-links/${link}`, { cookie, method: 'DELETE' });
const open = (token: string, ip?: string) => t.request(`/api/track/${token}`, ip ? { ip } : {});
async function made(cookie = cookies.customer, body: unknown = {}): Promise<CreatedShareLink> {
  const res = await create(own.id, cookie, body);
  expect(res.status).toBe(201);
  return (await res.json()) as CreatedShareLink;
}

/** Every key at any depth of a JSON value. */
const keysOf = (v: unknown): string[] =>
  v && typeof v === 'object' ? Object.entries(v as Record<string, unknown>).flatMap(([k, x]) => [k, ...keysOf(x)]) : [];

describe('creating and listing', () => {
  it('a customer shares their own shipment: the token once, 30 days by default, listed by its last characters, audited', async () => {
    const link = await made();
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toBe(`${ORIGIN}/t/${link.token}`);
    expect(link.state).toBe('active');
    const days = (Date.parse(link.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const res = await links(own.id, cookies.customer);
    expect(res.status).toBe(200);
    const { rows } = (await res.json()) as { rows: ShareLink[] };
    const listed = rows.find((r) => r.id === link.id)!;
    expect(listed).toMatchObject({ token_hint: link.token.slice(-6), views: 0, state: 'active', created_by_name: 'Mehmet Yilmaz' });
    expect(JSON.stringify(rows)).not.toContain(link.token);
    // Only the hash is stored.
    const stored = await t.db.execute<{ token_hash: string }>(sql`select token_hash from share_links where id = ${link.id}`);
    expect(stored.rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored.rows)).not.toContain(link.token);
    const audit = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'shipment.share_link_created' and details->>'link_id' = ${link.id}`);
    expect(audit.rows[0]!.n).toBe(1);
  });

  it('staff of every role share any shipment; a customer cannot reach another company’s (404, nothing made)', async () => {
    for (const role of ['admin', 'export', 'import'] as const) expect((await create(other, cookies[role], { expires_in_days: 7 })).status).toBe(201);
    const before = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from share_links where shipment_id = ${other}`);
    expect((await create(other, cookies.customer)).status).toBe(404);
    expect((await links(other, cookies.customer)).status).toBe(404);
    const staffLink = ((await (await links(other, cookies.admin)).json()) as { rows: ShareLink[] }).rows[0]!;
    expect((await revoke(other, staffLink.id, cookies.customer)).status).toBe(404);
    const after = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from share_links where shipment_id = ${other}`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    expect((await links(other, '')).status).toBe(401);
  });

  it('refuses an expiry outside 1 to 180 days with the rule in words', async () => {
    for (const bad of [0, 181, 1.5, -3, '30', null]) {
      const res = await create(own.id, cookies.customer, { expires_in_days: bad });
      expect(res.status, String(bad)).toBe(400);
      const body = (await res.json()) as { error: { message: string; fields: Record<string, string> } };
      expect(body.error.fields.expires_in_days).toBe(SHARE_LINK_MESSAGES.days);
    }
    const longest = await made(cookies.customer, { expires_in_days: 180 });
    expect((Date.parse(longest.expires_at) - Date.now()) / 86_400_000).toBeGreaterThan(179.9);
  });

  it(`keeps at most ${SHARE_LINK_MAX_ACTIVE} active links per shipment (409 with what to do)`, async () => {
    const res = await t.request('/api/shipments', { cookie: cookies.export, body: seaBody(refs) });
    const shipment = ((await res.json()) as { id: string }).id;
    const answers = await Promise.all(Array.from({ length: SHARE_LINK_MAX_ACTIVE + 3 }, () => create(shipment, cookies.admin)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(SHARE_LINK_MAX_ACTIVE);
    const refused = answers.find((a) => a.status === 409)!;
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(SHARE_LINK_MESSAGES.tooMany);
  });
});

describe('the public page', () => {
  it('shows route, status, milestones, dates, containers and the map, without signing in, and nothing a stranger may not see', async () => {
    const link = await made();
    const res = await open(link.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const text = await res.clone().text();
    const view = (await res.json()) as PublicTracking;
    expect(view).toMatchObject({ reference_number: own.reference_number, type: 'sea', status: 'in_transit' });
    expect(view.origin.port).toBe('Belawan, Sumatra');
    expect(view.destination.port).toBe('Rotterdam');
    expect(view.containers.map((c) => c.number)).toEqual(['MSKU1234565', 'MSKU7654328']);
    expect(view.milestones.map((m) => [m.status, m.first])).toEqual([['in_progress', true], ['in_transit', false]]);
    expect(view.tracking_embed_url).toBe('https://tracker.example/embed?container=MSKU1234565');
    for (const key of keysOf(view)) expect(NEVER_PUBLIC as readonly string[]).not.toContain(key);
    for (const secret of ['Rate agreed on the annual contract', 'Keep dry', 'Secret Shipper AS', 'Quiet Consignee BV', 'Hidden Street 9', 'Anatolia', '1200', '800.25']) {
      expect(text).not.toContain(secret);
    }
  });

  it('counts views, and the list shows them', async () => {
    const link = await made();
    for (let i = 0; i < 3; i++) expect((await open(link.token)).status).toBe(200);
    const { rows } = (await (await links(own.id, cookies.export)).json()) as { rows: ShareLink[] };
    const listed = rows.find((r) => r.id === link.id)!;
    expect(listed.views).toBe(3);
    expect(listed.last_viewed_at).not.toBeNull();
  });

  it('answers an unknown, a malformed, an expired and a revoked token alike, and a revoked link stays revoked', async () => {
    const neutral = async (token: string) => {
      const res = await open(token);
      expect(res.status, token).toBe(404);
      expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      return res.json();
    };
    const unknown = await neutral('A'.repeat(43));
    expect(unknown).toEqual({ error: { code: 'not_found', message: SHARE_LINK_MESSAGES.unavailable } });
    expect(await neutral('short')).toEqual(unknown);
    expect(await neutral('%27%20or%201%3D1--')).toEqual(unknown);

    const expired = await made();
    await t.db.execute(sql`update share_links set expires_at = now() - interval '1 second' where id = ${expired.id}`);
    expect(await neutral(expired.token)).toEqual(unknown);

    const revoked = await made();
    expect((await open(revoked.token)).status).toBe(200);
    const res = await revoke(own.id, revoked.id, cookies.customer);
    expect(res.status).toBe(200);
    expect(((await res.json()) as ShareLink).state).toBe('revoked');
    expect(await neutral(revoked.token)).toEqual(unknown);
    // Again: nothing changes, and only one revocation is audited.
    expect((await revoke(own.id, revoked.id, cookies.admin)).status).toBe(200);
    const audit = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'shipment.share_link_revoked' and details->>'link_id' = ${revoked.id}`);
    expect(audit.rows[0]!.n).toBe(1);
    const { rows } = (await (await links(own.id, cookies.customer)).json()) as { rows: ShareLink[] };
    expect(rows.find((r) => r.id === revoked.id)!.state).toBe('revoked');
    expect(rows.find((r) => r.id === expired.id)!.state).toBe('expired');
    expect((await revoke(own.id, '00000000-0000-4000-8000-000000000000', cookies.customer)).status).toBe(404);
    expect((await revoke(own.id, 'not-a-uuid', cookies.customer)).status).toBe(404);
  });

  it(`answers at most ${SHARE_PAGE_RATE.max} requests per address and minute, then 429 with Retry-After`, async () => {
    const link = await made();
    const ip = '198.51.100.77';
    for (let i = 0; i < SHARE_PAGE_RATE.max; i++) expect((await open(i % 2 ? link.token : 'B'.repeat(43), ip)).status).not.toBe(429);
    const limited = await open(link.token, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await open(link.token, '198.51.100.78')).status).toBe(200);
  });
});

describe('the carrier events on the public page (issue 45)', () => {
  it("shows the events matched to the shipment, latest first, with vessel and voyage; never an unmatched one", async () => {
    const [tracked] = (
      await t.db.execute<{ id: string }>(sql`
        select s.id from shipments s where s.company_id = ${refs.anatolia}
          and exists (select 1 from carrier_events e where e.shipment_id = s.id and e.state = 'matched') order by s.reference_number limit 1`)
    ).rows;
    expect(tracked, 'a demo shipment with carrier events').toBeTruthy();
    const res = await create(tracked!.id, cookies.customer);
    expect(res.status).toBe(201);
    const { token } = (await res.json()) as CreatedShareLink;
    const page = (await (await open(token)).json()) as PublicTracking;
    const stored = await t.db.execute<{ code: string; vessel_name: string | null; voyage: string | null }>(sql`
      select code, vessel_name, voyage from carrier_events where shipment_id = ${tracked!.id} and state = 'matched'
      order by occurred_at desc nulls last, received_at desc, id desc`);
    expect(page.carrier_events.map((e) => [e.code, e.vessel_name, e.voyage])).toEqual(stored.rows.map((r) => [r.code, r.vessel_name, r.voyage]));
    expect(page.carrier_events.length).toBeGreaterThan(0);
    expect(page.carrier_events.some((e) => e.classifier === 'actual')).toBe(true);
    // What a customer's own page does not show is not on the public one either.
    expect(keysOf(page.carrier_events)).not.toContain('container_warning');
    expect(keysOf(page.carrier_events)).not.toContain('bl_number');
  });
});

describe('sharing final documents (issue 16’s final versions)', () => {
  let shipment: string;
  let final: { document_name: string; original_name: string };
  let draft: string;
  let otherFinal: string;

  beforeAll(async () => {
    const res = await t.request('/api/shipments', { cookie: cookies.admin, body: seaBody(refs, { loading_type: 'export' }) });
    shipment = ((await res.json()) as { id: string }).id;
    const generate = async (id: string) => (await (await t.request(`/api/shipments/${id}/generated-documents`, { cookie: cookies.admin, body: { kind: 'debit_note' } })).json()) as { id: string; document_name: string; original_name: string };
    const finalize = async (id: string) => expect((await t.request(`/api/generated-documents/${id}/final`, { cookie: cookies.admin, body: {} })).status).toBe(200);
    const first = await generate(shipment);
    await finalize(first.id);
    final = first;
    draft = (await generate(shipment)).document_name;
    const elsewhere = await generate(other);
    await finalize(elsewhere.id);
    otherFinal = elsewhere.document_name;
  });

  it('offers only the shipment’s final documents, refuses any other, and lists what a link shares', async () => {
    const list = (await (await links(shipment, cookies.customer)).json()) as { rows: ShareLink[]; shareable: { name: string }[] };
    expect(list.shareable.map((d) => d.name)).toEqual([final.document_name]);
    for (const names of [[draft], [otherFinal], ['no-such-file.pdf'], [final.document_name, draft]]) {
      const res = await create(shipment, cookies.customer, { document_names: names });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(SHARE_LINK_MESSAGES.documents);
    }
    const tooMany = await create(shipment, cookies.customer, { document_names: Array.from({ length: 11 }, () => final.document_name) });
    expect(tooMany.status).toBe(400);

    const res = await create(shipment, cookies.customer, { document_names: [final.document_name] });
    expect(res.status).toBe(201);
    const link = (await res.json()) as CreatedShareLink;
    expect(link.documents).toEqual([{ name: final.document_name, original_name: final.original_name }]);
    const listed = (await (await links(shipment, cookies.admin)).json()) as { rows: ShareLink[] };
    expect(listed.rows.find((r) => r.id === link.id)?.documents).toEqual(link.documents);
  });

  it('the page offers the shared document for download without signing in, until the link is revoked', async () => {
    const link = (await (await create(shipment, cookies.customer, { document_names: [final.document_name] })).json()) as CreatedShareLink;
    const view = (await (await open(link.token)).json()) as PublicTracking;
    expect(view.documents).toEqual([{ original_name: final.original_name, size: expect.any(Number), url: `/api/track/${link.token}/documents/${encodeURIComponent(final.document_name)}` }]);
    // No money on the page itself, documents or not.
    for (const key of keysOf(view)) expect(NEVER_PUBLIC as readonly string[]).not.toContain(key);

    const file = await t.request(view.documents[0]!.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect(file.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBe(view.documents[0]!.size);
    const audit = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'document.download' and target = ${final.document_name} and details->>'share_link_id' = ${link.id}`)).rows[0]!.n;
    expect(audit).toBe(1);

    // A document the link does not share, even a final one of the same shipment's company, is the same neutral 404.
    for (const name of [draft, otherFinal, 'nothing.pdf']) expect((await t.request(`/api/track/${link.token}/documents/${encodeURIComponent(name)}`)).status).toBe(404);
    // A link without documents shows none.
    const plain = (await (await create(shipment, cookies.customer)).json()) as CreatedShareLink;
    expect(((await (await open(plain.token)).json()) as PublicTracking).documents).toEqual([]);
    expect((await t.request(`/api/track/${plain.token}/documents/${encodeURIComponent(final.document_name)}`)).status).toBe(404);

    expect((await revoke(shipment, link.id, cookies.customer)).status).toBe(200);
    expect((await t.request(view.documents[0]!.url)).status).toBe(404);
  });

  it('row-level security: a customer reads only their company’s shared documents', async () => {
    const theirs = (await (await create(other, cookies.admin, { document_names: [otherFinal] })).json()) as CreatedShareLink;
    expect(theirs.documents).toHaveLength(1);
    const company = (await t.db.execute<{ company_id: string }>(sql`select company_id from shipments where id = ${shipment}`)).rows[0]!.company_id;
    const scoped = await withCustomerScope(t.db, { role: 'customer', company_id: company }, async (db) =>
      (await db.execute<{ document_name: string }>(sql`select document_name from share_link_documents`)).rows.map((r) => r.document_name));
    expect(scoped.length).toBeGreaterThan(0);
    expect(new Set(scoped)).toEqual(new Set([final.document_name]));
    const all = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from share_link_documents where document_name = ${otherFinal}`)).rows[0]!.n;
    expect(all).toBe(1);
  });
});
