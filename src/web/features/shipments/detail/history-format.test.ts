import { describe, expect, it } from 'vitest';
import { changeLines, EMPTY_VALUE, eventTitle, formatHistoryValue, UNASSIGNED, UNKNOWN_FILE, UNKNOWN_RECORD } from './history-format';

describe('eventTitle', () => {
  it('names every event kind', () => {
    expect(eventTitle('created')).toBe('Shipment created');
    expect(eventTitle('status_changed')).toBe('Status changed');
    expect(eventTitle('document_assigned')).toBe('Document assigned');
    expect(eventTitle('something_new')).toBe('Something new');
  });
});

describe('formatHistoryValue', () => {
  it('shows statuses and enumerations as labels', () => {
    expect(formatHistoryValue('status', 'in_progress')).toBe('In Progress');
    expect(formatHistoryValue('status', 'customs_check')).toBe('Customs Check');
    expect(formatHistoryValue('payment_terms', 'net_30')).toBe('Net 30');
    expect(formatHistoryValue('type', 'sea')).toBe('Sea');
    expect(formatHistoryValue('transport_mode', 'sea')).toBe('LCL');
    expect(formatHistoryValue('loading_type', 'export')).toBe('Export');
  });

  it('shows empties, booleans, money, measures and containers', () => {
    expect(formatHistoryValue('vessel_name', null)).toBe(EMPTY_VALUE);
    expect(formatHistoryValue('vessel_name', '')).toBe(EMPTY_VALUE);
    expect(formatHistoryValue('priority', true)).toBe('Yes');
    expect(formatHistoryValue('stackable', false)).toBe('No');
    expect(formatHistoryValue('freight_cost', 1234.5)).toBe('1,234.50');
    expect(formatHistoryValue('weight_gross', 1500.125)).toBe('1,500.125');
    expect(formatHistoryValue('containers', [{ number: 'MSKU1234567' }, { number: 'MSCU7654321' }])).toBe('2 containers (MSKU1234567, MSCU7654321)');
    expect(formatHistoryValue('containers', [])).toBe('No containers');
    expect(formatHistoryValue('onward_flights', [{ airport: 'IST' }, { airport: 'FRA' }])).toBe('via IST, FRA');
    expect(formatHistoryValue('onward_flights', [])).toBe('No onward flights');
  });

  it('shows dates with their time and record ids by name', () => {
    expect(formatHistoryValue('estimated_departure', '2026-03-01T09:30:00.000Z')).toMatch(/2026/);
    expect(formatHistoryValue('estimated_departure', '2026-03-01T09:30:00.000Z')).not.toContain('T09');
    expect(formatHistoryValue('company_id', 'c1', { c1: 'Anatolia Textiles Ltd' })).toBe('Anatolia Textiles Ltd');
    expect(formatHistoryValue('carrier_id', 'unknown-id', { c1: 'Anatolia Textiles Ltd' })).toBe(UNKNOWN_RECORD);
  });

  it('cuts long text', () => {
    const long = 'x'.repeat(500);
    expect(formatHistoryValue('internal_notes', long).length).toBe(140);
    expect(formatHistoryValue('internal_notes', long).endsWith('…')).toBe(true);
  });
});

describe('changeLines', () => {
  it('lists old → new with labels, status first', () => {
    const lines = changeLines({
      kind: 'updated',
      changes: { vessel_name: { from: null, to: 'MSC Aurora' }, customer_reference: { from: 'A1', to: 'B2' } },
    });
    expect(lines).toEqual([
      { field: 'vessel_name', label: 'Vessel Name', from: EMPTY_VALUE, to: 'MSC Aurora' },
      { field: 'customer_reference', label: 'BL Number', from: 'A1', to: 'B2' },
    ]);
    const status = changeLines({ kind: 'status_changed', changes: { status: { from: 'in_progress', to: 'delivered' } } });
    expect(status).toEqual([{ field: 'status', label: 'Status', from: 'In Progress', to: 'Delivered' }]);
  });

  it('lists a created event’s initial values without a from, status first', () => {
    const lines = changeLines(
      { kind: 'created', changes: { reference_number: { from: null, to: 'CD-1' }, status: { from: null, to: 'in_progress' }, handler_id: { from: null, to: 'u1' } } },
      { u1: 'Emre Kaya' },
    );
    expect(lines.map((l) => [l.label, l.from, l.to])).toEqual([
      ['Status', null, 'In Progress'],
      ['Reference Number', null, 'CD-1'],
      ['Handler', null, 'Emre Kaya'],
    ]);
  });
});

describe('changeLines of events about a file or a handler', () => {
  it('names the file that was assigned or removed, never "None →"', () => {
    const assigned = changeLines({ kind: 'document_assigned', changes: { document: { from: null, to: 'invoice-2611.pdf' } } });
    expect(assigned).toEqual([{ field: 'document', label: 'File', from: null, to: 'invoice-2611.pdf' }]);
    const removed = changeLines({ kind: 'document_removed', changes: { document: { from: 'packing list.xlsx', to: null } } });
    expect(removed).toEqual([{ field: 'document', label: 'File', from: null, to: 'packing list.xlsx' }]);
    expect(changeLines({ kind: 'document_removed', changes: {} })[0]?.to).toBe(UNKNOWN_FILE);
    expect(JSON.stringify([assigned, removed])).not.toContain(EMPTY_VALUE);
  });

  it('shows a handler change by name, Unassigned for none', () => {
    expect(changeLines({ kind: 'handler_assigned', changes: { handler: { from: null, to: 'Ayşe Yılmaz' } } })).toEqual([
      { field: 'handler', label: 'Handler', from: UNASSIGNED, to: 'Ayşe Yılmaz' },
    ]);
    expect(changeLines({ kind: 'handler_assigned', changes: { handler: { from: 'Ayşe Yılmaz', to: null } } })[0]).toMatchObject({ from: 'Ayşe Yılmaz', to: UNASSIGNED });
    expect(eventTitle('handler_assigned')).toBe('Handler assigned');
  });
});
