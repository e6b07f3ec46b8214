/**
 * Our schema of DCSA Track & Trace 3.0 against messages written from the standard's published description
 * (TNT v3.0.0), with its own example values (APZU4812090, NLAMS, 9321483 King of the Seas, 2103S / 2301W, SR12345A,
 * HHL71800000, ABC709951, VET123): one per event type we take, the JSON paths of problems, and the mapping to our terms.
 */
import { describe, expect, it } from 'vitest';
import { dcsaEventSchema, jsonPath, notKeptReason, parseEventsBody, toDcsaEvent, toFacts, type DcsaEvent } from './dcsa';
import { decodeCursor, encodeCursor, readQuerySchema, toReadFilters } from './dcsa-query';

const EQUIPMENT = {
  eventID: 'event-HHL71800000-APZU4812090-LOAD-2025-01-23T01:23:45Z',
  eventRouting: { originatingParty: { partyCode: 'MSK', codeListProvider: 'SMDG', codeListName: 'DID', partyFunction: 'CA' } },
  eventDateTime: '2025-01-23T01:23:45Z',
  eventUpdatedDateTime: '2025-01-23T01:23:45Z',
  eventLocation: {
    locationName: 'Port of Amsterdam', facilityTypeCode: 'POTE', UNLocationCode: 'NLAMS', facility: { facilityName: 'Building 123', facilityCode: 'ADT', facilityCodeListProvider: 'SMDG' },
    address: { street: 'Ruijggoordweg', streetNumber: '100', floor: 'N/A', postCode: '1047 HM', POBox: '123', city: 'Amsterdam', stateRegion: 'North Holland', countryCode: 'NL' },
    geoCoordinate: { latitude: '33.629152', longitude: '-118.587187' },
  },
  eventClassification: { eventTypeCode: 'EQUIPMENT', eventClassifierCode: 'ACT', equipmentEventTypeCode: 'LOAD' },
  shipmentDetails: { documentReference: { typeCode: 'TRD', reference: 'HHL71800000' }, additionalDocumentReferences: [{ typeCode: 'BKG', reference: 'ABC709951' }] },
  equipmentDetails: { equipmentReference: 'APZU4812090', ISOEquipmentCode: '22GP', emptyIndicatorCode: 'LADEN', movementType: 'EXPORT', seals: [{ number: 'VET123', source: 'CUS', type: 'WIR', placement: 'DOOR' }] },
};
const TRANSPORT = {
  eventID: 'event-transport-1',
  eventDateTime: '2025-01-23T01:23:45Z',
  eventLocation: { locationName: 'Port of Amsterdam', UNLocationCode: 'NLAMS' },
  eventClassification: { eventTypeCode: 'TRANSPORT', eventClassifierCode: 'EST', transportEventTypeCode: 'ARRI' },
  transportDetails: {
    delayReasonCodes: ['STR'],
    changeRemark: 'Bad weather',
    transportCall: {
      transportCallSequenceNumber: 1, modeOfTransport: 'VESSEL', serviceCodeOrReference: { carrierServiceCode: 'FE1', universalServiceReference: 'SR12345A' },
      exportVoyageNumberOrReference: { carrierVoyageNumber: '2103S', universalVoyageReference: '2301W' },
      vesselTransport: { vesselIMONumber: '9321483', vesselName: 'King of the Seas', vesselFlag: 'NL', vesselCallSign: 'NCVV', operatorCarrierCode: 'MAEU', operatorCarrierCodeListProvider: 'SMDG' },
    },
  },
};
const SHIPMENT = {
  eventID: 'event-shipment-1',
  eventDateTime: '2025-01-23T01:23:45Z',
  eventClassification: { eventTypeCode: 'SHIPMENT', eventClassifierCode: 'ACT', shipmentEventTypeCode: 'APPR' },
  shipmentDetails: {
    documentReference: { typeCode: 'BKG', reference: 'ABC709951' },
    shipmentReferences: [{ typeCode: 'FF', reference: '123e4567e89b' }, { typeCode: 'EQ', reference: 'APZU4812090' }],
    shipmentLocationType: 'PRE',
    priceCalculationDate: '2025-01-23',
  },
};

describe('our schema accepts the standard’s own examples', () => {
  it.each([['EQUIPMENT', EQUIPMENT], ['TRANSPORT', TRANSPORT], ['SHIPMENT', SHIPMENT]])('a %s event', (_type, event) => {
    const r = dcsaEventSchema.safeParse(event);
    expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
  });
  it('the three forms of a POST body', () => {
    for (const body of [{ events: [EQUIPMENT, TRANSPORT, SHIPMENT] }, [EQUIPMENT, TRANSPORT], SHIPMENT]) {
      const r = parseEventsBody(body);
      expect(r.ok).toBe(true);
    }
    expect(parseEventsBody({ events: [] })).toMatchObject({ ok: true, events: [] });
  });
  it('a retraction needs its eventID only', () => {
    expect(dcsaEventSchema.safeParse({ eventID: 'x', isRetracted: true }).success).toBe(true);
    expect(notKeptReason({ eventID: 'x', isRetracted: true })).toMatch(/Retractions/);
  });
});

describe('problems named by JSON path', () => {
  const fieldsOf = (body: unknown) => {
    const r = parseEventsBody(body);
    if (r.ok) throw new Error('expected problems');
    return r.fields;
  };
  it('formats, code lists and our required fields', () => {
    const f = fieldsOf([
      { ...TRANSPORT, eventLocation: { UNLocationCode: 'NLAM1' } },
      { ...EQUIPMENT, eventDateTime: '2025-01-23 01:23' },
      { ...SHIPMENT, eventClassification: { eventTypeCode: 'SHIPMENT', eventClassifierCode: 'ACT', shipmentEventTypeCode: 'DONE' } },
      { ...TRANSPORT, transportDetails: { transportCall: { vesselTransport: { vesselIMONumber: 'IMO9321483' } } } },
      { ...EQUIPMENT, equipmentDetails: { equipmentReference: 'APZU48120901' } },
    ]);
    expect(Object.keys(f)).toEqual([
      '[0].eventLocation.UNLocationCode',
      '[1].eventDateTime',
      '[2].eventClassification.shipmentEventTypeCode',
      '[3].transportDetails.transportCall.vesselTransport.vesselIMONumber',
      '[4].equipmentDetails.equipmentReference',
    ]);
    expect(f['[0].eventLocation.UNLocationCode']).toMatch(/like NLAMS/);
    expect(f['[2].eventClassification.shipmentEventTypeCode']).toMatch(/^shipmentEventTypeCode must be one of: AMCF/);
    expect(f['[4].equipmentDetails.equipmentReference']).toBe('equipmentReference must be at most 11 characters');
  });
  it('a missing eventID, classifier and type code; paths under events in the standard body; the single form from its properties', () => {
    expect(Object.keys(fieldsOf({ events: [{ eventDateTime: '2025-01-23T01:23:45Z', eventClassification: { eventTypeCode: 'TRANSPORT' } }] })).sort()).toEqual(
      ['events[0].eventClassification.eventClassifierCode', 'events[0].eventClassification.transportEventTypeCode', 'events[0].eventID'].sort(),
    );
    expect(Object.keys(fieldsOf({ ...EQUIPMENT, eventID: '' }))).toEqual(['eventID']);
    expect(fieldsOf(42)).toEqual({ _: 'The body must be a list of events' });
    expect(fieldsOf({ events: 'none' })).toEqual({ events: 'events must be a list of events' });
  });
  it('jsonPath', () => {
    expect(jsonPath([0, 'eventLocation', 'UNLocationCode'])).toBe('[0].eventLocation.UNLocationCode');
    expect(jsonPath(['events', 2, 'eventID'])).toBe('events[2].eventID');
  });
});

describe('mapping to our terms and back', () => {
  it('an equipment event: classifier, place, references (container, BL, booking)', () => {
    const f = toFacts(dcsaEventSchema.parse(EQUIPMENT) as DcsaEvent);
    expect(f).toMatchObject({
      kind: 'equipment', code: 'LOAD', classifier: 'actual', location_code: 'NLAMS', location_name: 'Port of Amsterdam',
      container_number: 'APZU4812090', container_warning: null, bl_number: 'HHL71800000', booking_reference: 'ABC709951',
    });
    expect(f.occurred_at!.toISOString()).toBe('2025-01-23T01:23:45.000Z');
  });
  it('a transport event: vessel and voyage; a shipment event: an EQ shipment reference is a container', () => {
    expect(toFacts(dcsaEventSchema.parse(TRANSPORT) as DcsaEvent)).toMatchObject({ kind: 'transport', code: 'ARRI', classifier: 'estimated', vessel_name: 'King of the Seas', vessel_imo: '9321483', voyage: '2103S', transport_mode: 'vessel' });
    expect(toFacts(dcsaEventSchema.parse(SHIPMENT) as DcsaEvent)).toMatchObject({ kind: 'shipment', code: 'APPR', classifier: 'actual', container_number: 'APZU4812090', booking_reference: 'ABC709951', bl_number: null });
    expect(toFacts(dcsaEventSchema.parse({ ...TRANSPORT, eventClassification: { ...TRANSPORT.eventClassification, eventClassifierCode: 'PLN' } }) as DcsaEvent).classifier).toBe('planned');
  });
  it('a container failing its check digit is kept with the warning', () => {
    const f = toFacts(dcsaEventSchema.parse({ ...EQUIPMENT, equipmentDetails: { equipmentReference: 'APZU4812091' } }) as DcsaEvent);
    expect(f.container_number).toBe('APZU4812091');
    expect(f.container_warning).toBe('Container number APZU4812091 has an invalid check digit (expected 0)');
  });
  it('a stored event goes back out in the standard shape our schema accepts', () => {
    const f = toFacts(dcsaEventSchema.parse(TRANSPORT) as DcsaEvent);
    const out = toDcsaEvent({ ...f, received_at: new Date('2025-01-24T00:00:00Z'), shipment_bl_number: 'HHL71800000', shipment_booking_reference: null });
    expect(dcsaEventSchema.safeParse(out).success).toBe(true);
    expect(out).toMatchObject({
      eventID: 'event-transport-1', eventUpdatedDateTime: '2025-01-24T00:00:00.000Z',
      eventClassification: { eventTypeCode: 'TRANSPORT', eventClassifierCode: 'EST', transportEventTypeCode: 'ARRI' },
      transportDetails: { transportCall: { modeOfTransport: 'VESSEL', vesselTransport: { vesselName: 'King of the Seas', vesselIMONumber: '9321483' }, exportVoyageNumberOrReference: { carrierVoyageNumber: '2103S' } } },
      shipmentDetails: { documentReference: { typeCode: 'TRD', reference: 'HHL71800000' } },
    });
  });
  it("answers the carrier's eventUpdatedDateTime, not when we received the event (ours only when it sent none)", () => {
    const f = toFacts(dcsaEventSchema.parse(EQUIPMENT) as DcsaEvent);
    const out = toDcsaEvent({ ...f, received_at: new Date('2025-02-10T08:00:00Z'), shipment_bl_number: null, shipment_booking_reference: null });
    expect(out.eventUpdatedDateTime).toBe('2025-01-23T01:23:45.000Z');
    expect(out.eventDateTime).toBe('2025-01-23T01:23:45.000Z');
  });
  it('IoT and reefer events are not kept', () => {
    expect(notKeptReason({ eventID: 'x', eventClassification: { eventTypeCode: 'REEFER' } })).toMatch(/REEFER events are not processed/);
    expect(notKeptReason(dcsaEventSchema.parse(TRANSPORT) as DcsaEvent)).toBeNull();
  });
});

describe('read query', () => {
  it('types, codes, time comparisons and the page limit in our terms; a cursor is ours or refused', () => {
    const q = readQuerySchema.parse({
      eventTypes: 'TRANSPORT,EQUIPMENT,IOT', transportEventTypeCode: 'ARRI', eventUpdatedDateTimeMin: '2025-01-01T00:00:00Z',
      'eventCreatedDateTime:gt': '2025-02-01T00:00:00Z', 'eventCreatedDateTime:lte': '2025-03-01T00:00:00Z', limit: '500',
    });
    const r = toReadFilters(q);
    if (!r.ok) throw new Error(r.message);
    expect(r.filters.kinds).toEqual(['transport', 'equipment']);
    expect(r.filters.transportCodes).toEqual(['ARRI']);
    // eventUpdatedDateTime compares the carrier's time; 2.2's eventCreatedDateTime our receive time: kept apart.
    expect(r.filters.updatedFrom).toEqual({ at: new Date('2025-01-01T00:00:00Z'), inclusive: true });
    expect(r.filters.updatedTo).toBeNull();
    expect(r.filters.receivedFrom).toEqual({ at: new Date('2025-02-01T00:00:00Z'), inclusive: false });
    expect(r.filters.receivedTo).toEqual({ at: new Date('2025-03-01T00:00:00Z'), inclusive: true });
    expect(r.filters.limit).toBe(100);
    expect(readQuerySchema.safeParse({ eventTypes: 'CARGO' }).success).toBe(false);
    const id = '7b0f8a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
    expect(decodeCursor(encodeCursor(id))).toBe(id);
    expect(decodeCursor('forged')).toBeNull();
    expect(decodeCursor(Buffer.from(JSON.stringify({ after: '-'.repeat(36) })).toString('base64url'))).toBeNull();
    expect(toReadFilters(readQuerySchema.parse({ cursor: 'forged' }))).toMatchObject({ ok: false, field: 'cursor' });
  });
});

/**
 * A Track & Trace 2.2 message (the 2.2 Event schema's shape: eventType, eventClassifierCode, eventCreatedDateTime and
 * the type's code at the top; transportCall, documentReferences and references as 2.2 has them), seven events as a
 * carrier's 2.2 callback sends them.
 */
const V2_TRANSPORT = {
  eventID: '84db923d-2a19-4eb0-beb5-446c1ec57d34',
  eventCreatedDateTime: '2021-01-09T14:12:56+01:00',
  eventType: 'TRANSPORT',
  eventClassifierCode: 'ACT',
  eventDateTime: '2019-11-12T07:41:00+08:30',
  transportEventTypeCode: 'ARRI',
  eventTypeCode: 'ARRI',
  documentReferences: [{ documentReferenceType: 'BKG', documentReferenceValue: 'ABC123123123' }, { documentReferenceType: 'TRD', documentReferenceValue: 'HHL71800000' }],
  transportCall: {
    transportCallID: '123e4567-e89b-12d3-a456-426614174000', carrierServiceCode: 'FE1', exportVoyageNumber: '2103S', importVoyageNumber: '2103N',
    modeOfTransport: 'VESSEL', UNLocationCode: 'NLAMS', facilityTypeCode: 'POTE',
    vessel: { vesselIMONumber: '9321483', vesselName: 'King of the Seas', vesselFlag: 'NL', vesselCallSignNumber: 'NCVV', vesselOperatorCarrierCode: 'MAEU', vesselOperatorCarrierCodeListProvider: 'NMFTA' },
  },
};
const V2_EQUIPMENT = {
  eventID: '5e51e72c-d872-11ea-811c-0f8f10a32ea1',
  eventCreatedDateTime: '2021-01-09T14:12:56+01:00',
  eventType: 'EQUIPMENT',
  eventClassifierCode: 'ACT',
  eventDateTime: '2019-11-12T07:41:00+08:30',
  equipmentEventTypeCode: 'LOAD',
  equipmentReference: 'APZU4812090',
  ISOEquipmentCode: '22GP',
  emptyIndicatorCode: 'LADEN',
  eventLocation: { locationName: 'Hamburg', UNLocationCode: 'DEHAM' },
  references: [{ referenceType: 'FF', referenceValue: 'string' }],
  seals: [{ sealNumber: 'VET123', sealSource: 'CUS', sealType: 'WIR' }],
};

describe('a Track & Trace 2.2 message', () => {
  it('gets one problem that names the version, not one per field 3.0 moved', () => {
    const list = [V2_TRANSPORT, V2_EQUIPMENT, V2_TRANSPORT, V2_EQUIPMENT, V2_TRANSPORT, V2_EQUIPMENT, V2_TRANSPORT].map((e, i) => ({ ...e, eventID: `${e.eventID}-${i}` }));
    for (const [body, path] of [[list, '[0]'], [{ events: list }, 'events[0]'], [V2_EQUIPMENT, '_']] as const) {
      const r = parseEventsBody(body);
      if (r.ok) throw new Error('a 2.2 message was taken');
      expect(Object.keys(r.fields)).toEqual([path]);
      expect(r.message).toMatch(/Track & Trace 2\.2/);
      expect(r.message).toMatch(/3\.0/);
      expect(r.message).not.toMatch(/eventClassification is required/);
    }
  });
  it('a 3.0 message with a 2.2 event among its events still gets the one answer; a 3.0 message keeps its field problems', () => {
    const mixed = parseEventsBody([EQUIPMENT, V2_TRANSPORT]);
    expect(mixed.ok ? null : Object.keys(mixed.fields)).toEqual(['[1]']);
    const bad = parseEventsBody([{ ...EQUIPMENT, eventClassification: undefined }]);
    expect(bad.ok ? null : bad.fields).toEqual({ '[0].eventClassification': 'eventClassification is required' });
  });
});
