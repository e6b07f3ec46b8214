import { describe, expect, it } from 'vitest';
import {
  markedRequiredFields, normalizeShipment, portCity, resolveLoadingType, shipmentInputSchema, storedDataChecks, validateShipmentForm, type ShipmentInput,
} from './index';

const COMPANY = '7b0f8a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const AGENT = '2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

/** A complete form for each transport: every required field filled, plus data of every transport. */
function fullForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'air',
    reference_number: 'REF-1',
    company_id: COMPANY,
    cargo_description: 'Cotton',
    packages_count: '10',
    weight_gross: '1500.5',
    origin_airport: 'IST',
    destination_airport: 'FRA',
    flight_number: 'TK1590',
    mawb_number: '235-12345675',
    hawb_number: 'H-1',
    stackable: true,
    door_delivery: true,
    origin_port: 'Rotterdam, Europoort',
    origin_port_country: 'Netherlands',
    destination_port: 'Istanbul',
    destination_port_country: 'Turkey',
    vessel_name: 'MSC Aurora',
    vessel_flag: 'PA',
    imo_number: '9876543',
    voyage_number: '123W',
    container_number: 'MSKU1234565',
    seal_number: 'S1',
    containers: [{ type: '40HC', number: 'MSKU1234565', carrier_seal_number: 'SL1' }],
    origin_address: 'Nilufer OSB',
    destination_address: 'Frankfurter Ring 150',
    origin_postal_code: '16140',
    destination_postal_code: '80807',
    truck_plate_number: '16 ABC 123',
    truck_type: 'box',
    origin_city: 'Typed City',
    origin_country: 'Typed Country',
    destination_city: 'Dest City',
    destination_country: 'Dest Country',
    consolidation_agent_id: AGENT,
    ...overrides,
  };
}

const parse = (form: Record<string, unknown>): ShipmentInput => shipmentInputSchema.parse(form);

describe('validateShipmentForm: the spec order', () => {
  const steps: [string, string][] = [
    ['reference_number', 'Reference Number is required'],
    ['company_id', 'Company is required'],
    ['cargo_description', 'Cargo Description is required'],
    ['packages_count', 'Number of Packages is required'],
    ['weight_gross', 'Gross Weight is required'],
  ];

  it('reports each missing field in order, only the first one', () => {
    const form = fullForm();
    for (const [field] of steps) form[field] = '';
    for (const [field, message] of steps) {
      expect(validateShipmentForm(form)).toEqual({ field, message });
      form[field] = fullForm()[field];
    }
    expect(validateShipmentForm(form)).toBeNull();
  });

  it('treats spaces and null as missing, on raw and parsed values', () => {
    expect(validateShipmentForm(fullForm({ reference_number: '   ' }))?.message).toBe('Reference Number is required');
    expect(validateShipmentForm(parse(fullForm({ cargo_description: '  ' })))?.message).toBe('Cargo Description is required');
    expect(validateShipmentForm(parse(fullForm({ packages_count: '' })))?.message).toBe('Number of Packages is required');
    expect(validateShipmentForm({})?.message).toBe('Reference Number is required');
  });

  it('refuses a count below 1 and a weight of 0 at their step', () => {
    expect(validateShipmentForm(fullForm({ packages_count: '0', reference_number: 'x' }))).toEqual({
      field: 'packages_count',
      message: 'Number of Packages must be at least 1',
    });
    expect(validateShipmentForm(fullForm({ weight_gross: 0 }))?.message).toBe('Gross Weight must be greater than 0');
  });

  it('then needs the destination of the type', () => {
    expect(validateShipmentForm(fullForm({ type: 'air', destination_airport: '' }))).toEqual({
      field: 'destination_airport',
      message: 'Destination Airport is required',
    });
    expect(validateShipmentForm(fullForm({ type: 'sea', destination_port: ' ' }))).toEqual({
      field: 'destination_port',
      message: 'Destination Port is required',
    });
    expect(validateShipmentForm(fullForm({ type: 'land', destination_address: null }))).toEqual({
      field: 'destination_address',
      message: 'Destination Address is required',
    });
    // A destination of another transport does not count.
    expect(validateShipmentForm(fullForm({ type: 'land', destination_address: '', destination_airport: 'FRA' }))?.field).toBe('destination_address');
  });

  it('for partial, needs the transport mode first, then the destination of that mode', () => {
    expect(validateShipmentForm(fullForm({ type: 'partial', transport_mode: '' }))).toEqual({
      field: 'transport_mode',
      message: 'Transport Mode is required for partial shipments',
    });
    expect(validateShipmentForm(fullForm({ type: 'partial', transport_mode: '', reference_number: '' }))?.field).toBe('reference_number');
    expect(validateShipmentForm(fullForm({ type: 'partial', transport_mode: 'air', destination_airport: '' }))?.message).toBe('Destination Airport is required');
    expect(validateShipmentForm(fullForm({ type: 'partial', transport_mode: 'sea', destination_port: '' }))?.message).toBe('Destination Port is required');
    expect(validateShipmentForm(fullForm({ type: 'partial', transport_mode: 'land', destination_address: '' }))?.message).toBe('Destination Address is required');
    expect(validateShipmentForm(fullForm({ type: 'partial', transport_mode: 'land' }))).toBeNull();
  });

  it('checks the dates and the temperature range last', () => {
    expect(
      validateShipmentForm(fullForm({ estimated_departure: '2026-03-02T10:00Z', estimated_arrival: '2026-03-01T10:00Z' })),
    ).toEqual({ field: 'estimated_arrival', message: 'Estimated Arrival must be after Estimated Departure' });
    expect(validateShipmentForm(fullForm({ estimated_departure: '2026-03-01T10:00Z', estimated_arrival: '2026-03-01T10:00Z' }))).toBeNull();
    expect(validateShipmentForm(fullForm({ temperature_controlled: true, temperature_range_min: '8', temperature_range_max: '2' }))?.field).toBe(
      'temperature_range_min',
    );
    expect(validateShipmentForm(fullForm({ temperature_controlled: false, temperature_range_min: '8', temperature_range_max: '2' }))).toBeNull();
  });
});

describe('resolveLoadingType', () => {
  it('makes an admin choose and gives handlers their own role', () => {
    expect(resolveLoadingType('admin', null)).toEqual({ issue: { field: 'loading_type', message: 'Please select a loading type' } });
    expect(resolveLoadingType('admin', 'import')).toEqual({ loading_type: 'import' });
    expect(resolveLoadingType('export', 'import')).toEqual({ loading_type: 'export' });
    expect(resolveLoadingType('import', null)).toEqual({ loading_type: 'import' });
  });
});

describe('normalizeShipment: conditional saving', () => {
  const airKept = { origin_airport: 'IST', destination_airport: 'FRA', flight_number: 'TK1590', mawb_number: '235-12345675', hawb_number: 'H-1', stackable: true, door_delivery: true };
  const airCleared = { origin_airport: null, destination_airport: null, flight_number: null, mawb_number: null, hawb_number: null, stackable: null, door_delivery: null };
  const seaKept = { origin_port: 'Rotterdam, Europoort', destination_port: 'Istanbul', vessel_name: 'MSC Aurora', vessel_flag: 'PA', imo_number: '9876543', voyage_number: '123W', container_number: 'MSKU1234565', seal_number: 'S1' };
  const seaCleared = { origin_port: null, destination_port: null, vessel_name: null, vessel_flag: null, imo_number: null, voyage_number: null, container_number: null, seal_number: null, containers: [] };
  const landKept = { origin_address: 'Nilufer OSB', destination_address: 'Frankfurter Ring 150', origin_postal_code: '16140', destination_postal_code: '80807', truck_plate_number: '16 ABC 123', truck_type: 'box' };
  const landCleared = { origin_address: null, destination_address: null, origin_postal_code: null, destination_postal_code: null, truck_plate_number: null, truck_type: null };

  it('air keeps air data only', () => {
    const out = normalizeShipment(parse(fullForm({ type: 'air', transport_mode: 'sea' })));
    expect(out).toMatchObject({ ...airKept, ...seaCleared, ...landCleared, transport_mode: null, consolidation_agent_id: null });
    expect(out).toMatchObject({ origin_city: 'Typed City', origin_country: 'Typed Country' });
    expect(out).not.toHaveProperty('origin_port_country');
  });

  it('sea keeps sea data and containers, city from the port name, country from the port', () => {
    const out = normalizeShipment(parse(fullForm({ type: 'sea' })));
    expect(out).toMatchObject({ ...seaKept, ...airCleared, ...landCleared });
    expect(out.containers).toEqual([{ type: '40HC', number: 'MSKU1234565', carrier_seal_number: 'SL1', weight: 0, volume: 0, packages_count: null, package_type: null, free_days: null }]);
    expect(out).toMatchObject({ origin_city: 'Rotterdam', origin_country: 'Netherlands', destination_city: 'Istanbul', destination_country: 'Turkey' });
  });

  it('sea without a port country keeps the sent country', () => {
    const out = normalizeShipment(parse(fullForm({ type: 'sea', origin_port_country: '' })));
    expect(out.origin_country).toBe('Typed Country');
  });

  it('land keeps land data only', () => {
    const out = normalizeShipment(parse(fullForm({ type: 'land' })));
    expect(out).toMatchObject({ ...landKept, ...airCleared, ...seaCleared, origin_city: 'Typed City' });
  });

  it('partial keeps the data of its mode, the mode and the consolidation agent', () => {
    const byAir = normalizeShipment(parse(fullForm({ type: 'partial', transport_mode: 'air' })));
    expect(byAir).toMatchObject({ ...airKept, ...seaCleared, ...landCleared, transport_mode: 'air', consolidation_agent_id: AGENT });
    const bySea = normalizeShipment(parse(fullForm({ type: 'partial', transport_mode: 'sea' })));
    expect(bySea).toMatchObject({ ...seaKept, ...airCleared, ...landCleared, origin_city: 'Rotterdam', destination_country: 'Turkey' });
    expect(bySea.containers).toHaveLength(1);
    const byLand = normalizeShipment(parse(fullForm({ type: 'partial', transport_mode: 'land' })));
    expect(byLand).toMatchObject({ ...landKept, ...airCleared, ...seaCleared });
    const noMode = normalizeShipment(parse(fullForm({ type: 'partial' })));
    expect(noMode).toMatchObject({ ...airCleared, ...seaCleared, ...landCleared });
  });

  it('keeps a temperature range only when temperature controlled', () => {
    const off = normalizeShipment(parse(fullForm({ temperature_range_min: '2', temperature_range_max: '8' })));
    expect(off).toMatchObject({ temperature_range_min: null, temperature_range_max: null });
    const on = normalizeShipment(parse(fullForm({ temperature_controlled: true, temperature_range_min: '-18.5', temperature_range_max: '8' })));
    expect(on).toMatchObject({ temperature_range_min: -18.5, temperature_range_max: 8 });
  });
});

describe('portCity', () => {
  it('is the port name before the first comma', () => {
    expect(portCity('Rotterdam, Europoort, Maasvlakte')).toBe('Rotterdam');
    expect(portCity('  Hamburg ')).toBe('Hamburg');
    expect(portCity('Abo (Turku)')).toBe('Abo (Turku)');
    expect(portCity(', nothing')).toBeNull();
    expect(portCity(null)).toBeNull();
  });
});

describe('markedRequiredFields', () => {
  it('follows the type and mode', () => {
    expect(markedRequiredFields('air')).toEqual(expect.arrayContaining(['origin_airport', 'destination_airport', 'carrier_id']));
    expect(markedRequiredFields('sea')).toEqual(expect.arrayContaining(['destination_port', 'container.carrier_seal_number', 'carrier_id']));
    expect(markedRequiredFields('land')).not.toContain('carrier_id');
    expect(markedRequiredFields('partial', 'land')).toEqual(expect.arrayContaining(['consolidation_agent_id', 'transport_mode', 'destination_address']));
  });
});

describe('the trade fields of issue 14', () => {
  const sea = (extra: Record<string, unknown>) => fullForm({ type: 'sea', destination_port: 'Rotterdam', ...extra });
  const CSQU = 'CSQU3054383';

  it('checks container numbers of sea transport, each once, with the exact messages', () => {
    const two = (a: string, b: string) => sea({ container_number: a, containers: [{ type: '40HC', number: a, carrier_seal_number: 'S1' }, { type: '20DC', number: b, carrier_seal_number: 'S2' }] });
    expect(validateShipmentForm(two(CSQU, 'CSQU3054384'))).toEqual({ field: 'containers.1.number', message: 'Container number CSQU3054384 has an invalid check digit (expected 3)' });
    expect(validateShipmentForm(two(CSQU, 'MSK1'))).toEqual({ field: 'containers.1.number', message: 'Container number must be 4 letters and 7 digits, like CSQU3054383' });
    expect(validateShipmentForm(two(CSQU, 'csqu 305438-3'))).toEqual({ field: 'containers.1.number', message: 'Container number CSQU3054383 appears more than once on this shipment' });
    expect(validateShipmentForm(two(CSQU, 'mwcu 605978 4'))).toBeNull();
    expect(validateShipmentForm(sea({ containers: [], container_number: 'CSQU3054384' }))).toEqual({ field: 'container_number', message: 'Container number CSQU3054384 has an invalid check digit (expected 3)' });
  });

  it('checks the air waybill of air transport only; fields of another transport are cleared, not checked', () => {
    expect(validateShipmentForm(fullForm({ mawb_number: '020-12345678' }))).toEqual({ field: 'mawb_number', message: 'MAWB number 020-12345678 has an invalid check digit (expected 5)' });
    expect(validateShipmentForm(fullForm({ mawb_number: '020-1234' }))).toEqual({ field: 'mawb_number', message: 'MAWB number must be 11 digits, like 020-12345675' });
    expect(validateShipmentForm(fullForm({ containers: [{ type: '40HC', number: 'X', carrier_seal_number: 'S' }], container_number: 'X' }))).toBeNull();
    expect(validateShipmentForm(sea({ mawb_number: 'junk', containers: [], container_number: CSQU }))).toBeNull();
  });

  it('asks dangerous goods for a UN number and a hazard class', () => {
    expect(validateShipmentForm(fullForm({ dangerous_goods: true }))).toEqual({ field: 'un_number', message: 'UN Number is required for dangerous goods' });
    expect(validateShipmentForm(fullForm({ dangerous_goods: true, un_number: '12' }))).toEqual({ field: 'un_number', message: 'UN Number must be UN and 4 digits, like UN1263' });
    expect(validateShipmentForm(fullForm({ dangerous_goods: true, un_number: 'UN1263' }))).toEqual({ field: 'hazard_class', message: 'Hazard Class is required for dangerous goods' });
    expect(validateShipmentForm(fullForm({ dangerous_goods: true, un_number: 'UN1263', hazard_class: '2' }))?.field).toBe('hazard_class');
    expect(validateShipmentForm(fullForm({ dangerous_goods: true, un_number: '1263', hazard_class: '3' }))).toBeNull();
    expect(validateShipmentForm(fullForm({ dangerous_goods: false, un_number: 'junk' }))).toBeNull();
  });

  it('asks an incoterm for its named place, and a party with an address for its name', () => {
    expect(validateShipmentForm(fullForm({ incoterm: 'FCA' }))).toEqual({ field: 'incoterm_place', message: 'Incoterm Place is required when an incoterm is chosen' });
    expect(validateShipmentForm(fullForm({ incoterm: 'FCA', incoterm_place: 'Istanbul' }))).toBeNull();
    expect(validateShipmentForm(fullForm({ consignee_address: 'Hamngatan 12' }))).toEqual({ field: 'consignee_name', message: 'Consignee Name is required when an address is given' });
    expect(validateShipmentForm(fullForm({ notify_company_id: COMPANY, notify_address: 'x' }))).toBeNull();
  });

  it('saves the UN number and hazard class only for dangerous goods and the place only with an incoterm', () => {
    const parsed = shipmentInputSchema.parse(fullForm({ dangerous_goods: false, un_number: 'un 1263', hazard_class: '3', incoterm: '', incoterm_place: 'Istanbul', hs_code: '6204.62' }));
    expect(normalizeShipment(parsed)).toMatchObject({ un_number: null, hazard_class: null, incoterm_place: null, hs_code: '620462', incoterm_version: '2020' });
    const dg = shipmentInputSchema.parse(fullForm({ dangerous_goods: true, un_number: 'un 1263', hazard_class: '3', mawb_number: '235 1234 5675' }));
    expect(normalizeShipment(dg)).toMatchObject({ un_number: 'UN1263', hazard_class: '3', mawb_number: '235-12345675' });
  });
});

describe('storedDataChecks', () => {
  it('lists the stored numbers that fail, with the message a save would give', () => {
    expect(storedDataChecks({ mawb_number: '020-12345678', container_number: 'CSQU3054383', containers: [{ number: 'CSQU3054383' }, { number: 'MSKU1234567' }] })).toEqual([
      { field: 'mawb_number', message: 'MAWB number 020-12345678 has an invalid check digit (expected 5)' },
      { field: 'containers.1.number', message: 'Container number MSKU1234567 has an invalid check digit (expected 5)' },
    ]);
    expect(storedDataChecks({ mawb_number: null, container_number: '', containers: [] })).toEqual([]);
  });
});
