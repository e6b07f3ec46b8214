import { describe, expect, it } from 'vitest';
import { cargoMeasures, chargeableWeightText, lineCubicCm, MAX_MEASURE, MAX_VOLUME, measuresProblem, pieceLineLabel, roundUpToHalf, storedCargoCalculation } from './measures';
import { pieceInputSchema } from './schema';

const line = (count: number, length: number, width: number, height: number, unit: 'cm' | 'in' = 'cm', weight: number | null = null) => ({ count, length, width, height, unit, weight });

describe('air: IATA 6,000 cm³ per kg, chargeable rounded up to the next 0.5 kg', () => {
  it('MOL Logistics: 1 pallet 140 x 100 x 90 cm, 150 kg: 1.26 m³, 210 kg volumetric and chargeable', () => {
    const m = cargoMeasures({ transport: 'air', pieces: [line(1, 140, 100, 90)], volume: null, weight_gross: 150 });
    expect(m).toMatchObject({ volume: 1.26, weight_volumetric: 210, weight_chargeable: 210, volumeFrom: 'pieces' });
    // Same example with 260 kg: the gross weight is charged.
    expect(cargoMeasures({ transport: 'air', pieces: [line(1, 140, 100, 90)], volume: null, weight_gross: 260 }).weight_chargeable).toBe(260);
  });

  it('Value Clearing & Forwarding: 1 case 50 x 50 x 50 cm of 80 kg is 20.83 kg volumetric, 80 kg chargeable; 8 boxes 60 x 40 x 20 cm of 45 kg are 64 kg', () => {
    expect(cargoMeasures({ transport: 'air', pieces: [line(1, 50, 50, 50)], volume: null, weight_gross: 80 })).toMatchObject({ weight_volumetric: 20.83, weight_chargeable: 80 });
    expect(cargoMeasures({ transport: 'air', pieces: [line(8, 60, 40, 20)], volume: null, weight_gross: 45 })).toMatchObject({ volume: 0.384, weight_volumetric: 64, weight_chargeable: 64 });
  });

  it('Pengellys: a carton 30 x 45 x 65 cm of 14 kg is 14.625 kg volumetric and charged 15 kg', () => {
    const m = cargoMeasures({ transport: 'air', pieces: [line(1, 30, 45, 65)], volume: null, weight_gross: 14 });
    expect(m.weight_volumetric).toBe(14.63);
    expect(m.weight_chargeable).toBe(15);
  });

  it('M-Spedition: 150 x 100 x 110 cm of 130 kg is 275 kg', () => {
    expect(cargoMeasures({ transport: 'air', pieces: [line(1, 150, 100, 110)], volume: null, weight_gross: 130 })).toMatchObject({ weight_volumetric: 275, weight_chargeable: 275 });
  });

  it('rounds up to the next half kilogram (aviation-professional.net: 100.2 kg is charged 100.5 kg)', () => {
    expect([roundUpToHalf(100.2), roundUpToHalf(100.5), roundUpToHalf(100.51), roundUpToHalf(100), roundUpToHalf(0.3 * 3)]).toEqual([100.5, 100.5, 101, 100, 1]);
    expect(cargoMeasures({ transport: 'air', pieces: [], volume: 0.1, weight_gross: 100.2 }).weight_chargeable).toBe(100.5);
  });

  it('Azee Shipping: 20 x 12 x 18 in of 9 kg is 11.8 kg (4,320 in³ / 366)', () => {
    const m = cargoMeasures({ transport: 'air', pieces: [line(1, 20, 12, 18, 'in')], volume: null, weight_gross: 9 });
    expect(m.weight_volumetric).toBe(11.8);
    expect(m.weight_chargeable).toBe(12);
  });

  it("a courier's own divisor wins (Intertrex, 5,000: 40 x 30 x 50 cm of 6 kg is charged 12 kg)", () => {
    const m = cargoMeasures({ transport: 'air', pieces: [line(1, 40, 30, 50)], volume: null, weight_gross: 6, carrierDivisor: 5000 });
    expect(m).toMatchObject({ factor: 200, factorFrom: 'carrier', weight_volumetric: 12, weight_chargeable: 12 });
    expect(chargeableWeightText(m)).toBe("60,000 cm³ / 5,000 (carrier's divisor) = 12.00 kg volumetric; gross 6 kg; chargeable 12.0 kg");
  });

  it('writes the calculation as the issue shows it', () => {
    const m = cargoMeasures({ transport: 'air', pieces: [], volume: 0.31, weight_gross: 120 });
    expect(chargeableWeightText(m)).toBe('310,000 cm³ / 6,000 = 51.67 kg volumetric; gross 120 kg; chargeable 120.0 kg');
  });

  it('shows figures that multiply out (issue 37: 87,750 cm³ / 6,000 = 14.63 kg, where 0.088 m³ x 167 is 14.70)', () => {
    const m = cargoMeasures({ transport: 'air', pieces: [line(1, 30, 45, 65)], volume: null, weight_gross: 14 });
    expect(chargeableWeightText(m)).toBe('87,750 cm³ / 6,000 = 14.63 kg volumetric; gross 14 kg; chargeable 15.0 kg');
    // Inches: 4,320 in³ is 70,792.12 cm³ (the unrounded volume, not the 0.071 m³ the Volume figure shows).
    expect(chargeableWeightText(cargoMeasures({ transport: 'air', pieces: [line(1, 20, 12, 18, 'in')], volume: null, weight_gross: 9 }))).toMatch(/^70,792\.12 cm³ \/ 6,000 = 11\.80 kg volumetric;/);
    expect(chargeableWeightText(cargoMeasures({ transport: 'land', pieces: [line(1, 40, 35, 65)], volume: null, weight_gross: 15 }))).toBe('0.091 m³ x 333 = 30.30 kg volumetric; gross 15 kg; chargeable 30.30 kg');
  });

  it('every calculation line multiplies out: the shown volume and factor give the shown volumetric weight', () => {
    const number = (t: string) => Number(t.replace(/,/g, ''));
    let checked = 0;
    for (const transport of ['air', 'sea', 'land'] as const)
      for (const carrierDivisor of [null, 5000, 4000])
        for (const [count, l, w, h, unit] of [[1, 30, 45, 65, 'cm'], [3, 33.3, 41.7, 29.9, 'cm'], [7, 12.5, 9.25, 31.1, 'in'], [2, 120, 80, 151, 'cm'], [11, 0.7, 0.9, 1.3, 'cm']] as const) {
          const text = chargeableWeightText(cargoMeasures({ transport, pieces: [line(count, l, w, h, unit)], volume: null, weight_gross: 1, carrierDivisor }))!;
          const divided = /^([\d,.]+) cm³ \/ ([\d,]+)(?: \(carrier's divisor\))? = ([\d,.]+) kg volumetric/.exec(text);
          const multiplied = /^([\d,.]+) m³ x ([\d,]+) = ([\d,.]+) kg volumetric/.exec(text);
          const [, a, b, result] = (divided ?? multiplied)!;
          const computed = divided ? number(a!) / number(b!) : number(a!) * number(b!);
          expect(computed.toFixed(2), text).toBe(number(result!).toFixed(2));
          checked++;
        }
    expect(checked).toBe(45);
  });
});

describe('sea: W/M, 1 m³ = 1,000 kg', () => {
  it('laojinchuhai.com: 2 m³ and 1,800 kg are 2 revenue tons', () => {
    const m = cargoMeasures({ transport: 'sea', pieces: [], volume: 2, weight_gross: 1800 });
    expect(m).toMatchObject({ revenue_tons: 2, weight_volumetric: 2000, weight_chargeable: 2000 });
    expect(chargeableWeightText(m)).toBe('2.000 m³ x 1,000 = 2,000.00 kg volumetric; gross 1,800 kg; chargeable 2,000.00 kg; 2.000 revenue tons (W/M)');
  });

  it('howtoexportimport.com: 0.5 x 1.2 x 1.9 m (1.14 m³) of 2,500 kg is 2.5 revenue tons; 5 parcels of 2.5 x 0.85 x 0.8 m and 11 t are 11', () => {
    expect(cargoMeasures({ transport: 'sea', pieces: [line(1, 50, 120, 190)], volume: null, weight_gross: 2500 })).toMatchObject({ volume: 1.14, revenue_tons: 2.5, weight_chargeable: 2500 });
    expect(cargoMeasures({ transport: 'sea', pieces: [line(5, 250, 85, 80)], volume: null, weight_gross: 11000 })).toMatchObject({ volume: 8.5, revenue_tons: 11, weight_chargeable: 11000 });
  });
});

describe('road: 333 kg per m³', () => {
  it('3T: 10 pallets 120 x 100 x 180 cm of 960 kg each: 21.6 m³, 7,192.8 kg volumetric, 9,600 kg gross charged', () => {
    const m = cargoMeasures({ transport: 'land', pieces: [line(10, 120, 100, 180, 'cm', 960)], volume: null, weight_gross: 9600 });
    expect(m).toMatchObject({ volume: 21.6, weight_volumetric: 7192.8, weight_chargeable: 9600, pieceCount: 10, piecesWeight: 9600, revenue_tons: null });
  });

  it('Hunter Express: 40 x 35 x 65 cm of 15 kg is 0.091 m³ and 30.30 kg', () => {
    expect(cargoMeasures({ transport: 'land', pieces: [line(1, 40, 35, 65)], volume: null, weight_gross: 15 })).toMatchObject({ volume: 0.091, weight_volumetric: 30.3, weight_chargeable: 30.3 });
  });
});

describe('lines, typed volume and empty values', () => {
  it('uses the typed volume only without lines; with neither, volumetric and chargeable are empty, not 0', () => {
    expect(cargoMeasures({ transport: 'sea', pieces: [], volume: '3.5', weight_gross: 100 })).toMatchObject({ volume: 3.5, volumeFrom: 'typed' });
    expect(cargoMeasures({ transport: 'sea', pieces: [line(1, 100, 100, 100)], volume: 99, weight_gross: 100 })).toMatchObject({ volume: 1, volumeFrom: 'pieces' });
    const none = cargoMeasures({ transport: 'air', pieces: [], volume: '', weight_gross: 100 });
    expect(none).toMatchObject({ volume: null, weight_volumetric: null, weight_chargeable: null });
    expect(chargeableWeightText(none)).toBeNull();
  });

  it('counts a line only once it is complete (the form computes while typing)', () => {
    expect(lineCubicCm({ count: 2, length: '10', width: '', height: 5 })).toBeNull();
    const m = cargoMeasures({ transport: 'air', pieces: [line(1, 100, 100, 100), { count: 1, length: '50', width: '', height: '', unit: 'cm', weight: '' }], volume: null, weight_gross: '' });
    expect(m).toMatchObject({ volume: 1, pieceCount: 1, piecesWeight: null, gross: null, weight_chargeable: 167 });
  });

  it('needs a transport mode for a factor (a partial shipment without mode computes the volume only)', () => {
    expect(cargoMeasures({ transport: null, pieces: [line(1, 100, 100, 100)], volume: null, weight_gross: 10 })).toMatchObject({ volume: 1, factor: null, weight_chargeable: null });
  });

  it('parses a line: count at least 1, dimensions above 0, unit cm by default', () => {
    expect(pieceInputSchema.parse({ count: '2', length: '120', width: 80, height: '150.55', weight: '' })).toEqual({ count: 2, length: 120, width: 80, height: 150.55, unit: 'cm', weight: null });
    const issues = (v: Record<string, unknown>) => pieceInputSchema.safeParse(v).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ count: 0, length: 1, width: 1, height: 1 })).toEqual(['count: Pieces must be at least 1']);
    expect(issues({ count: 1, length: 0, width: '', height: 1, unit: 'mm' })).toEqual(['length: Length must be greater than 0', 'width: Width is required', 'unit: Unit must be cm or in']);
    expect(pieceLineLabel({ count: 3, length: 120, width: 80, height: 150, unit: 'cm', weight: 250 })).toBe('3 x 120 x 80 x 150 cm, 250 kg each');
  });

  it('rebuilds the text of a stored shipment from its stored values, the volume from its dimension lines unrounded', () => {
    expect(storedCargoCalculation({ transport: 'air', pieces: [], volume: 0.31, weight_gross: 120, weight_volumetric: 51.67, weight_chargeable: 120, volumetric_factor: 166.6667 })).toBe(
      '310,000 cm³ / 6,000 = 51.67 kg volumetric; gross 120 kg; chargeable 120.0 kg',
    );
    // The stored volume is 0.088 (3 decimals); the lines give the 87,750 cm³ the weight was computed from.
    expect(storedCargoCalculation({ transport: 'air', pieces: [line(1, 30, 45, 65)], volume: 0.088, weight_gross: 14, weight_volumetric: 14.63, weight_chargeable: 15, volumetric_factor: 166.6667 })).toBe(
      '87,750 cm³ / 6,000 = 14.63 kg volumetric; gross 14 kg; chargeable 15.0 kg',
    );
    expect(storedCargoCalculation({ transport: 'air', pieces: [], volume: 0.06, weight_gross: 6, weight_volumetric: 12, weight_chargeable: 12, volumetric_factor: 200 })).toContain("60,000 cm³ / 5,000 (carrier's divisor)");
    expect(storedCargoCalculation({ transport: 'air', pieces: [], volume: null, weight_gross: 6, weight_volumetric: null, weight_chargeable: null, volumetric_factor: null })).toBeNull();
  });
});

describe('measures that fit numeric(14,3), the columns they are stored in', () => {
  const problem = (input: Parameters<typeof cargoMeasures>[0]) => measuresProblem(cargoMeasures(input));

  it('a volume at the limit fits at the densest factor: sea 1,000 kg per m³, a carrier divisor of 1,000 cm³ per kg', () => {
    const sea = cargoMeasures({ transport: 'sea', pieces: [], volume: MAX_VOLUME, weight_gross: 1 });
    expect(sea.weight_chargeable).toBe(99_999_999_999);
    expect(sea.weight_chargeable! <= MAX_MEASURE).toBe(true);
    expect(measuresProblem(sea)).toBeNull();
    expect(problem({ transport: 'air', pieces: [], volume: MAX_VOLUME, weight_gross: 1, carrierDivisor: 1000 })).toBeNull();
  });

  it('refuses dimension lines adding up past it (100,000 pieces of 100 m cubed), on the lines', () => {
    const huge = { count: 100_000, length: 10_000, width: 10_000, height: 10_000, unit: 'cm' };
    expect(problem({ transport: 'sea', pieces: [huge], volume: null, weight_gross: 1 })).toEqual({ field: 'pieces', message: 'The dimension lines add up to more than 99,999,999.999 m³.' });
    expect(problem({ transport: null, pieces: [huge], volume: null, weight_gross: 1 })?.field).toBe('pieces');
    // The typed volume that the request failed on in CI (sea, 100,000,000 m³: 10^11 kg chargeable).
    expect(problem({ transport: 'sea', pieces: [], volume: 100_000_000, weight_gross: 12000 })).toEqual({ field: 'volume', message: 'Volume is too large' });
  });

  it('refuses a gross weight that rounding takes past the limit (air up to 0.5 kg, others to 2 decimals)', () => {
    expect(problem({ transport: 'air', pieces: [], volume: 1, weight_gross: 99_999_999_999.9 })).toEqual({ field: 'weight_gross', message: 'Gross Weight is too large: the chargeable weight must stay below 100,000,000,000 kg.' });
    expect(problem({ transport: 'air', pieces: [], volume: 1, weight_gross: 99_999_999_999.5 })).toBeNull();
    expect(problem({ transport: 'sea', pieces: [], volume: 1, weight_gross: MAX_MEASURE })?.field).toBe('weight_gross');
    expect(problem({ transport: 'sea', pieces: [], volume: 1, weight_gross: 99_999_999_999.99 })).toBeNull();
    // Without a volume there is no chargeable weight to store: the gross weight alone always fits.
    expect(problem({ transport: 'air', pieces: [], volume: null, weight_gross: MAX_MEASURE })).toBeNull();
  });
});
