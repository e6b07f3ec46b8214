import { describe, expect, it } from 'vitest';
import { readHeader } from '@domain/imports/schema';
import { priceCard } from './pricing';
import { RATE_MESSAGES, rateCardInputSchema, type RateCardInput } from './schema';
import { RATE_SHEET_TEMPLATES, amountOf, dayOf, modeOf, rateCardFromRow, rateSheetField } from './sheet';

/** A sheet row read as the import reads it: the header's positions and labels, then the row's cells. */
function read(header: string[], row: unknown[]) {
  const h = readHeader('rate_cards', header);
  const cells: Record<string, unknown> = {};
  for (const [field, i] of h.positions) cells[field] = row[i] ?? null;
  const label = (f: string) => h.labels.get(f) ?? f;
  return { ...h, ...rateCardFromRow(cells, h.positions, label, { carrier_id: null, company_id: null }) };
}

describe('rate sheet headers', () => {
  it('reads breaks, the normal rate, the minimum and surcharges from the header, as carriers write them', () => {
    expect(rateSheetField('+45')).toBe('break:45');
    expect(rateSheetField('+1000 kg')).toBe('break:1000');
    expect(rateSheetField('300+')).toBe('break:300');
    expect(rateSheetField('N')).toBe('rate');
    expect(rateSheetField('-45')).toBe('rate');
    expect(rateSheetField('M')).toBe('minimum');
    expect(rateSheetField('FSC per kg')).toBe('surcharge:FSC:per_kg');
    expect(rateSheetField('fsc/kg')).toBe('surcharge:FSC:per_kg');
    expect(rateSheetField('BAF per container')).toBe('surcharge:BAF:per_container');
    expect(rateSheetField('CAF % of freight')).toBe('surcharge:CAF:percent_of_freight');
    expect(rateSheetField('CAF (%)')).toBe('surcharge:CAF:percent_of_freight');
    expect(rateSheetField('DOC per shipment')).toBe('surcharge:DOC:per_shipment');
    expect(rateSheetField('Customer Reference')).toBeNull();
    expect(rateSheetField('Colour')).toBeNull();
  });

  it('a header with unknown columns keeps them aside, and names the dynamic columns as the file does', () => {
    const h = readHeader('rate_cards', ['Side', 'MODE', 'origin', 'Destination', 'N', '+45', 'FSC per kg', 'Remarks']);
    expect(h.missing).toEqual([]);
    expect(h.ignored).toEqual(['Remarks']);
    expect(h.labels.get('surcharge:FSC:per_kg')).toBe('FSC per kg');
    expect(h.labels.get('rate')).toBe('N');
    expect(readHeader('rate_cards', ['Mode', 'Origin', 'Destination']).missing).toEqual(['Side']);
  });
});

describe('cells', () => {
  it('amounts: numbers, decimal text and thousands commas; anything else kept for the schema', () => {
    expect(amountOf(4.1)).toBe('4.1');
    expect(amountOf(' 1,850.00 ')).toBe('1850.00');
    expect(amountOf('')).toBeNull();
    expect(amountOf('4,10')).toBe('4,10');
  });
  it('days: Excel dates, ISO days and the Turkish dotted form', () => {
    expect(dayOf(new Date('2026-01-31T00:00:00Z'))).toBe('2026-01-31');
    expect(dayOf('31.01.2026')).toBe('2026-01-31');
    expect(dayOf('1.2.2026')).toBe('2026-02-01');
    expect(dayOf('2026-01-31')).toBe('2026-01-31');
    expect(dayOf('next week')).toBe('next week');
  });
  it('modes by their words', () => {
    expect(['Air', 'Sea FCL', 'FCL', 'LCL', 'sea_lcl', 'Road', 'land', 'rail'].map(modeOf)).toEqual(['air', 'sea_fcl', 'sea_fcl', 'sea_lcl', 'sea_lcl', 'land', 'land', 'rail']);
  });
});

describe('a row becomes the API card', () => {
  it('the issue’s air tariff as a sheet row prices the worked example: 480 kg = 1,405.00 EUR', () => {
    const t = RATE_SHEET_TEMPLATES.air;
    const { input } = read(t.columns.map((c) => c.header), t.columns.map((c) => c.example));
    const card = rateCardInputSchema.parse(input);
    expect(card.freight).toEqual({
      basis: 'per_kg', minimum: '75.00',
      breaks: [{ from: '0', rate: '4.10' }, { from: '45', rate: '3.20' }, { from: '100', rate: '2.60' }, { from: '300', rate: '2.10' }, { from: '500', rate: '1.85' }, { from: '1000', rate: '1.60' }],
    });
    expect(card.surcharges).toEqual([{ code: 'FSC', basis: 'per_kg', amount: '0.85' }, { code: 'SSC', basis: 'per_kg', amount: '0.15' }]);
    expect(priceCard(card, { chargeable_weight: '480' }).total).toBe('1405.00');
    expect(priceCard(card, { chargeable_weight: '44' }).lines[0]).toEqual({ code: 'FRT', amount: '144.00' });
    expect(priceCard(card, { chargeable_weight: '20' }).lines[0]).toEqual({ code: 'FRT', amount: '82.00' });
  });

  it('the FCL template prices 40HC at 2,325.50 USD (base 1,850, BAF 420, CAF 3% = 55.50)', () => {
    const t = RATE_SHEET_TEMPLATES.sea_fcl;
    const card: RateCardInput = rateCardInputSchema.parse(read(t.columns.map((c) => c.header), t.columns.map((c) => c.example)).input);
    expect(card.equipment).toBe('40HC');
    expect(priceCard(card, { containers: 1 })).toEqual({ lines: [{ code: 'FRT', amount: '1850.00' }, { code: 'BAF', amount: '420.00' }, { code: 'CAF', amount: '55.50' }], total: '2325.50' });
  });

  it('every template’s example row is a valid card of its mode', () => {
    for (const t of Object.values(RATE_SHEET_TEMPLATES)) {
      const parsed = rateCardInputSchema.safeParse(read(t.columns.map((c) => c.header), t.columns.map((c) => c.example)).input);
      expect(parsed.success, `${t.mode}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(parsed.data?.mode).toBe(t.mode);
    }
  });

  it('names each problem’s column: a break below the one before, a negative rate, a surcharge that is no amount, a bad day', () => {
    const header = ['Side', 'Mode', 'Origin', 'Destination', 'Currency', 'Valid From', 'Valid To', 'Rate', '+100', '+45', 'FSC per kg'];
    const { input, columnOf } = read(header, ['buy', 'air', 'IST', 'FRA', 'EUR', '2026-01-01', 'soon', '-4.10', '2.60', '3.20', 'abc']);
    const parsed = rateCardInputSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    const problems = parsed.error!.issues.map((i) => [columnOf(i.path), i.message]);
    expect(problems).toEqual(
      expect.arrayContaining([
        ['Rate', RATE_MESSAGES.amount],
        ['FSC per kg', RATE_MESSAGES.amount],
        ['Valid To', RATE_MESSAGES.date],
      ]),
    );
    // The break order is checked once the amounts are numbers.
    const ordered = read(header, ['buy', 'air', 'IST', 'FRA', 'EUR', '2026-01-01', '2026-01-31', '4.10', '2.60', '3.20', '']);
    const again = rateCardInputSchema.safeParse(ordered.input);
    expect(again.error!.issues.map((i) => [ordered.columnOf(i.path), i.message])).toEqual([['+45', RATE_MESSAGES.breakOrder]]);
  });

  it('empty break and surcharge cells are no break and no charge; the basis defaults to the mode’s', () => {
    const { input } = read(['Side', 'Mode', 'Origin', 'Destination', 'Currency', 'Valid From', 'Valid To', 'Rate', '+45', 'FSC per kg'], ['sell', 'Road', 'TRIST', 'DEHAM', 'EUR', '2026-01-01', '2026-01-31', '2400', '', '']);
    expect(input).toMatchObject({ mode: 'land', freight: { basis: 'per_load', breaks: [{ from: '0', rate: '2400' }] }, surcharges: [] });
    expect(rateCardInputSchema.safeParse(input).success).toBe(true);
  });
});
