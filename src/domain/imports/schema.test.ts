import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, SHIPMENT_IMPORT_COLUMNS, cellText, columnOfField, countsSentence, findByName, formatOfName, importProgress, indexByName, readHeader, rowCells, EMPTY_COUNTS } from './schema';
import { choiceOf, containerColumnsProblem, dateOf, importStatusOf, shipmentFormFromRow, splitList, updatedShipmentForm, yesNo } from './shipment-rows';
import { shipmentFormIssues, shipmentInputSchema, validateShipmentForm } from '@domain/shipments/index';

describe('the header row', () => {
  it('matches headers ignoring case, spaces and punctuation, or by field name; reports missing key columns and ignored ones', () => {
    const { positions, missing, ignored } = readHeader('shipments', ['reference number', 'TYPE', 'gross_weight', 'Colour', '', 'Type']);
    expect([...positions]).toEqual([['reference_number', 0], ['type', 1], ['weight_gross', 2]]);
    expect(missing).toEqual([]);
    expect(ignored).toEqual(['Colour', 'Type']);
    expect(readHeader('shipments', ['Company']).missing).toEqual(['Reference Number']);
    expect(readHeader('companies', ['Email']).missing).toEqual(['Company Name']);
    expect(rowCells(positions, ['R1', 'air'])).toEqual({ reference_number: 'R1', type: 'air', weight_gross: null });
  });

  it('every template column is read back by its own header', () => {
    const { positions, ignored } = readHeader('shipments', SHIPMENT_IMPORT_COLUMNS.map((c) => c.header));
    expect(positions.size).toBe(SHIPMENT_IMPORT_COLUMNS.length);
    expect(ignored).toEqual([]);
  });
});

describe('cells', () => {
  it('reads text, numbers, dates and the apostrophe our CSV exports put before a formula character', () => {
    expect(cellText('  a ')).toBe('a');
    expect(cellText(12.5)).toBe('12.5');
    expect(cellText(null)).toBe('');
    expect(cellText(new Date('2026-03-01T00:00:00Z'))).toBe('2026-03-01T00:00:00.000Z');
    expect(cellText("'+49 40 555")).toBe('+49 40 555');
    expect(cellText("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(cellText("'quoted")).toBe("'quoted");
  });

  it('takes choices as codes or labels, yes/no in the usual spellings, and dates without a zone as UTC', () => {
    expect(choiceOf('status', 'In Transit')).toBe('in_transit');
    expect(choiceOf('type', 'SEA')).toBe('sea');
    expect(choiceOf('container_type', '40hc')).toBe('40HC');
    expect(choiceOf('type', 'rocket')).toBe('rocket');
    expect(choiceOf('type', '')).toBeNull();
    expect([yesNo('Yes'), yesNo('x'), yesNo('0'), yesNo(''), yesNo('maybe')]).toEqual([true, true, false, null, 'maybe']);
    expect(dateOf('2026-12-01 14:30')).toBe('2026-12-01T14:30Z');
    expect(dateOf('2026-12-01')).toBe('2026-12-01');
    expect(splitList('A; B,C\nD / E')).toEqual(['A', 'B', 'C', 'D', 'E']);
  });
});

describe('a shipment row', () => {
  it('becomes the form values, containers from the three container columns, and the form schema accepts it', () => {
    const form = shipmentFormFromRow(
      { reference_number: 'R1', type: 'Sea', loading_type: 'Import', cargo_description: 'Yarn', packages_count: 3, weight_gross: '120', destination_port: 'Ambarli', container_type: '40hc', container_numbers: 'CSQU3054383; MSKU0000000', seal_numbers: 'S1;S2', company: 'Acme' },
      { company_id: '3f2c1b0a-9e8d-4c7b-a6f5-e4d3c2b1a090', carrier_id: null },
    );
    expect(form).toMatchObject({ type: 'sea', loading_type: 'import', packages_count: 3, company_id: '3f2c1b0a-9e8d-4c7b-a6f5-e4d3c2b1a090' });
    expect(form).not.toHaveProperty('company');
    expect(form.containers).toEqual([
      { type: '40HC', number: 'CSQU3054383', carrier_seal_number: 'S1', weight: 0, volume: 0 },
      { type: '40HC', number: 'MSKU0000000', carrier_seal_number: 'S2', weight: 0, volume: 0 },
    ]);
    const parsed = shipmentInputSchema.safeParse(form);
    expect(parsed.success).toBe(true);
    // ISO 6346's published example (CSQU3054383) passes; MSKU0000000's check digit is not 0.
    expect([...shipmentFormIssues(parsed.data!)].map((i) => i.field)).toEqual(['containers.1.number']);
  });

  it('an update starts from the stored shipment: the file\'s columns over it, a named container keeps its measures', () => {
    const keys = Object.keys(shipmentInputSchema.shape);
    const stored = { reference_number: 'R1', type: 'sea', free_time_days: 7, company_id: 'c-1', carrier_id: 'k-1', status: 'in_transit', id: 's-1' };
    const containers = [{ type: '40HC', number: 'CSQU3054383', carrier_seal_number: 'S1', weight: 12000, volume: 60, packages_count: 40 }];
    const fromRow = shipmentFormFromRow({ reference_number: 'R1', cargo_description: 'Yarn', container_numbers: 'csqu 305438-3, MSKU0000000', seal_numbers: 'S9, S2' }, { company_id: null, carrier_id: null });
    // Without Company and Carrier columns, the row says nothing of them.
    expect(fromRow).not.toHaveProperty('company_id');
    expect(fromRow).not.toHaveProperty('carrier_id');
    const form = updatedShipmentForm(stored, containers, fromRow, keys);
    expect(form).toMatchObject({ type: 'sea', free_time_days: 7, company_id: 'c-1', carrier_id: 'k-1', cargo_description: 'Yarn' });
    expect(form).not.toHaveProperty('status');
    expect(form.containers).toEqual([
      { type: '40HC', number: 'CSQU3054383', carrier_seal_number: 'S9', weight: 12000, volume: 60, packages_count: 40 },
      { type: null, number: 'MSKU0000000', carrier_seal_number: 'S2', weight: 0, volume: 0 },
    ]);
    // A file without container columns keeps the stored containers.
    expect(updatedShipmentForm(stored, containers, { reference_number: 'R1' }, keys).containers).toEqual(containers);
  });

  it('the container columns must agree; the status defaults to in progress', () => {
    expect(containerColumnsProblem({ container_numbers: 'A;B', seal_numbers: 'S1' })).toBe(IMPORT_MESSAGES.containersMismatch);
    expect(containerColumnsProblem({ container_numbers: '', seal_numbers: '' })).toBeNull();
    expect(importStatusOf('')).toEqual({ status: 'in_progress' });
    expect(importStatusOf('Delivered')).toEqual({ status: 'delivered' });
    expect(importStatusOf('lost')).toHaveProperty('problem');
  });

  it('shows a field’s problem in its column', () => {
    expect(columnOfField('shipments', 'company_id')).toBe('Company');
    expect(columnOfField('shipments', 'containers.2.number')).toBe('Container Numbers');
    expect(columnOfField('shipments', 'containers.0.carrier_seal_number')).toBe('Seal Numbers');
    expect(columnOfField('shipments', 'containers.0.type')).toBe('Container Type');
    expect(columnOfField('shipments', 'weight_gross')).toBe('Gross Weight');
    expect(columnOfField('shipments', 'payment_due_date')).toBe('Payment Due Date');
    expect(columnOfField('companies', 'email')).toBe('Email');
  });
});

describe('every problem of the form, in its order', () => {
  it('lists them all; the first is the form’s one message', () => {
    const form = { type: 'sea', reference_number: '', company_id: null, cargo_description: 'x', packages_count: 0, weight_gross: 5, estimated_departure: '2026-12-02', estimated_arrival: '2026-12-01', containers: [{ number: 'CSQU3054384' }, { number: 'CSQU3054383' }, { number: 'CSQU3054383' }] };
    const all = [...shipmentFormIssues(form)];
    expect(all.map((i) => i.message)).toEqual([
      'Reference Number is required',
      'Company is required',
      'Number of Packages must be at least 1',
      'Destination Port is required',
      'Estimated Arrival must be after Estimated Departure',
      'Container number CSQU3054384 has an invalid check digit (expected 3)',
      'Container number CSQU3054383 appears more than once on this shipment',
    ]);
    expect(validateShipmentForm(form)).toEqual(all[0]);
  });
});

describe('names, files and progress', () => {
  it('finds a name once; a missing or repeated one is a problem', () => {
    const index = indexByName([{ id: 'a', name: 'Acme  Ltd' }, { id: 'b', name: 'Twin' }, { id: 'c', name: 'twin ' }]);
    expect(findByName(index, ' acme ltd ', 'Company not found', 'companies')).toEqual({ id: 'a' });
    expect(findByName(index, 'Nobody', 'Company not found', 'companies')).toEqual({ problem: 'Company not found' });
    expect(findByName(index, 'twin', 'Company not found', 'companies')).toEqual({ problem: IMPORT_MESSAGES.ambiguous('companies', 'twin', 2) });
  });

  it('knows CSV and XLSX by name; progress and the counts sentence', () => {
    expect([formatOfName('a.CSV'), formatOfName('b.xlsx'), formatOfName('c.xls'), formatOfName('csv')]).toEqual(['csv', 'xlsx', null, null]);
    expect(importProgress({ status: 'validating', processed_rows: 500, total_rows: 2000 })).toBe(25);
    expect(importProgress({ status: 'validating', processed_rows: 0, total_rows: 0 })).toBe(0);
    expect(importProgress({ status: 'committing', processed_rows: 0, total_rows: 10 })).toBe(100);
    expect(countsSentence({ ...EMPTY_COUNTS, create: 2, update: 1 }, false)).toBe('Will create 2, update 1, skip 0');
    expect(countsSentence({ ...EMPTY_COUNTS, create: 2, skip: 3 }, true)).toBe('Created 2, updated 0, skipped 3');
  });
});
