import { describe, expect, it } from 'vitest';
import { REQUEST_MESSAGES } from '@domain/requests/schema';
import type { RequestDetail } from '@domain/requests/schema';
import { blankEquipmentRow, blankRequestForm, requestFormFrom, requestFormIssues, formTransport, toRequestBody, withoutEmptyPieces, type RequestFormState } from './request-form-values';

const TODAY = '2026-03-10';

/** A complete sea FCL request. */
function seaFcl(): RequestFormState {
  return {
    ...blankRequestForm(),
    mode: 'sea',
    sea_load: 'fcl',
    equipment: [{ type: '40HC', count: 2 }],
    origin_port: 'Istanbul',
    origin_city: 'Istanbul',
    origin_country: 'TR',
    destination_port: 'Hamburg',
    destination_city: 'Hamburg',
    destination_country: 'DE',
    cargo_ready_date: '2026-03-20',
    cargo_description: 'Cotton fabric rolls',
    weight_gross: 18000,
  };
}

const first = (v: RequestFormState) => requestFormIssues(v, TODAY)[0] ?? null;

describe('requestFormIssues', () => {
  it('accepts a complete request', () => {
    expect(requestFormIssues(seaFcl(), TODAY)).toEqual([]);
  });

  it('lists every problem of a blank form at once, in the order of the inputs on the page (issue 37)', () => {
    const v = blankRequestForm();
    expect(requestFormIssues(v, TODAY)).toEqual([
      { field: 'cargo_ready_date', message: REQUEST_MESSAGES.readyDate },
      { field: 'origin', message: REQUEST_MESSAGES.origin },
      { field: 'destination', message: REQUEST_MESSAGES.destination },
      { field: 'cargo_description', message: REQUEST_MESSAGES.cargoDescription },
      { field: 'weight_gross', message: REQUEST_MESSAGES.grossWeight },
    ]);
    v.mode = 'land';
    v.origin_city = 'Izmir';
    v.origin_country = 'TR';
    v.cargo_ready_date = '2026-03-09';
    expect(requestFormIssues(v, TODAY).map((i) => i.message)).toEqual([REQUEST_MESSAGES.readyDatePast, REQUEST_MESSAGES.destination, REQUEST_MESSAGES.cargoDescription, REQUEST_MESSAGES.grossWeight]);
    v.destination_city = 'Rotterdam';
    v.destination_country = 'NL';
    v.cargo_ready_date = TODAY;
    v.cargo_description = 'Dried figs';
    expect(requestFormIssues(v, TODAY)).toEqual([{ field: 'weight_gross', message: REQUEST_MESSAGES.grossWeight }]);
    v.weight_gross = 500;
    expect(requestFormIssues(v, TODAY)).toEqual([]);
  });

  it('shows a format problem (a dimension line) together with the missing fields, each where it is on the page', () => {
    const v: RequestFormState = {
      ...blankRequestForm(),
      incoterm: 'FOB',
      pieces: [
        { count: 2, length: 120, width: 80, height: 100, unit: 'cm', weight: '' },
        { count: 0, length: 120, width: -3, height: 100, unit: 'cm', weight: '' },
      ],
    };
    expect(requestFormIssues(v, TODAY)).toEqual([
      { field: 'cargo_ready_date', message: REQUEST_MESSAGES.readyDate },
      { field: 'origin', message: REQUEST_MESSAGES.origin },
      { field: 'destination', message: REQUEST_MESSAGES.destination },
      { field: 'cargo_description', message: REQUEST_MESSAGES.cargoDescription },
      { field: 'weight_gross', message: REQUEST_MESSAGES.grossWeight },
      { field: 'pieces.1.count', message: 'Pieces must be at least 1' },
      { field: 'pieces.1.width', message: 'Width must be 0 or more' },
      { field: 'incoterm_place', message: REQUEST_MESSAGES.incotermPlace },
    ]);
  });

  it('refuses negative and zero pieces with a message (issue 37: never changed silently)', () => {
    for (const count of [0, -2, '-5'])
      expect(requestFormIssues({ ...seaFcl(), pieces: [{ count, length: 120, width: 80, height: 100, unit: 'cm', weight: '' }] }, TODAY)).toEqual([
        { field: 'pieces.0.count', message: 'Pieces must be at least 1' },
      ]);
  });

  it('asks an air request for both airports, and a sea request for both ports', () => {
    const air = { ...seaFcl(), mode: 'air', origin_airport: 'IST' };
    expect(first(air)).toEqual({ field: 'destination', message: REQUEST_MESSAGES.airport('destination') });
    expect(first({ ...air, destination_airport: 'HAM' })).toBeNull();
    expect(first({ ...seaFcl(), origin_port: '' })).toEqual({ field: 'origin', message: REQUEST_MESSAGES.port('origin') });
  });

  it('asks a full-container sea request for its containers, and names a bad container line by its path', () => {
    const v: RequestFormState = { ...seaFcl(), equipment: [] };
    expect(first(v)).toEqual({ field: 'equipment', message: REQUEST_MESSAGES.equipment });
    v.equipment = [blankEquipmentRow()];
    expect(first(v)).toEqual({ field: 'equipment.0.type', message: 'Container Type is required' });
  });

  it('names a dimension line by its position once the empty lines are dropped', () => {
    const v = withoutEmptyPieces({
      ...seaFcl(),
      pieces: [
        { count: 1, length: '', width: '', height: '', unit: 'cm', weight: '' },
        { count: 2, length: 120, width: '', height: 100, unit: 'cm', weight: '' },
      ],
    });
    expect(v.pieces).toHaveLength(1);
    expect(first(v)).toEqual({ field: 'pieces.0.width', message: 'Width is required' });
  });

  it('asks for the UN number and hazard class of dangerous goods', () => {
    const v = { ...seaFcl(), dangerous_goods: true };
    expect(first(v)).toEqual({ field: 'un_number', message: REQUEST_MESSAGES.unNumber });
    expect(requestFormIssues(v, TODAY).map((i) => i.field)).toEqual(['un_number', 'hazard_class']);
    v.un_number = 'UN1263';
    expect(first(v)).toEqual({ field: 'hazard_class', message: REQUEST_MESSAGES.hazardClass });
  });
});

describe('toRequestBody', () => {
  it('sends only what the chosen mode shows', () => {
    const v = { ...seaFcl(), origin_airport: 'IST', un_number: 'UN1263', hazard_class: '3' };
    const body = toRequestBody(v);
    expect(body.origin_airport).toBe('');
    expect(body.origin_port).toBe('Istanbul');
    expect(body.equipment).toEqual([{ type: '40HC', count: 2 }]);
    expect(body.un_number).toBe('');
    expect(body.hazard_class).toBeNull();
    const air = toRequestBody({ ...v, mode: 'air' });
    expect(air.origin_airport).toBe('IST');
    expect(air.origin_port).toBe('');
    expect(air.sea_load).toBeNull();
    expect(air.equipment).toEqual([]);
  });
  it('drops container lines of a less-than-container request', () => {
    expect(toRequestBody({ ...seaFcl(), sea_load: 'lcl' }).equipment).toEqual([]);
  });
});

describe('formTransport', () => {
  it('computes by the mode of air, sea and land, and not for partial or best offer', () => {
    expect(formTransport('air')).toBe('air');
    expect(formTransport('sea')).toBe('sea');
    expect(formTransport('land')).toBe('land');
    expect(formTransport('partial')).toBeNull();
    expect(formTransport('best_offer')).toBeNull();
    expect(formTransport(null)).toBeNull();
  });
});

describe('requestFormFrom (request again, issue 45)', () => {
  const closed = {
    ...toRequestBody(seaFcl()), id: 'r1', number: 'RQ-2603-0001', status: 'declined', company_id: 'c', company_name: 'Anatolia', origin: 'Istanbul', destination: 'Hamburg',
    handler_id: null, handler_name: null, valid_until: null, shipment_id: null, created_at: '2026-03-01T00:00:00Z', requested_by_name: 'Mehmet', decline_reason: null,
    shipment_reference: null, attachments: [], events: [], origin_airport: null, destination_airport: null, origin_address: null, destination_address: null,
    incoterm: 'FOB', incoterm_place: 'Ambarli', pieces: [{ count: 2, length: 120, width: 80, height: 100, unit: 'cm', weight: null }], volume: null, un_number: null, hazard_class: null, notes: 'Two drops',
    // Weighed in lb (stored as kg), with a PO number and a consignee (issue 45).
    weight_unit: 'lb', weight_entered: 39683, weight_gross: 18000, po_number: 'PO-1', shipper_name: null, shipper_address: null,
    consignee_name: 'Elbe Handel GmbH', consignee_address: 'Hamburg', notify_name: null, notify_address: null,
  } as unknown as RequestDetail;
  it('copies the route, cargo, equipment and terms into a form that sends as it was', () => {
    const v = requestFormFrom(closed, TODAY);
    expect(v).toMatchObject({ mode: 'sea', sea_load: 'fcl', equipment: [{ type: '40HC', count: 2 }], origin_port: 'Istanbul', destination_port: 'Hamburg', incoterm: 'FOB', incoterm_place: 'Ambarli', notes: 'Two drops' });
    expect(v.pieces).toEqual([{ count: 2, length: 120, width: 80, height: 100, unit: 'cm', weight: '' }]);
    expect(v.cargo_ready_date).toBe('2026-03-20');
    // The weight as it was typed, in its unit; the parties again; a new order's PO number is the customer's to give.
    expect(v).toMatchObject({ weight_gross: 39683, weight_unit: 'lb', consignee_name: 'Elbe Handel GmbH', consignee_address: 'Hamburg', shipper_name: '', po_number: '' });
    expect(requestFormIssues(v, TODAY)).toEqual([]);
  });
  it('leaves a past ready date for the customer to choose again', () => {
    const v = requestFormFrom(closed, '2026-03-21');
    expect(v.cargo_ready_date).toBe('');
    expect(first(v)?.field).toBe('cargo_ready_date');
  });
});
