import { describe, expect, it } from 'vitest';
import {
  GENERATED_KIND_INFO, blPeriod, changedSincePrinted, foldVersions, generatedFileName, houseBlNumber, kindsFor, letterheadSchema, printedFieldNotes,
  printedValues, versionLabel,
} from './schema';

describe('which papers fit a shipment', () => {
  it('by transport (a partial shipment by its mode) and, for the arrival notice, by direction', () => {
    expect(kindsFor({ type: 'sea', loading_type: 'export' })).toEqual(['hbl', 'booking_confirmation', 'debit_note']);
    expect(kindsFor({ type: 'sea', loading_type: 'import' })).toEqual(['hbl', 'arrival_notice', 'booking_confirmation', 'debit_note']);
    expect(kindsFor({ type: 'air', loading_type: 'export' })).toEqual(['hawb', 'booking_confirmation', 'debit_note']);
    expect(kindsFor({ type: 'land', loading_type: 'import' })).toEqual(['cmr', 'arrival_notice', 'booking_confirmation', 'debit_note']);
    expect(kindsFor({ type: 'partial', transport_mode: 'air', loading_type: 'export' })).toEqual(['hawb', 'booking_confirmation', 'debit_note']);
    expect(kindsFor({ type: 'partial', transport_mode: 'sea', loading_type: 'export' })[0]).toBe('hbl');
    expect(kindsFor({ type: 'partial', transport_mode: 'land', loading_type: 'export' })[0]).toBe('cmr');
    // A partial shipment without a mode gets no transport document.
    expect(kindsFor({ type: 'partial', transport_mode: null, loading_type: 'export' })).toEqual(['booking_confirmation', 'debit_note']);
  });
});

describe('names', () => {
  it('files as the issue names them, versions as notes say them', () => {
    expect(generatedFileName('hbl', 'CD-S2611-1096', 2)).toBe('HBL-CD-S2611-1096-v2.pdf');
    expect(generatedFileName('hawb', 'CD-A2611-0001', 1)).toBe('HAWB-CD-A2611-0001-v1.pdf');
    expect(generatedFileName('debit_note', 'X', 10)).toBe('DN-X-v10.pdf');
    expect(versionLabel('cmr', 3)).toBe('CMR v3');
  });
});

describe('printed values and what changed since', () => {
  const shipment = {
    reference_number: 'R1', weight_gross: 1500.5, internal_notes: 'never printed',
    containers: [{ type: '40HC', number: 'CSQU3054383', carrier_seal_number: 'S1', weight: 1, volume: 2, iso_code: '45G1' }],
  };

  it('keeps only the fields the paper prints, missing ones as null', () => {
    const printed = printedValues('hbl', shipment);
    expect(Object.keys(printed)).toEqual([...GENERATED_KIND_INFO.hbl.fields]);
    expect(printed.weight_gross).toBe(1500.5);
    expect(printed.vessel_name).toBeNull();
    expect('internal_notes' in printed).toBe(false);
  });

  it('compares by content, whatever order a stored object’s keys come back in', () => {
    const printed = printedValues('hbl', shipment);
    // jsonb gives keys back in its own order.
    const stored = JSON.parse(JSON.stringify({ ...printed, containers: [{ volume: 2, weight: 1, iso_code: '45G1', number: 'CSQU3054383', type: '40HC', carrier_seal_number: 'S1' }] })) as Record<string, unknown>;
    expect(changedSincePrinted(stored, shipment)).toEqual([]);
    expect(changedSincePrinted(stored, { ...shipment, weight_gross: 1600, internal_notes: 'edited' })).toEqual(['weight_gross']);
    expect(changedSincePrinted(stored, { ...shipment, containers: [{ ...shipment.containers[0]!, carrier_seal_number: 'S2' }] })).toEqual(['containers']);
    // An empty field and a missing one are the same.
    expect(changedSincePrinted({ vessel_name: null }, {})).toEqual([]);
  });
});

describe('the notes of printed fields', () => {
  it('name every final version that printed the field', () => {
    const notes = printedFieldNotes([{ kind: 'hbl', version: 2 }, { kind: 'debit_note', version: 1 }]);
    expect(notes.weight_gross).toBe('Printed on HBL v2, final');
    expect(notes.service_charge).toBe('Printed on DN v1, final');
    expect(notes.reference_number).toBe('Printed on HBL v2, final; DN v1, final');
    expect(notes.internal_notes).toBeUndefined();
    expect(printedFieldNotes([])).toEqual({});
  });
});

describe('the letterhead', () => {
  it('needs a name; every line has its limit', () => {
    const ok = { name: ' Cargodesk ', address: 'İzmir', phone: '', email: '', tax_id: '' };
    expect(letterheadSchema.parse(ok).name).toBe('Cargodesk');
    expect(letterheadSchema.safeParse({ ...ok, name: '  ' }).error?.issues[0]?.message).toBe('Company name is required');
    expect(letterheadSchema.safeParse({ ...ok, phone: 'x'.repeat(121) }).error?.issues[0]?.message).toBe('Phone must be at most 120 characters');
  });
});

describe('the house bill of lading (issue 41)', () => {
  it('numbers a bill by its series, the year and month of issue in UTC, and the month\'s number in six digits', () => {
    expect(houseBlNumber('CDKIST', new Date('2026-11-15T10:00:00Z'), 123)).toBe('CDKIST2611000123');
    // 1 January 2027 00:30 in İstanbul is still December 2026 in UTC.
    expect(blPeriod(new Date('2026-12-31T21:30:00Z'))).toBe('2612');
    expect(houseBlNumber('CDK', new Date('2030-01-01T00:00:00Z'), 1)).toBe('CDK3001000001');
  });

  it('letterhead: the series prefix is 2 to 10 letters or digits, upper-cased; the signature carrier or agent', () => {
    const ok = { name: 'Cargodesk', address: '', phone: '', email: '', tax_id: '' };
    expect(letterheadSchema.parse({ ...ok, bl_prefix: ' cdkist ' }).bl_prefix).toBe('CDKIST');
    for (const bad of ['C', 'CDK-IST', 'CDKISTANBUL1']) {
      expect(letterheadSchema.safeParse({ ...ok, bl_prefix: bad }).error?.issues[0]?.message, bad).toBe('The B/L prefix is 2 to 10 letters or digits, such as CDKIST');
    }
    expect(letterheadSchema.safeParse({ ...ok, bl_signed_as: 'shipper' }).error?.issues[0]?.message).toBe('Sign the bill as carrier or as agent');
    expect(letterheadSchema.parse(ok).bl_prefix).toBeUndefined();
  });

  it('a paper list shows the newest version of each kind and its newest final one; the rest fold', () => {
    const v = (id: string, kind: string, version: number, final = false) => ({ id, kind, version, final });
    const rows = [v('a3', 'hbl', 3), v('a2', 'hbl', 2, true), v('a1', 'hbl', 1, true), v('b2', 'debit_note', 2), v('b1', 'debit_note', 1)];
    const { shown, older } = foldVersions(rows);
    expect(shown.map((r) => r.id)).toEqual(['a3', 'a2', 'b2']);
    expect(older.map((r) => r.id)).toEqual(['a1', 'b1']);
    expect(foldVersions([]).shown).toEqual([]);
  });
});
