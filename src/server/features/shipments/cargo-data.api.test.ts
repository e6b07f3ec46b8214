/**
 * Issue 14 on both engines: dimension lines and chargeable weight stored by the server, container and air waybill
 * checks (nothing saved on a refusal), parties, codes, old rows that fail today's checks, the "Failed data checks"
 * filter, the CSV, what a customer receives, and the SQL twins of the domain's checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { containerNumberProblem, mawbProblem } from '@domain/shipments/index';
import { airBody, landBody, loadRefs, ref, seaBody, type Refs } from './test-fixtures';
import { MEASURE_MESSAGES } from '@domain/cargo/measures';

let t: TestApp;
let refs: Refs;
const cookies: Record<'admin' | 'customer', string> = { admin: '', customer: '' };

beforeAll(async () => {
  t = await createTestApp();
  refs = await loadRefs(t);
  cookies.admin = await t.signIn('admin@cargodesk.test');
  cookies.customer = await t.signIn('customer@cargodesk.test');
});
afterAll(async () => t?.close());

const create = (body: Record<string, unknown>) => t.request('/api/shipments', { body: { loading_type: 'export', ...body }, cookie: cookies.admin });
const created = async (body: Record<string, unknown>) => {
  const res = await create(body);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
};
const put = (id: string, body: Record<string, unknown>) => t.request(`/api/shipments/${id}`, { method: 'PUT', body, cookie: cookies.admin });
const get = async (id: string, cookie = cookies.admin) => (await t.request(`/api/shipments/${id}`, { cookie })).json();
const countByReference = async (reference: string) =>
  Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from shipments where reference_number = ${reference}`)).rows[0]!.n);
const line = (count: number, length: number, width: number, height: number, extra: Record<string, unknown> = {}) => ({ count, length, width, height, ...extra });

describe('dimension lines and chargeable weight', () => {
  it('stores the volume, volumetric and chargeable weight of a published air example (MOL Logistics: 140 x 100 x 90 cm, 150 kg)', async () => {
    const s = await created(airBody(refs, { weight_gross: 150, volume: 99, pieces: [line(1, 140, 100, 90)], weight_chargeable: 1 }));
    expect(s).toMatchObject({ volume: 1.26, weight_volumetric: 210, weight_chargeable: 210, pieces: [{ count: 1, length: 140, width: 100, height: 90, unit: 'cm', weight: null }] });
    expect(s.cargo_calculation).toBe('1,260,000 cm³ / 6,000 = 210.00 kg volumetric; gross 150 kg; chargeable 210.0 kg');
    const row = (await t.db.execute<Record<string, unknown>>(sql`select volume, weight_volumetric, weight_chargeable from shipments where id = ${s.id}`)).rows[0]!;
    expect(row).toEqual({ volume: '1.260', weight_volumetric: '210.000', weight_chargeable: '210.000' });
  });

  it('rounds air up to the next 0.5 kg, uses the carrier divisor when it has one, and a typed volume only without lines', async () => {
    const a = await created(airBody(refs, { weight_gross: 14, pieces: [line(1, 30, 45, 65)] }));
    expect(a).toMatchObject({ volume: 0.088, weight_volumetric: 14.63, weight_chargeable: 15 });
    // Issue 37: figures that multiply out, from the stored lines (0.088 m³ x 167 would be 14.70).
    expect(a.cargo_calculation).toBe('87,750 cm³ / 6,000 = 14.63 kg volumetric; gross 14 kg; chargeable 15.0 kg');
    await t.db.execute(sql`update carriers set volumetric_divisor = 5000 where id = ${refs.airline}`);
    try {
      const courier = await created(airBody(refs, { weight_gross: 6, pieces: [line(1, 40, 30, 50)] }));
      expect(courier).toMatchObject({ weight_volumetric: 12, weight_chargeable: 12, volumetric_factor: 200 });
      expect(courier.cargo_calculation).toContain("60,000 cm³ / 5,000 (carrier's divisor) = 12.00 kg volumetric");
    } finally {
      await t.db.execute(sql`update carriers set volumetric_divisor = null where id = ${refs.airline}`);
    }
    const typed = await created(landBody(refs, { weight_gross: 15, volume: '0.091' }));
    expect(typed).toMatchObject({ volume: 0.091, weight_volumetric: 30.3, weight_chargeable: 30.3, pieces: [] });
    const neither = await created(landBody(refs, { volume: '' }));
    expect(neither).toMatchObject({ volume: null, weight_volumetric: null, weight_chargeable: null, cargo_calculation: null });
  });

  it('sea: W/M revenue tons beside the chargeable weight', async () => {
    const s = await created(seaBody(refs, { weight_gross: 2500, pieces: [line(1, 50, 120, 190)] }));
    expect(s).toMatchObject({ volume: 1.14, weight_chargeable: 2500 });
    expect(s.cargo_calculation).toBe('1.140 m³ x 1,000 = 1,140.00 kg volumetric; gross 2,500 kg; chargeable 2,500.00 kg; 2.500 revenue tons (W/M)');
  });

  it('refuses bad lines with the field named, and a save that changes nothing writes nothing', async () => {
    const bad = await create(airBody(refs, { pieces: [line(1, 10, 10, 10), line(2, 0, 10, 10)] }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatchObject({ message: 'Length must be greater than 0', fields: { 'pieces.1.length': 'Length must be greater than 0' } });
    // Lines whose volume (and so chargeable weight) numeric(14,3) cannot hold are refused on the lines, not a 500.
    const huge = await create(airBody(refs, { pieces: [line(100_000, 10_000, 10_000, 10_000)] }));
    expect(huge.status).toBe(400);
    expect((await huge.json()).error).toMatchObject({ message: MEASURE_MESSAGES.pieces, fields: { pieces: MEASURE_MESSAGES.pieces } });
    const body = airBody(refs, { pieces: [line(3, 120, 80, 150, { unit: 'in', weight: 250 })] });
    const s = await created(body);
    const before = (await t.db.execute(sql`select count(*)::int as n from shipment_events where shipment_id = ${s.id}`)).rows[0];
    expect((await put(s.id, { ...body, reference_number: s.reference_number })).status).toBe(200);
    expect((await t.db.execute(sql`select count(*)::int as n from shipment_events where shipment_id = ${s.id}`)).rows[0]).toEqual(before);
  });
});

describe('container and air waybill numbers', () => {
  it('refuses a sea shipment with one wrong check digit among two containers, saves nothing, and saves it fixed and normalised', async () => {
    const reference = ref('ISO');
    const containers = (second: string) => [
      { type: '40HC', number: 'CSQU3054383', carrier_seal_number: 'S1' },
      { type: '20DC', number: second, carrier_seal_number: 'S2' },
    ];
    const res = await create(seaBody(refs, { reference_number: reference, container_number: 'CSQU3054383', containers: containers('MWCU6059780') }));
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({
      message: 'Container number MWCU6059780 has an invalid check digit (expected 4)',
      fields: { 'containers.1.number': 'Container number MWCU6059780 has an invalid check digit (expected 4)' },
    });
    expect(await countByReference(reference)).toBe(0);
    expect((await t.db.execute(sql`select count(*)::int as n from shipment_containers where number = 'MWCU6059780'`)).rows[0]).toEqual({ n: 0 });

    const s = await created(seaBody(refs, { reference_number: reference, container_number: 'csqu 305438-3', containers: containers('mwcu 605978 4') }));
    expect(s.containers.map((c: { number: string }) => c.number)).toEqual(['CSQU3054383', 'MWCU6059784']);
    expect(s.container_number).toBe('CSQU3054383');
    expect(s.data_checks).toEqual([]);
  });

  it('refuses a malformed number, the same container twice, and a wrong air waybill with the exact messages', async () => {
    const message = async (body: Record<string, unknown>) => (await (await create(body)).json()).error.message;
    expect(await message(seaBody(refs, { containers: [{ type: '40HC', number: 'CSQU305438', carrier_seal_number: 'S' }] }))).toBe('Container number must be 4 letters and 7 digits, like CSQU3054383');
    expect(await message(seaBody(refs, { containers: [{ type: '40HC', number: 'CSQU3054383', carrier_seal_number: 'S' }, { type: '20DC', number: 'CSQU 3054383', carrier_seal_number: 'T' }] }))).toBe(
      'Container number CSQU3054383 appears more than once on this shipment',
    );
    expect(await message(airBody(refs, { mawb_number: '235-12345678' }))).toBe('MAWB number 235-12345678 has an invalid check digit (expected 5)');
    expect(await message(airBody(refs, { mawb_number: '235-1234' }))).toBe('MAWB number must be 11 digits, like 020-12345675');
    // Turkish Cargo carries the IATA prefix 235 in the demo data.
    expect(await message(airBody(refs, { mawb_number: '020-12345675' }))).toBe("MAWB prefix 020 does not match the airline's prefix 235");
    expect((await created(airBody(refs, { mawb_number: '235 1234 5675' }))).mawb_number).toBe('235-12345675');
  });

  it('shows an old row whose numbers fail today, marks it for staff, finds it with the filter, and asks to correct it on save', async () => {
    const s = await created(seaBody(refs, { containers: [{ type: '40HC', number: 'CSQU3054383', carrier_seal_number: 'S1' }], container_number: 'CSQU3054383' }));
    // Written before the checks existed (or by another path): the API would refuse it now.
    await t.db.execute(sql`update shipment_containers set number = 'CSQU3054384' where shipment_id = ${s.id}`);
    await t.db.execute(sql`update shipments set container_number = 'CSQU3054384', mawb_number = '020-12345678' where id = ${s.id}`);
    const shown = await get(s.id);
    expect(shown.containers[0].number).toBe('CSQU3054384');
    expect(shown.data_checks).toEqual([
      { field: 'mawb_number', message: 'MAWB number 020-12345678 has an invalid check digit (expected 5)' },
      { field: 'container_number', message: 'Container number CSQU3054384 has an invalid check digit (expected 3)' },
      { field: 'containers.0.number', message: 'Container number CSQU3054384 has an invalid check digit (expected 3)' },
    ]);
    const failed = await (await t.request('/api/shipments?checks=failed&pageSize=100', { cookie: cookies.admin })).json();
    expect(failed.rows.map((r: { id: string }) => r.id)).toContain(s.id);
    expect(failed.total).toBe(failed.rows.length);
    // Every row the filter finds fails a check, and the demo data holds only valid numbers.
    for (const row of failed.rows) expect((await get(row.id)).data_checks.length, row.reference_number).toBeGreaterThan(0);
    expect(failed.total).toBe(1);

    const resave = await put(s.id, { ...seaBody(refs), reference_number: s.reference_number, containers: [{ type: '40HC', number: 'CSQU3054384', carrier_seal_number: 'S1' }], container_number: 'CSQU3054384' });
    expect(resave.status).toBe(400);
    expect((await resave.json()).error.message).toBe('Container number CSQU3054384 has an invalid check digit (expected 3)');
  });
});

describe('parties, codes and what a customer sees', () => {
  it('copies a directory company onto the shipment, keeps free parties, and answers the trade fields', async () => {
    const s = await created(
      seaBody(refs, {
        shipper_company_id: refs.anatolia,
        shipper_name: 'ignored when a company is chosen',
        consignee_name: 'Müller & Söhne Handels GmbH',
        consignee_address: 'Königsallee 18\n40212 Düsseldorf',
        notify_company_id: refs.rhein,
        incoterm: 'FCA',
        incoterm_place: 'Istanbul',
        hs_code: '6204.62.00',
        dangerous_goods: true,
        un_number: 'un 1263',
        hazard_class: '3',
        pieces: [line(2, 120, 80, 100, { weight: 400 })],
      }),
    );
    expect(s).toMatchObject({
      shipper_company_id: refs.anatolia,
      shipper_name: 'Anatolia Textiles Ltd',
      shipper_address: 'Organize Sanayi Bolgesi 4. Cadde No:12, 16140 Nilufer, Bursa, Turkey',
      consignee_company_id: null,
      consignee_name: 'Müller & Söhne Handels GmbH',
      notify_name: 'Rhein Maschinenbau GmbH',
      incoterm_place: 'Istanbul',
      incoterm_version: '2020',
      hs_code: '62046200',
      un_number: 'UN1263',
      hazard_class: '3',
    });

    const customer = await get(s.id, cookies.customer);
    expect(customer).toMatchObject({
      pieces: s.pieces, volume: 1.92, weight_gross: 1500.5, shipper_name: 'Anatolia Textiles Ltd', consignee_address: 'Königsallee 18\n40212 Düsseldorf',
      notify_name: 'Rhein Maschinenbau GmbH', incoterm: 'FCA', incoterm_place: 'Istanbul', hs_code: '62046200', un_number: 'UN1263',
    });
    expect(customer.containers[0]).toMatchObject({ iso_code: '45G1' });
    for (const key of ['weight_chargeable', 'weight_volumetric', 'volumetric_factor', 'cargo_calculation', 'data_checks', 'shipper_company_id', 'notify_company_id', 'internal_notes']) {
      expect(customer, key).not.toHaveProperty(key);
    }
  });

  it('refuses an incoterm without place, dangerous goods without UN number, an unknown party company, and a bad HS code', async () => {
    const error = async (body: Record<string, unknown>) => (await (await create(body)).json()).error;
    expect(await error(landBody(refs, { incoterm: 'DAP' }))).toMatchObject({ message: 'Incoterm Place is required when an incoterm is chosen', fields: { incoterm_place: expect.any(String) } });
    expect(await error(landBody(refs, { dangerous_goods: true, hazard_class: '3' }))).toMatchObject({ message: 'UN Number is required for dangerous goods' });
    expect(await error(landBody(refs, { shipper_company_id: '00000000-0000-4000-8000-000000000000' }))).toMatchObject({ message: 'Shipper company not found' });
    expect(await error(landBody(refs, { hs_code: '62.04' }))).toMatchObject({ message: 'HS Code must be 6 to 10 digits, like 6204.62', fields: { hs_code: expect.any(String) } });
  });

  it('exports pieces, parties, codes and ISO container types to CSV; chargeable weight for staff only', async () => {
    const reference = ref('CSV');
    await created(seaBody(refs, { reference_number: reference, incoterm: 'FOB', incoterm_place: 'Ambarli', hs_code: '520812', consignee_name: 'Nordic Home Interiors AB', pieces: [line(1, 100, 100, 100)] }));
    const csv = async (cookie: string) => {
      const text = await (await t.request(`/api/shipments.csv?q=${reference}`, { cookie })).text();
      const [header, row] = text.replace(/^\uFEFF/, '').trim().split('\r\n');
      return { header: header!, row: row! };
    };
    const staff = await csv(cookies.admin);
    expect(staff.header).toContain('Chargeable Weight (kg),Containers,HS Code,Dangerous Goods,Shipper,Consignee,Notify Party,Incoterm');
    expect(staff.row).toContain('1 x 100 x 100 x 100 cm');
    expect(staff.row).toContain('MSKU1234565 40HC (45G1); MSKU7654328 20DC (22G1)');
    expect(staff.row).toContain('5208.12');
    expect(staff.row).toContain('Nordic Home Interiors AB');
    expect(staff.row).toContain('"FOB Ambarli, Incoterms 2020"');
    const customer = await csv(cookies.customer);
    expect(customer.header).not.toContain('Chargeable');
    expect(customer.header).not.toContain('Volumetric');
    expect(customer.row).toContain('FOB Ambarli');
  });

  it('the CSV route of air and sea is by airport and port codes, land by places; the status is its label (issue 37)', async () => {
    const cells = (line: string) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"')).slice(0, -1);
    const rowOf = async (reference: string) => {
      const text = await (await t.request(`/api/shipments.csv?q=${reference}`, { cookie: cookies.admin })).text();
      const [header, row] = text.replace(/^\uFEFF/, '').trim().split('\r\n');
      const names = cells(header!);
      const values = cells(row!);
      return Object.fromEntries(names.map((n, i) => [n, values[i]]));
    };
    const air = ref('CSVAIR');
    const sea = ref('CSVSEA');
    const land = ref('CSVLAND');
    await created(airBody(refs, { reference_number: air }));
    await created(seaBody(refs, { reference_number: sea, origin_port: 'Ambarli', origin_port_country: 'Turkey' }));
    await created(landBody(refs, { reference_number: land }));
    const codes = (await t.db.execute<{ name: string; un_code: string }>(sql`
      select name, un_code from seaports where (name, country) in (('Ambarli', 'Turkey'), ('Rotterdam', 'Netherlands'))`)).rows;
    const code = (name: string) => codes.find((c) => c.name === name)!.un_code;
    expect(code('Ambarli')).toMatch(/^TR[A-Z]{3}$/);
    const airRow = await rowOf(air);
    expect(airRow.Route).toBe('IST → FRA');
    expect(airRow.Status).toBe('In Progress');
    expect((await rowOf(sea)).Route).toBe(`${code('Ambarli')} → ${code('Rotterdam')}`);
    expect((await rowOf(land)).Route).toMatch(/^[^→]+, [^→]+ → [^→]+, [^→]+$/);
  });
});

describe('the SQL twins of the number checks (list filter) agree with the domain', () => {
  const sqlOk = async (fn: 'container' | 'mawb', values: string[]) => {
    const call = fn === 'container' ? sql.raw('cargodesk_container_number_ok') : sql.raw('cargodesk_mawb_ok');
    const r = await t.db.execute<{ v: string; ok: boolean }>(sql`select v, ${call}(v) as ok from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) as v`);
    return new Map(r.rows.map((row) => [row.v, row.ok]));
  };

  it('on published numbers, near misses and random text', async () => {
    const letters = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''));
    const digit = fc.constantFrom(...'0123456789'.split(''));
    const containerLike = fc.tuple(fc.array(letters, { minLength: 3, maxLength: 3 }), fc.constantFrom('U', 'J', 'Z', 'A', 'u'), fc.array(digit, { minLength: 7, maxLength: 7 }), fc.constantFrom('', ' ', '-'))
      .map(([owner, cat, digits, sep]) => `${owner.join('')}${cat}${sep}${digits.join('')}`);
    const containers = ['CSQU3054383', 'MWCU6059784', 'ABCU1234560', 'CSQU3054384', 'csqu 305438-3', 'CSQ3054383', ...fc.sample(fc.oneof(containerLike, fc.string({ minLength: 1, maxLength: 14 })), 400)];
    const inSql = await sqlOk('container', containers);
    for (const v of containers) {
      if (v.trim() === '') continue;
      expect(inSql.get(v), JSON.stringify(v)).toBe(containerNumberProblem(v) === null);
    }
    const awbLike = fc.tuple(fc.array(digit, { minLength: 3, maxLength: 3 }), fc.array(digit, { minLength: 8, maxLength: 8 }), fc.constantFrom('-', ' ', '')).map(([p, s, sep]) => `${p.join('')}${sep}${s.join('')}`);
    const awbs = ['020-12345675', '176-12345675', '020-81140743', '020-12345678', '235-1234', ...fc.sample(fc.oneof(awbLike, fc.string({ minLength: 1, maxLength: 14 })), 400)];
    const awbSql = await sqlOk('mawb', awbs);
    for (const v of awbs) {
      if (v.trim() === '') continue;
      expect(awbSql.get(v), JSON.stringify(v)).toBe(mawbProblem(v) === null);
    }
  });
});

describe('carrier codes', () => {
  it('keeps the codes of the carrier type and refuses malformed ones', async () => {
    const save = (body: Record<string, unknown>) => t.request('/api/carriers', { body: { name: `C ${ref()}`, country: 'TR', ...body }, cookie: cookies.admin });
    const airline = await (await save({ carrier_type: 'airline', iata_prefix: '235', iata_code: 'tk', scac: 'MAEU', volumetric_divisor: '5000' })).json();
    expect(airline).toMatchObject({ iata_prefix: '235', iata_code: 'TK', scac: null, volumetric_divisor: 5000 });
    const line = await (await save({ carrier_type: 'shipping_line', iata_prefix: '235', scac: 'maeu' })).json();
    expect(line).toMatchObject({ iata_prefix: null, iata_code: null, scac: 'MAEU', volumetric_divisor: null });
    const bad = async (body: Record<string, unknown>) => (await (await save({ carrier_type: 'airline', ...body })).json()).error.message;
    expect(await bad({ iata_prefix: '23' })).toBe('IATA Prefix must be 3 digits, like 235');
    expect(await bad({ iata_code: '12' })).toBe('IATA Code must be 2 letters or digits (not two digits), like TK');
    expect(await bad({ scac: 'M4EU' })).toBe('SCAC must be 2 to 4 letters, like MAEU');
    expect(await bad({ volumetric_divisor: 50 })).toBe('Volumetric Divisor must be a whole number from 1,000 to 10,000 (cm³ per kg, like 5000)');
  });
});
