import { describe, expect, it } from 'vitest';
import {
  blankContainer, customerShipmentSchema, routeLabel, shipmentDetailSchema, shipmentInputSchema, shipmentTypeBadge, statusMilestones, trackingEmbedUrl, transportOf,
} from './index';

describe('shipmentInputSchema', () => {
  it('parses numbers from numbers or strings; empty gives null', () => {
    const out = shipmentInputSchema.parse({ packages_count: '12', weight_gross: 1500.1234, volume: '', cargo_value: '99.999', length: null });
    expect(out).toMatchObject({ packages_count: 12, weight_gross: 1500.123, volume: null, cargo_value: 100, length: null });
  });

  it('refuses text, fractions of a count, negatives and too large amounts with labelled messages', () => {
    const issues = (body: Record<string, unknown>) => shipmentInputSchema.safeParse(body).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ weight_gross: 'heavy' })).toEqual(['weight_gross: Gross Weight must be a number']);
    expect(issues({ weight_gross: '0x10' })).toEqual(['weight_gross: Gross Weight must be a number']);
    expect(issues({ packages_count: '2.5' })).toEqual(['packages_count: Number of Packages must be a whole number']);
    expect(issues({ freight_cost: -1 })).toEqual(['freight_cost: Freight Cost must be 0 or more']);
    expect(issues({ service_charge: 1e13 })).toEqual(['service_charge: Service Charge is too large']);
  });

  it('turns optional empty text into null and trims', () => {
    const out = shipmentInputSchema.parse({ reference_number: '  REF-9 ', vessel_name: '   ', internal_notes: '' });
    expect(out).toMatchObject({ reference_number: 'REF-9', vessel_name: null, internal_notes: null });
  });

  it('defaults type air, booleans false, charges and costs 0 in USD', () => {
    const out = shipmentInputSchema.parse({});
    expect(out).toMatchObject({ type: 'air', priority: false, trackable: false, dangerous_goods: false, containers: [] });
    expect(out).toMatchObject({ service_charge: 0, service_charge_currency: 'USD', other_costs: 0, other_costs_currency: 'USD', currency: 'USD' });
    // An explicitly emptied amount is null (no amount), the currency falls back to USD.
    expect(shipmentInputSchema.parse({ freight_cost: '', freight_cost_currency: '' })).toMatchObject({ freight_cost: null, freight_cost_currency: 'USD' });
  });

  it('accepts only the listed currencies, enums and container types', () => {
    expect(shipmentInputSchema.parse({ handling_cost_currency: 'JPY' }).handling_cost_currency).toBe('JPY');
    expect(shipmentInputSchema.safeParse({ handling_cost_currency: 'XYZ' }).success).toBe(false);
    expect(shipmentInputSchema.safeParse({ incoterm: 'FOB', payment_terms: 'net_30', package_type: 'pallet', truck_type: 'reefer' }).success).toBe(true);
    expect(shipmentInputSchema.safeParse({ incoterm: 'XYZ' }).error?.issues[0]?.message).toMatch(/^Incoterm must be one of: EXW/);
    expect(shipmentInputSchema.safeParse({ containers: [{ type: '99ZZ', number: 'A', carrier_seal_number: 'B' }] }).error?.issues[0]?.message).toBe(
      'Container Type is required',
    );
  });

  it('parses containers with weight and volume defaulting to 0 and requires number and seal', () => {
    const out = shipmentInputSchema.parse({ containers: [{ type: '20DC', number: ' C1 ', carrier_seal_number: 'S1', weight: '1200.5' }] });
    expect(out.containers).toEqual([{ type: '20DC', number: 'C1', carrier_seal_number: 'S1', weight: 1200.5, volume: 0, packages_count: null, package_type: null, free_days: null }]);
    const r = shipmentInputSchema.safeParse({ containers: [blankContainer()] });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['containers.0.type', 'Container Type is required'],
      ['containers.0.number', 'Container Number is required'],
      ['containers.0.carrier_seal_number', 'Carrier Seal Number is required'],
    ]);
  });

  it('keeps date-times to the minute in UTC and refuses times without a zone', () => {
    const out = shipmentInputSchema.parse({ estimated_departure: '2026-03-01T12:30:45.123+03:00', pickup_date: '2026-03-01', delivery_date: '' });
    expect(out).toMatchObject({ estimated_departure: '2026-03-01T09:30:00.000Z', pickup_date: '2026-03-01T00:00:00.000Z', delivery_date: null });
    expect(shipmentInputSchema.safeParse({ estimated_arrival: '2026-03-01T12:30' }).error?.issues[0]?.message).toBe(
      'Estimated Arrival must be a date and time (ISO 8601 with a time zone)',
    );
    expect(shipmentInputSchema.safeParse({ estimated_arrival: '2026-13-45T00:00Z' }).success).toBe(false);
  });

  it('allows only http(s) tracking links', () => {
    expect(shipmentInputSchema.parse({ tracking_url: 'https://track.example/x?y=1' }).tracking_url).toBe('https://track.example/x?y=1');
    expect(shipmentInputSchema.safeParse({ tracking_url: 'javascript:alert(1)' }).error?.issues[0]?.message).toBe(
      'Tracking URL must start with http:// or https://',
    );
  });

  it('drops keys a client may not set (status, handler, computed totals)', () => {
    const out = shipmentInputSchema.parse({ status: 'completed', handler_id: 'x', total_cost: 5, total_revenue: 9, profit_margin: 1, updated_by: 'y' });
    for (const k of ['status', 'handler_id', 'total_cost', 'total_revenue', 'profit_margin', 'updated_by']) expect(out).not.toHaveProperty(k);
  });

  it('refuses an invalid company id', () => {
    expect(shipmentInputSchema.safeParse({ company_id: 'not-a-uuid' }).error?.issues[0]?.message).toBe('Company is not valid');
  });
});

describe('helpers', () => {
  it('transportOf is the type, or the mode for partial', () => {
    expect(transportOf({ type: 'sea' })).toBe('sea');
    expect(transportOf({ type: 'partial', transport_mode: 'land' })).toBe('land');
    expect(transportOf({ type: 'partial', transport_mode: null })).toBeNull();
  });

  it('routeLabel and the type badge', () => {
    expect(routeLabel({ origin_city: 'Bursa', origin_country: 'TR', destination_city: 'Munich', destination_country: 'DE' })).toBe('Bursa, TR → Munich, DE');
    expect(routeLabel({ origin_city: null, destination_country: 'DE' })).toBe('N/A → DE');
    expect(shipmentTypeBadge({ type: 'partial', transport_mode: 'sea' })).toBe('Partial (LCL)');
    expect(shipmentTypeBadge({ type: 'partial', transport_mode: null })).toBe('Partial (Unknown)');
    expect(shipmentTypeBadge({ type: 'air' })).toBe('Air');
  });

  it('trackingEmbedUrl fills the template with the encoded BL number', () => {
    expect(trackingEmbedUrl('https://t.example/embed?c={container}', 'MSKU 12/3&x')).toBe('https://t.example/embed?c=MSKU%2012%2F3%26x');
    expect(trackingEmbedUrl(undefined, 'MSKU1')).toBeNull();
    expect(trackingEmbedUrl('https://t.example/{container}', '  ')).toBeNull();
  });
});

describe('customer view', () => {
  it('has no internal, money or handler-internal fields', () => {
    const keys = Object.keys(customerShipmentSchema.shape);
    for (const banned of ['internal_notes', 'handler_id', 'updated_by', 'updated_by_full_name', 'totals', 'payment_terms', 'service_provider_id']) {
      expect(keys).not.toContain(banned);
    }
    expect(keys.filter((k) => /charge|cost|total|profit|margin/.test(k))).toEqual([]);
    // The staff view is a superset.
    for (const k of keys) expect(Object.keys(shipmentDetailSchema.shape)).toContain(k);
  });
});

describe('statusMilestones', () => {
  const at = '2026-11-20T08:00:00.000Z';
  it('keeps creation and status changes with their status only, and leaves out every other kind of history row', () => {
    const staffHistory = [
      { id: 'e5', kind: 'document_assigned', changes: { document: { from: null, to: 'invoice.pdf' } }, created_at: at },
      { id: 'e4', kind: 'status_changed', changes: { status: { from: 'in_progress', to: 'in_transit' } }, created_at: at },
      { id: 'e3', kind: 'updated', changes: { vessel_name: { from: null, to: 'MSC Aurora' } }, created_at: at },
      { id: 'e2', kind: 'handler_assigned', changes: { handler: { from: null, to: 'Ayşe Yılmaz' } }, created_at: at },
      { id: 'e1', kind: 'created', changes: { status: { from: null, to: 'in_progress' }, reference_number: { from: null, to: 'CD-1' } }, created_at: at },
    ];
    expect(statusMilestones(staffHistory)).toEqual([
      { id: 'e4', kind: 'status_changed', changes: { status: { from: 'in_progress', to: 'in_transit' } }, created_at: at },
      { id: 'e1', kind: 'created', changes: { status: { from: null, to: 'in_progress' } }, created_at: at },
    ]);
  });

  it('leaves out a creation or status row whose status is missing or not text', () => {
    expect(statusMilestones([{ id: 'x', kind: 'created', changes: {}, created_at: at }])).toEqual([]);
    expect(statusMilestones([{ id: 'y', kind: 'status_changed', changes: { status: { from: 'a', to: 7 } }, created_at: at }])).toEqual([]);
  });
});
