import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { COMPANY_MESSAGES } from '@domain/companies/schema';
import { poMessages } from '@domain/common/po';
import { readerOf } from '@server/mail/audience';
import { shipmentCreatedMail } from '@server/mail/templates';
import { SERVER_FILES } from '@server/paths';

// Issue 42: a person's language, a company's language, the API's messages in the reader's language, and Turkish
// order and search of names, on PGlite and PostgreSQL alike.

let t: TestApp;
let admin: string;
const turkish = poMessages(fs.readFileSync(`${SERVER_FILES.locales}/tr.po`, 'utf8'));
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@cargodesk.test');
});
afterAll(async () => t?.close());

const json = async (res: Response) => ({ status: res.status, body: await res.json() });

describe('a person chooses a language on My Profile', () => {
  it('keeps the choice on the account, and null goes back to the browser', async () => {
    const cookie = await t.signIn('customer@cargodesk.test');
    expect((await (await t.request('/api/me', { cookie })).json()).language).toBeNull();
    expect(await json(await t.request('/api/me/language', { method: 'PUT', cookie, body: { language: 'tr' } }))).toEqual({ status: 200, body: { language: 'tr' } });
    expect((await (await t.request('/api/me', { cookie })).json()).language).toBe('tr');
    expect((await t.request('/api/me/language', { method: 'PUT', cookie, body: { language: null } })).status).toBe(200);
    expect((await (await t.request('/api/me', { cookie })).json()).language).toBeNull();
  });

  it('refuses a language Cargodesk does not speak, by field, in the reader\'s language', async () => {
    const en = await json(await t.request('/api/me/language', { method: 'PUT', cookie: admin, body: { language: 'de' } }));
    expect(en).toEqual({ status: 400, body: { error: { code: 'invalid_input', message: 'Choose a language from the list.', fields: { language: 'Choose a language from the list.' } } } });
    const tr = await json(await t.request('/api/me/language', { method: 'PUT', cookie: admin, body: { language: 'not a tag' }, headers: { 'accept-language': 'tr-TR,tr;q=0.9' } }));
    expect(tr.status).toBe(400);
    expect(tr.body.error.fields.language).toBe('Listeden bir dil seçin.');
  });
});

describe('the API answers in the language the request asks for', () => {
  it('translates validation messages of the domain, and keeps English without a header', async () => {
    const body = { name: '' };
    const en = await json(await t.request('/api/companies', { method: 'POST', cookie: admin, body }));
    expect(en.body.error.fields.name).toBe(COMPANY_MESSAGES.nameRequired);
    const tr = await json(await t.request('/api/companies', { method: 'POST', cookie: admin, body, headers: { 'accept-language': 'tr' } }));
    expect(tr.status).toBe(400);
    expect(turkish[COMPANY_MESSAGES.nameRequired]).toBeTruthy();
    expect(tr.body.error.fields.name).toBe(turkish[COMPANY_MESSAGES.nameRequired]);
    const missing = await json(await t.request('/api/no-such-route', { cookie: admin, headers: { 'accept-language': 'tr' } }));
    expect(missing).toEqual({ status: 404, body: { error: { code: 'not_found', message: 'Bulunamadı' } } });
  });

  it('translates a message composed with values, and never reads braces someone typed as a message (decision 0300)', async () => {
    const body = { iata_code: 'IST', name: 'Istanbul Airport', iso_country: 'TR', municipality: 'Istanbul' };
    const en = await json(await t.request('/api/airports', { method: 'POST', cookie: admin, body }));
    expect(en.body.error.message).toBe('An airport with IATA code IST already exists');
    const tr = await json(await t.request('/api/airports', { method: 'POST', cookie: admin, body, headers: { 'accept-language': 'tr' } }));
    expect(tr).toMatchObject({ status: 409, body: { error: { message: 'IST IATA kodlu bir havalimanı zaten var' } } });
    const typed = { reference_number: 'CD-{n, select, other {X}}' };
    const inbox = (await t.db.execute<{ id: string }>(sql`select id from carrier_events where shipment_id is null limit 1`)).rows[0];
    expect(inbox, 'the demo data has a carrier event in the inbox').toBeDefined();
    const refused = await json(await t.request(`/api/carrier-events/${inbox!.id}/attach`, { method: 'POST', cookie: admin, body: typed, headers: { 'accept-language': 'tr' } }));
    expect(refused.body.error.message).toBe('CD-{n, select, other {X}} referans numaralı sevkiyat yok');
  });

  it("says who may do what in the reader's language: a refused handler reads Turkish, English without a header", async () => {
    const handler = await t.signIn('export@cargodesk.test');
    const en = await json(await t.request('/api/audit', { cookie: handler }));
    expect(en).toEqual({ status: 403, body: { error: { code: 'forbidden', message: 'Only administrators can read the audit log.' } } });
    const tr = await json(await t.request('/api/audit', { cookie: handler, headers: { 'accept-language': 'tr' } }));
    expect(tr).toEqual({ status: 403, body: { error: { code: 'forbidden', message: 'Denetim kaydını yalnızca yöneticiler okuyabilir.' } } });
    const jobs = await json(await t.request('/api/jobs', { cookie: handler, headers: { 'accept-language': 'tr' } }));
    expect(jobs.body.error.message).toBe('Arka plan işlerini yalnızca yöneticiler görebilir ve çalıştırabilir.');
  });

  it("answers with the server's own messages in the reader's language: sign-in needed, admins only, unknown company", async () => {
    const anonymous = await json(await t.request('/api/me', { headers: { 'accept-language': 'tr-TR,tr;q=0.9' } }));
    expect(anonymous).toEqual({ status: 401, body: { error: { code: 'unauthenticated', message: 'Devam etmek için lütfen giriş yapın.' } } });
    expect((await json(await t.request('/api/me'))).body.error.message).toBe('Please sign in to continue.');
    const handler = await t.signIn('export@cargodesk.test');
    const ageing = await json(await t.request('/api/reports/ageing', { cookie: handler, headers: { 'accept-language': 'tr' } }));
    expect(ageing).toEqual({ status: 403, body: { error: { code: 'forbidden', message: 'Ödemeleri yalnızca yöneticiler kaydedebilir ve alacak yaşlandırma raporunu okuyabilir.' } } });
    expect((await json(await t.request('/api/reports/ageing', { cookie: handler }))).body.error.message).toBe('Only administrators can record payments and read the ageing report.');
    const unknown = '00000000-0000-4000-8000-000000000000';
    const statement = await json(await t.request(`/api/companies/${unknown}/statement`, { cookie: admin, headers: { 'accept-language': 'tr' } }));
    expect(statement).toEqual({ status: 404, body: { error: { code: 'not_found', message: 'Firma bulunamadı' } } });
  });
});

describe("a company's language", () => {
  it('is English unless chosen, is one Cargodesk speaks, and names who reads its mails', async () => {
    const made = await json(await t.request('/api/companies', { method: 'POST', cookie: admin, body: { name: 'Karadeniz Fındık A.Ş.', address: null } }));
    expect(made.status).toBe(201);
    expect(made.body.language).toBe('en');
    const id = made.body.id as string;
    const wrong = await json(await t.request(`/api/companies/${id}`, { method: 'PUT', cookie: admin, body: { name: 'Karadeniz Fındık A.Ş.', address: null, language: 'xx' } }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.language).toBe('Choose a language from the list.');
    const changed = await json(await t.request(`/api/companies/${id}`, { method: 'PUT', cookie: admin, body: { name: 'Karadeniz Fındık A.Ş.', address: null, language: 'tr' } }));
    expect(changed.body.language).toBe('tr');
    // The name and address alone keep the stored language.
    const kept = await json(await t.request(`/api/companies/${id}`, { method: 'PUT', cookie: admin, body: { name: 'Karadeniz Fındık A.Ş.', address: 'Giresun' } }));
    expect(kept.body.language).toBe('tr');
  });

  it("writes a contact's mails in the company's language, whoever caused them; staff read their own", async () => {
    const contact = await readerOf(t.db, 'Can.Ozturk@bosphorus-auto.example');
    expect(contact.locale).toBe('tr');
    const staff = await readerOf(t.db, 'export@cargodesk.test');
    expect(staff.locale).toBe('en');
    const stranger = await readerOf(t.db, 'nobody@example.com');
    expect(stranger.locale).toBe('en');
    const facts = {
      id: 'x', reference_number: 'CD-S2601-1001', type: 'export', status: 'booked', company_name: 'Bosphorus Automotive Parts', cargo_description: 'Fren diskleri',
      origin_city: 'İstanbul', origin_country: 'TR', destination_city: 'Hamburg', destination_country: 'DE',
      estimated_departure: '2026-01-05T14:30:00Z', estimated_arrival: null,
    };
    const mail = shipmentCreatedMail(contact, 'can.ozturk@bosphorus-auto.example', facts, 'Booked', 'http://localhost:3000/all-shipments/x');
    expect(mail.subject).toBe('Yeni Sevkiyat Oluşturuldu - CD-S2601-1001');
    expect(mail.html).toContain('<html lang="tr">');
    expect(mail.html).toContain('İHRACAT');
    expect(mail.html).toContain('5.01.2026');
    expect(mail.html).not.toContain('New Shipment Created');
  });
});

describe('Turkish names: order and search (issue 42)', () => {
  const tag = 'Dilkontrol';
  beforeAll(async () => {
    for (const name of ['İzmir', 'ikitelli', 'Istanbul', 'ılıca', 'DİYARBAKIR', 'Isparta', 'ısparta']) {
      const res = await t.request('/api/companies', { method: 'POST', cookie: admin, body: { name: `${name} ${tag}`, address: null } });
      expect(res.status).toBe(201);
    }
  });
  const names = async (q: string, language: string) => {
    const res = await t.request(`/api/companies?q=${encodeURIComponent(q)}&pageSize=50`, { cookie: admin, headers: { 'accept-language': language } });
    return ((await res.json()).rows as { name: string }[]).map((r) => r.name.replace(` ${tag}`, ''));
  };

  it('sorts names in Turkish order for a Turkish reader', async () => {
    const order = (await names(tag, 'tr')).filter((n) => ['İzmir', 'ikitelli', 'Istanbul', 'ılıca'].includes(n));
    expect(order).toEqual(['ılıca', 'Istanbul', 'ikitelli', 'İzmir']);
  });

  it('finds DİYARBAKIR from diyarbakır, and Isparta and ısparta from ISPARTA', async () => {
    expect(await names('diyarbakır', 'tr')).toEqual(['DİYARBAKIR']);
    expect((await names('ISPARTA', 'tr')).sort()).toEqual(['Isparta', 'ısparta']);
    expect((await names('isparta', 'en')).sort()).toEqual(['Isparta', 'ısparta']);
  });
});
