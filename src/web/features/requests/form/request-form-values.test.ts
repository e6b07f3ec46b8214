import { describe, expect, it } from 'vitest';
import { REQUEST_MESSAGES } from '../../../../domain/requests';
import { blankEquipmentRow, blankRequestForm, firstRequestIssue, formTransport, toRequestBody, withoutEmptyPieces, type RequestFormState } from './request-form-values';

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

describe('firstRequestIssue', () => {
  it('accepts a complete request', () => {
    expect(firstRequestIssue(seaFcl(), TODAY)).toBeNull();
  });

  it('asks for the origin first on a blank form, then follows the rules in order', () => {
    const v = blankRequestForm();
    expect(firstRequestIssue(v, TODAY)).toEqual({ field: 'origin', message: REQUEST_MESSAGES.origin });
    v.mode = 'land';
    v.origin_city = 'Izmir';
    v.origin_country = 'TR';
    expect(firstRequestIssue(v, TODAY)?.field).toBe('destination');
    v.destination_city = 'Rotterdam';
    v.destination_country = 'NL';
    expect(firstRequestIssue(v, TODAY)).toEqual({ field: 'cargo_ready_date', message: REQUEST_MESSAGES.readyDate });
    v.cargo_ready_date = '2026-03-09';
    expect(firstRequestIssue(v, TODAY)).toEqual({ field: 'cargo_ready_date', message: REQUEST_MESSAGES.readyDatePast });
    v.cargo_ready_date = TODAY;
    expect(firstRequestIssue(v, TODAY)?.field).toBe('cargo_description');
    v.cargo_description = 'Dried figs';
    expect(firstRequestIssue(v, TODAY)).toEqual({ field: 'weight_gross', message: REQUEST_MESSAGES.grossWeight });
    v.weight_gross = 500;
    expect(firstRequestIssue(v, TODAY)).toBeNull();
  });

  it('asks an air request for both airports, and a sea request for both ports', () => {
    const air = { ...seaFcl(), mode: 'air', origin_airport: 'IST' };
    expect(firstRequestIssue(air, TODAY)).toEqual({ field: 'destination', message: REQUEST_MESSAGES.airport('destination') });
    expect(firstRequestIssue({ ...air, destination_airport: 'HAM' }, TODAY)).toBeNull();
    expect(firstRequestIssue({ ...seaFcl(), origin_port: '' }, TODAY)).toEqual({ field: 'origin', message: REQUEST_MESSAGES.port('origin') });
  });

  it('asks a full-container sea request for its containers, and names a bad container line by its path', () => {
    const v: RequestFormState = { ...seaFcl(), equipment: [] };
    expect(firstRequestIssue(v, TODAY)).toEqual({ field: 'equipment', message: REQUEST_MESSAGES.equipment });
    v.equipment = [blankEquipmentRow()];
    expect(firstRequestIssue(v, TODAY)).toEqual({ field: 'equipment.0.type', message: 'Container Type is required' });
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
    expect(firstRequestIssue(v, TODAY)).toEqual({ field: 'pieces.0.width', message: 'Width is required' });
  });

  it('asks for the UN number and hazard class of dangerous goods', () => {
    const v = { ...seaFcl(), dangerous_goods: true };
    expect(firstRequestIssue(v, TODAY)).toEqual({ field: 'un_number', message: REQUEST_MESSAGES.unNumber });
    v.un_number = 'UN1263';
    expect(firstRequestIssue(v, TODAY)).toEqual({ field: 'hazard_class', message: REQUEST_MESSAGES.hazardClass });
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
