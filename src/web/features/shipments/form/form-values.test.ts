import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '@domain/common/enums';
import { shipmentInputSchema, shipmentTotals, type ShipmentDetail } from '@domain/shipments/index';
import {
  blankShipmentForm, currencyOptions, firstFormIssue, formFromShipment, isEmptyPieceRow, localDateTimeToIso, moneyRow, toLocalDateTimeInput,
  sameRow, sameValue, toShipmentBody, withoutEmptyPieces, type ContainerRow, type PieceRow, type ShipmentFormState,
} from './form-values';

const uuid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

/** A complete air form an admin may send. */
function airForm(extra: Partial<ShipmentFormState> = {}): ShipmentFormState {
  return {
    ...blankShipmentForm('admin'),
    loading_type: 'export',
    reference_number: 'AIR-1',
    company_id: uuid(1),
    carrier_id: uuid(2),
    cargo_description: 'Cotton rolls',
    package_type: 'pallet',
    packages_count: 4,
    weight_gross: '120.5',
    origin_airport: 'IST',
    origin_city: 'Istanbul',
    origin_country: 'TR',
    destination_airport: 'FRA',
    destination_city: 'Frankfurt am Main',
    destination_country: 'DE',
    estimated_departure: '2026-03-01T09:30',
    estimated_arrival: '2026-03-02T18:05',
    ...extra,
  };
}

describe('blankShipmentForm', () => {
  it('starts as air with every charge and cost 0 in USD and every body field present', () => {
    const v = blankShipmentForm('admin');
    expect(v.type).toBe('air');
    expect(v.service_charge).toBe('0');
    expect(v.other_costs).toBe('0');
    expect(v.freight_cost_currency).toBe('USD');
    expect(v.cargo_value_currency).toBe('USD');
    expect(v.containers).toEqual([]);
    expect(v.pieces).toEqual([]);
    expect(v.incoterm_version).toBe('2020');
    expect(v).not.toHaveProperty('weight_chargeable');
    expect(Object.keys(v).sort()).toEqual(Object.keys(shipmentInputSchema.shape).sort());
  });

  it('leaves the loading type to the admin and fixes it to a handler’s role', () => {
    expect(blankShipmentForm('admin').loading_type).toBe('');
    expect(blankShipmentForm('export').loading_type).toBe('export');
    expect(blankShipmentForm('import').loading_type).toBe('import');
  });
});

describe('firstFormIssue', () => {
  it('asks an admin for the loading type first', () => {
    expect(firstFormIssue(blankShipmentForm('admin'), 'admin')).toEqual({ field: 'loading_type', message: 'Please select a loading type' });
  });

  it("walks the spec's order on an empty form, then the destination of the type", () => {
    const steps: [Partial<ShipmentFormState>, string, string][] = [
      [{}, 'reference_number', 'Reference Number is required'],
      [{ reference_number: 'R-1' }, 'company_id', 'Company is required'],
      [{ company_id: uuid(1) }, 'cargo_description', 'Cargo Description is required'],
      [{ cargo_description: 'Textiles' }, 'packages_count', 'Number of Packages is required'],
      [{ packages_count: 3 }, 'weight_gross', 'Gross Weight is required'],
      [{ weight_gross: 10 }, 'destination_airport', 'Destination Airport is required'],
    ];
    let v = blankShipmentForm('export');
    for (const [set, field, message] of steps) {
      v = { ...v, ...set };
      expect(firstFormIssue(v, 'export')).toEqual({ field, message });
    }
  });

  it('needs a transport mode for partial, then the destination of that mode', () => {
    const v = airForm({ type: 'partial', destination_airport: '' });
    expect(firstFormIssue(v, 'admin')?.message).toBe('Transport Mode is required for partial shipments');
    expect(firstFormIssue({ ...v, transport_mode: 'land' }, 'admin')?.message).toBe('Destination Address is required');
    expect(firstFormIssue({ ...v, transport_mode: 'sea' }, 'admin')?.message).toBe('Destination Port is required');
  });

  it('then checks the fields the form marks required, top to bottom', () => {
    expect(firstFormIssue(airForm(), 'admin')).toBeNull();
    expect(firstFormIssue(airForm({ carrier_id: '' }), 'admin')).toEqual({ field: 'carrier_id', message: 'Airline is required' });
    expect(firstFormIssue(airForm({ origin_airport: '' }), 'admin')?.message).toBe('Origin Airport is required');
    expect(firstFormIssue(airForm({ estimated_departure: '' }), 'admin')?.message).toBe('Estimated Departure is required');
    expect(firstFormIssue(airForm({ package_type: null }), 'admin')?.message).toBe('Package Type is required');
    const partial = airForm({ type: 'partial', transport_mode: 'air', carrier_id: '' });
    expect(firstFormIssue(partial, 'admin')).toEqual({ field: 'consolidation_agent_id', message: 'Consolidation Agent is required' });
    expect(firstFormIssue({ ...partial, consolidation_agent_id: uuid(3) }, 'admin')).toBeNull();
  });

  it('requires each container row’s type, number and carrier seal number for sea', () => {
    const sea = airForm({
      type: 'sea', origin_port: 'Istanbul', destination_port: 'Hamburg', destination_airport: '', origin_airport: '',
      containers: [{ type: '40HC', number: 'MSKU1234565', carrier_seal_number: 'S1', weight: 0, volume: 0 }, { type: '20DC', number: 'MSKU7654328', carrier_seal_number: '', weight: 0, volume: 0 }],
    });
    expect(firstFormIssue(sea, 'admin')).toEqual({ field: 'containers.1.carrier_seal_number', message: 'Carrier Seal Number is required' });
  });

  it('reports format errors with the API’s labelled messages', () => {
    expect(firstFormIssue(airForm({ packages_count: '2.5' }), 'admin')).toEqual({ field: 'packages_count', message: 'Number of Packages must be a whole number' });
    expect(firstFormIssue(airForm({ tracking_url: 'ftp://x' }), 'admin')?.message).toBe('Tracking URL must start with http:// or https://');
  });
});

const line = (extra: Partial<PieceRow> = {}): PieceRow => ({ count: 1, length: 140, width: 100, height: 90, unit: 'cm', weight: '', ...extra });
const container = (number: string, extra: Partial<ContainerRow> = {}): ContainerRow => ({ type: '40HC', number, carrier_seal_number: 'S1', weight: 0, volume: 0, ...extra });
const seaForm = (containers: ContainerRow[]) =>
  airForm({ type: 'sea', origin_port: 'Istanbul', destination_port: 'Hamburg', destination_airport: '', origin_airport: '', containers });

describe('trade fields of issue 14', () => {
  it('names a dimension line field by its row, like the API', () => {
    expect(firstFormIssue(airForm({ pieces: [line(), line({ height: '' })] }), 'admin')).toEqual({ field: 'pieces.1.height', message: 'Height is required' });
    expect(firstFormIssue(airForm({ pieces: [line({ count: 0 })] }), 'admin')).toEqual({ field: 'pieces.0.count', message: 'Pieces must be at least 1' });
    expect(firstFormIssue(airForm({ pieces: [line({ length: '-3' })] }), 'admin')?.field).toBe('pieces.0.length');
    expect(firstFormIssue(airForm({ pieces: [line({ unit: 'in', weight: '12.5' })] }), 'admin')).toBeNull();
  });

  it('drops the lines left empty before checking and sending, keeping the others in order', () => {
    const rows = [line({ length: '', width: '', height: '' }), line({ count: 3 }), { count: 1, length: '', width: '', height: '', unit: 'cm', weight: '' }];
    expect(rows.map(isEmptyPieceRow)).toEqual([true, false, true]);
    const v = withoutEmptyPieces(airForm({ pieces: rows }));
    expect(v.pieces).toEqual([line({ count: 3 })]);
    const untouched = airForm({ pieces: [line()] });
    expect(withoutEmptyPieces(untouched)).toBe(untouched);
    expect(toShipmentBody(v).pieces).toEqual([line({ count: 3 })]);
  });

  it('refuses a container number with a wrong check digit on its row, and the same number twice', () => {
    expect(firstFormIssue(seaForm([container('MSKU1234565'), container('CSQU3054384')]), 'admin')).toEqual({
      field: 'containers.1.number',
      message: 'Container number CSQU3054384 has an invalid check digit (expected 3)',
    });
    expect(firstFormIssue(seaForm([container('csqu 305438-3')]), 'admin')).toBeNull();
    expect(firstFormIssue(seaForm([container('CSQU3054383'), container('csqu3054383')]), 'admin')).toEqual({
      field: 'containers.1.number',
      message: 'Container number CSQU3054383 appears more than once on this shipment',
    });
  });

  it('checks the MAWB number, the incoterm place, and the dangerous goods codes', () => {
    expect(firstFormIssue(airForm({ mawb_number: '235-12345678' }), 'admin')).toEqual({ field: 'mawb_number', message: 'MAWB number 235-12345678 has an invalid check digit (expected 5)' });
    expect(firstFormIssue(airForm({ mawb_number: '235 1234 5675' }), 'admin')).toBeNull();
    expect(firstFormIssue(airForm({ incoterm: 'FCA' }), 'admin')).toEqual({ field: 'incoterm_place', message: 'Incoterm Place is required when an incoterm is chosen' });
    expect(firstFormIssue(airForm({ incoterm: 'FCA', incoterm_place: 'Istanbul' }), 'admin')).toBeNull();
    expect(firstFormIssue(airForm({ dangerous_goods: true }), 'admin')).toEqual({ field: 'un_number', message: 'UN Number is required for dangerous goods' });
    expect(firstFormIssue(airForm({ dangerous_goods: true, un_number: '1263' }), 'admin')?.field).toBe('hazard_class');
    expect(firstFormIssue(airForm({ dangerous_goods: true, un_number: '1263', hazard_class: '3' }), 'admin')).toBeNull();
    expect(firstFormIssue(airForm({ hs_code: '6204' }), 'admin')).toEqual({ field: 'hs_code', message: 'HS Code must be 6 to 10 digits, like 6204.62' });
    expect(firstFormIssue(airForm({ shipper_address: 'Organize Sanayi, Bursa' }), 'admin')).toEqual({ field: 'shipper_name', message: 'Shipper Name is required when an address is given' });
  });
});

describe('dates', () => {
  it('sends a datetime-local value as ISO with a time zone, to the minute, and reads it back', () => {
    const iso = localDateTimeToIso('2026-03-01T09:30') as string;
    expect(iso).toMatch(/^2026-0[23]-\d{2}T\d{2}:\d{2}:00\.000Z$/);
    expect(toLocalDateTimeInput(iso)).toBe('2026-03-01T09:30');
    expect(localDateTimeToIso('')).toBe('');
    expect(localDateTimeToIso('soon')).toBe('soon');
    expect(toLocalDateTimeInput(null)).toBe('');
  });
});

describe('toShipmentBody', () => {
  it('sends every field with ISO dates and no computed totals', () => {
    const body = toShipmentBody(airForm());
    expect(body.estimated_departure).toBe(new Date('2026-03-01T09:30').toISOString());
    expect(body).not.toHaveProperty('total_cost');
    expect(body).not.toHaveProperty('profit_margin');
    expect(shipmentInputSchema.safeParse(body).success).toBe(true);
  });

  it('keeps the shipment’s container and seal numbers on the first container row for sea', () => {
    const rows = [{ type: '40HC', number: 'MSKU1234565', carrier_seal_number: 'S1', weight: 1, volume: 2 }];
    const sea = toShipmentBody(airForm({ type: 'sea', containers: rows, container_number: 'OLD' }));
    expect(sea.container_number).toBe('MSKU1234565');
    expect(sea.seal_number).toBe('S1');
    expect(toShipmentBody(airForm({ container_number: 'OLD', containers: rows })).container_number).toBe('OLD');
  });
});

describe('currencyOptions', () => {
  it('offers the eleven currencies on create and USD, EUR, GBP, TRY plus a stored other code on edit', () => {
    expect(currencyOptions('create')).toEqual([...CURRENCIES]);
    expect(currencyOptions('edit', 'EUR')).toEqual(['USD', 'EUR', 'GBP', 'TRY']);
    expect(currencyOptions('edit', 'JPY')).toEqual(['USD', 'EUR', 'GBP', 'TRY', 'JPY']);
  });
});

describe('formFromShipment', () => {
  it('fills the form from the stored shipment: empty for null, flags, local date-times, the due date', () => {
    const stored = {
      ...Object.fromEntries(Object.keys(shipmentInputSchema.shape).map((k) => [k, null])),
      type: 'sea',
      reference_number: 'SEA-1',
      priority: true,
      stackable: null,
      estimated_departure: '2026-03-01T09:30:00.000Z',
      payment_due_date: '2026-04-15T00:00:00.000Z',
      service_charge: 100,
      service_charge_currency: 'JPY',
      containers: [{ type: '40HC', number: 'N1', carrier_seal_number: 'S1', weight: 10, volume: 2, packages_count: 6, package_type: 'pallet', free_days: 4, iso_code: '45G1' }],
      pieces: [{ count: 2, length: 120, width: 80, height: 100, unit: 'cm', weight: null }],
      hs_code: '62046200',
      incoterm_version: '2010',
      weight_chargeable: 300,
      company_name: 'Anatolia Textiles Ltd',
    } as unknown as ShipmentDetail;
    const v = formFromShipment(stored, 'admin');
    expect(v.type).toBe('sea');
    expect(v.priority).toBe(true);
    expect(v.stackable).toBe(false);
    expect(v.vessel_name).toBe('');
    expect(v.estimated_departure).toBe(toLocalDateTimeInput('2026-03-01T09:30:00.000Z'));
    expect(v.payment_due_date).toBe('2026-04-15');
    expect(v.service_charge_currency).toBe('JPY');
    expect(v.containers).toEqual([{ type: '40HC', number: 'N1', carrier_seal_number: 'S1', weight: 10, volume: 2, packages_count: 6, package_type: 'pallet', free_days: 4 }]);
    expect(v.pieces).toEqual([{ count: 2, length: 120, width: 80, height: 100, unit: 'cm', weight: '' }]);
    expect(v.hs_code).toBe('6204.62.00');
    expect(v.incoterm_version).toBe('2010');
    expect(v).not.toHaveProperty('company_name');
    expect(v).not.toHaveProperty('weight_chargeable');
  });
});

describe('moneyRow', () => {
  it('gives the live totals per currency from the typed amounts', () => {
    const v = { ...blankShipmentForm('admin'), service_charge: '1000', freight_cost: 600, handling_charge: '50.5', handling_charge_currency: 'EUR', customs_cost: 'x' };
    const totals = shipmentTotals(moneyRow(v));
    expect(totals).toEqual([
      { currency: 'USD', total_revenue: '1000.00', total_cost: '600.00', profit: '400.00', margin_percent: '40.00', billed: '0.00', unbilled: '1000.00' },
      { currency: 'EUR', total_revenue: '50.50', total_cost: '0.00', profit: '50.50', margin_percent: '100.00', billed: '0.00', unbilled: '50.50' },
    ]);
  });
});

describe('sameValue', () => {
  it('treats copied rows with equal values as unchanged (the form copies its whole state on every change)', () => {
    const rows = [line(), line({ count: 2 })];
    expect(sameValue(rows, structuredClone(rows))).toBe(true);
    expect(sameValue(rows, [line(), line({ count: 3 })])).toBe(false);
    expect(sameValue(rows, [line()])).toBe(false);
    expect(sameValue('a', 'a')).toBe(true);
    expect(sameValue('1', 1)).toBe(false);
    expect(sameRow(line(), { ...line(), extra: 1 })).toBe(false);
    expect(sameRow(null, line())).toBe(false);
  });
});
