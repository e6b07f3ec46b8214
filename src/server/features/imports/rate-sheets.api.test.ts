/**
 * Rate sheets through the import page (issue 40, decision record 0269), on PGlite and PostgreSQL: the templates (one a
 * mode) import as they are; an air buy sheet and a sell sheet (CSV and XLSX) price the worked example through
 * the lookup; a bad sheet names every problem by row and column (overlap without priority, a break below the one
 * before, an unknown airport, a negative rate, an unknown carrier) and writes nothing; a second import skips or
 * updates, never doubles; a card added between the check and the commit refuses the commit and nothing is kept.
 */
import { sql } from 'drizzle-orm';
import writeExcelFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { IMPORT_MESSAGES, IMPORT_TEMPLATES } from '@domain/imports/schema';
import { RATE_MESSAGES, type RateLookup } from '@domain/rates/schema';
import { RATE_SHEET_MESSAGES } from '@domain/rates/sheet';
import { AIR_SHEET_HEADERS, airTariffRow, csv, type Row } from './test-fixtures';
import { importClient } from '@tests/helpers/import-client';

let t: TestApp;
let admin: string;
let handler: string;
let customer: string;
const { upload, checked, committed } = importClient(() => t);
const RATES = 'kind=rate_cards&mode=skip';

beforeAll(async () => {
  // A worker instance's app: the check and the commit are jobs on the queue (decision 0285).
  t = await createTestApp({ background: true });
  [admin, handler, customer] = await Promise.all([t.signIn('admin@cargodesk.test'), t.signIn('export@cargodesk.test'), t.signIn('customer@cargodesk.test')]);
});
afterAll(async () => t?.close());

const cards = async (origin: string, destination: string) =>
  Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from rate_cards where origin = ${origin} and destination = ${destination}`)).rows[0]!.n);
const lookup = async (body: Record<string, unknown>) => {
  const res = await t.request('/api/rates/lookup', { cookie: handler, body });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as RateLookup;
};
const SELL: Row = { Side: 'sell', Carrier: '', Minimum: '90.00', Rate: '4.75', '+45': '3.70', '+100': '3.00', '+300': '2.45', '+500': '2.15', '+1000': '1.85', 'FSC per kg': '0.98', 'SSC per kg': '0.18' };

describe('templates', () => {
  it('one a mode, CSV and XLSX, each importing as it is (its example row is a valid card)', async () => {
    const rates = IMPORT_TEMPLATES.filter((x) => x.kind === 'rate_cards');
    expect(rates.map((x) => x.name)).toEqual(['rates-air', 'rates-sea-fcl', 'rates-sea-lcl', 'rates-land']);
    for (const template of rates) {
      const res = await t.request(`/api/imports/templates/${template.name}.csv`, { cookie: handler });
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(body.split('\r\n')[0]).toContain('Side,Mode,Origin,Destination');
      const i = await checked(handler, `${template.name}.csv`, body, RATES);
      expect(i.problems, template.name).toEqual([]);
      expect(i.status).toBe('ready');
      expect(i.counts).toMatchObject({ rows: 1, create: 1 });
      const xlsx = await t.request(`/api/imports/templates/${template.name}.xlsx`, { cookie: handler });
      expect(xlsx.status).toBe(200);
      expect(xlsx.headers.get('content-disposition')).toContain(`cargodesk-${template.name}-template.xlsx`);
    }
  });
});

describe('an air buy sheet and a sell sheet price the worked example', () => {
  it('imports both (CSV and XLSX with number and date cells) and the lookup prices 480 kg at the +500 break', async () => {
    const buy = await checked(admin, 'turkish-cargo-air.csv', csv(AIR_SHEET_HEADERS, [airTariffRow()]), RATES);
    expect(buy.status, JSON.stringify(buy.problems)).toBe('ready');
    expect((await committed(admin, buy.id)).status).toBe('committed');

    // The sell sheet as Excel writes it: rates as numbers, days as date cells.
    const values: Row = airTariffRow(SELL);
    const header = AIR_SHEET_HEADERS.map((h) => ({ value: h }));
    const cell = (h: string) => {
      const v = values[h] ?? '';
      if (h.startsWith('Valid')) return { value: new Date(`${v}T00:00:00Z`), type: Date, format: 'yyyy-mm-dd' };
      return v !== '' && /^[\d.]+$/.test(v) ? { value: Number(v), type: Number } : v === '' ? null : { value: v, type: String };
    };
    const file = await writeExcelFile([header, AIR_SHEET_HEADERS.map(cell)]).toBuffer();
    const sell = await checked(admin, 'public-sell-air.xlsx', new Uint8Array(file), RATES);
    expect(sell.status, JSON.stringify(sell.problems)).toBe('ready');
    expect((await committed(admin, sell.id)).status).toBe('committed');

    const priced = await lookup({ mode: 'air', origin: 'ADB', destination: 'MUC', date: '2026-01-31', chargeable_weight: '480' });
    const buyRate = priced.rates.find((r) => r.side === 'buy')!;
    expect(buyRate.lines).toEqual([{ code: 'FRT', amount: '925.00' }, { code: 'FSC', amount: '408.00' }, { code: 'SSC', amount: '72.00' }]);
    expect(buyRate.total).toBe('1405.00');
    expect(buyRate.carrier_name).toBe('Turkish Cargo');
    // Sell: 480 kg at +300 2.45 = 1,176.00 against 500 kg at +500 2.15 = 1,075.00; fuel 470.40, security 86.40.
    expect(priced.rates.find((r) => r.side === 'sell')!.total).toBe('1631.80');
    // The last day is included, the next is not.
    expect((await lookup({ mode: 'air', origin: 'ADB', destination: 'MUC', date: '2026-02-01', chargeable_weight: '480' })).rates).toEqual([]);
    const stored = await t.db.execute<{ import_id: string | null }>(sql`select import_id from rate_cards where origin = 'ADB' and destination = 'MUC' and side = 'buy'`);
    expect(stored.rows[0]!.import_id).toBe(buy.id);
  });

  it('the same sheet again skips its card; in update mode it takes the new prices', async () => {
    const again = await checked(admin, 'turkish-cargo-air.csv', csv(AIR_SHEET_HEADERS, [airTariffRow()]), RATES);
    expect(again.counts).toMatchObject({ rows: 1, create: 0, skip: 1 });
    const update = await checked(admin, 'turkish-cargo-air-v2.csv', csv(AIR_SHEET_HEADERS, [airTariffRow({ '+500': '1.80' })]), 'kind=rate_cards&mode=update');
    expect(update.counts).toMatchObject({ rows: 1, create: 0, update: 1 });
    expect((await committed(admin, update.id)).status).toBe('committed');
    expect(await cards('ADB', 'MUC')).toBe(2);
    const priced = await lookup({ mode: 'air', origin: 'ADB', destination: 'MUC', date: '2026-01-15', chargeable_weight: '480' });
    expect(priced.rates.find((r) => r.side === 'buy')!.lines[0]).toEqual({ code: 'FRT', amount: '900.00' });
  });
});

describe('a bad sheet', () => {
  it('names every problem by row and column and writes nothing', async () => {
    // An existing card the sheet's row 7 overlaps.
    const existing = await t.request('/api/rate-cards', {
      cookie: handler,
      body: { side: 'buy', mode: 'air', origin: 'ESB', destination: 'LHR', currency: 'EUR', valid_from: '2026-03-01', valid_to: '2026-03-31', freight: { basis: 'per_kg', breaks: [{ from: '0', rate: '3.00' }] } },
    });
    expect(existing.status, await existing.clone().text()).toBe(201);
    const headers = ['Side', 'Mode', 'Origin', 'Destination', 'Currency', 'Valid From', 'Valid To', 'Priority', 'Carrier', 'Minimum', 'Rate', '+100', '+45', 'FSC per kg'];
    const row = (extra: Row): Row => ({ Side: 'buy', Mode: 'Air', Origin: 'ESB', Destination: 'FRA', Currency: 'EUR', 'Valid From': '2026-02-01', 'Valid To': '2026-02-28', Carrier: 'Turkish Cargo', Minimum: '75', Rate: '4.10', ...extra });
    const before = await cards('ESB', 'FRA');
    const i = await checked(handler, 'bad-sheet.csv', csv(headers, [
      row({}), // 2: fine
      row({ 'Valid From': '2026-02-15', 'Valid To': '2026-03-15' }), // 3: overlaps row 2, same priority
      row({ 'Valid From': '2026-02-15', 'Valid To': '2026-03-15', Priority: '1' }), // 4: overlaps row 2 with a higher priority: fine
      row({ Destination: 'MUC', '+100': '2.60', '+45': '3.20' }), // 5: +45 after +100
      row({ Destination: 'XQZ' }), // 6: no such airport
      row({ Destination: 'LHR', 'Valid From': '2026-03-10', 'Valid To': '2026-04-10', Carrier: '' }), // 7: overlaps the card already here
      row({ Destination: 'AMS', Rate: '-4.10' }), // 8: negative rate
      row({ Destination: 'CDG', Carrier: 'Nobody Airlines', 'FSC per kg': 'abc' }), // 9: unknown carrier, an amount that is not one
      row({ Destination: '@NOWHERE' }), // 10: no such zone
    ]), RATES);
    expect(i.status).toBe('invalid');
    expect(i.problems).toEqual([
      { row: 3, column: 'Priority', message: RATE_SHEET_MESSAGES.overlapRow(2) },
      { row: 5, column: '+45', message: RATE_MESSAGES.breakOrder },
      { row: 6, column: 'Destination', message: RATE_MESSAGES.unknownAirport('XQZ') },
      { row: 7, column: 'Priority', message: RATE_SHEET_MESSAGES.overlapCard('2026-03-01', '2026-03-31') },
      { row: 8, column: 'Rate', message: RATE_MESSAGES.amount },
      { row: 9, column: 'Carrier', message: RATE_SHEET_MESSAGES.carrierNotFound },
      { row: 9, column: 'FSC per kg', message: RATE_MESSAGES.amount },
      { row: 10, column: 'Destination', message: RATE_MESSAGES.unknownZone('@NOWHERE') },
    ]);
    expect(i.counts).toMatchObject({ rows: 9, problems: 8, rows_with_problems: 7 });
    expect(await cards('ESB', 'FRA')).toBe(before);
    const commit = await t.request(`/api/imports/${i.id}/commit`, { cookie: handler, method: 'POST' });
    expect(commit.status).toBe(409);
  });

  it('a row may name a zone as its destination', async () => {
    const zone = await t.request('/api/rate-zones', { cookie: handler, body: { code: '@UK', name: 'United Kingdom airports', kind: 'airports', members: ['LHR', 'LGW', 'MAN'] } });
    expect(zone.status, await zone.clone().text()).toBe(201);
    const i = await checked(handler, 'zone-sheet.csv', csv(AIR_SHEET_HEADERS, [airTariffRow({ Origin: 'ESB', Destination: '@uk' })]), RATES);
    expect(i.status, JSON.stringify(i.problems)).toBe('ready');
    expect((await committed(handler, i.id)).status).toBe('committed');
    const priced = await lookup({ mode: 'air', origin: 'ESB', destination: 'MAN', date: '2026-01-20', chargeable_weight: '480' });
    expect(priced.rates.map((r) => r.total)).toEqual(['1405.00']);
  });

  it('a file without the Side column is refused as a whole', async () => {
    const i = await checked(handler, 'no-side.csv', csv(['Mode', 'Origin', 'Destination'], [{ Mode: 'air', Origin: 'IST', Destination: 'FRA' }]), RATES);
    expect(i.status).toBe('invalid');
    expect(i.error).toBe(IMPORT_MESSAGES.missingColumn('Side'));
  });
});

describe('all or nothing', () => {
  it('a card added between the check and the commit that overlaps the sheet refuses the commit; nothing of it is kept', async () => {
    // 600 cards of one lane (more than one chunk of the commit): a year each hundred, the priorities 0-99 within it;
    // the first 300 bought from Turkish Cargo, the rest public sell cards.
    const rows = Array.from({ length: 600 }, (_, k) => {
      const year = 2030 + Math.floor(k / 100);
      const side: Row = k < 300 ? { Side: 'buy' } : { Side: 'sell', Carrier: '' };
      return airTariffRow({ ...side, Origin: 'IST', Destination: 'LHR', 'Valid From': `${year}-01-01`, 'Valid To': `${year}-12-31`, Priority: String(k % 100) });
    });
    const i = await checked(handler, 'big.csv', csv(AIR_SHEET_HEADERS, rows), RATES);
    expect(i.status, JSON.stringify(i.problems.slice(0, 3))).toBe('ready');
    expect(i.counts.create).toBe(600);
    const meanwhile = await t.request('/api/rate-cards', {
      cookie: admin,
      body: { side: 'sell', mode: 'air', origin: 'IST', destination: 'LHR', currency: 'EUR', valid_from: '2035-06-01', valid_to: '2035-06-30', priority: 0, freight: { basis: 'per_kg', breaks: [{ from: '0', rate: '5.00' }] } },
    });
    expect(meanwhile.status, await meanwhile.clone().text()).toBe(201);
    const done = await committed(handler, i.id);
    expect(done.status).toBe('failed');
    expect(done.error).toBe(IMPORT_MESSAGES.rateCardAddedSince('2035-06-01', '2035-06-30'));
    expect(await cards('IST', 'LHR')).toBe(1);
  });
});

describe('who may import rate sheets', () => {
  it('staff who write rate cards; a customer gets 403 and nothing is kept', async () => {
    const res = await upload(customer, 'sheet.csv', csv(AIR_SHEET_HEADERS, [airTariffRow()]), RATES);
    expect(res.status).toBe(403);
    expect((await t.request('/api/imports/templates/rates-air.csv', { cookie: customer })).status).toBe(403);
  });
  it('the API refuses an unknown airport or port as the sheet does', async () => {
    const res = await t.request('/api/rate-cards', {
      cookie: handler,
      body: { side: 'buy', mode: 'sea_fcl', origin: 'TRIST', destination: 'ZZZZZ', equipment: '40HC', currency: 'USD', valid_from: '2026-01-01', valid_to: '2026-01-31', freight: { basis: 'per_container', breaks: [{ from: '0', rate: '1850' }] } },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'invalid_input', fields: { destination: RATE_MESSAGES.unknownPort('ZZZZZ') } } });
  });
});
