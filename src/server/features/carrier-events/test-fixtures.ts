/**
 * DCSA Track & Trace 3.0 events for the carrier-event tests, written from the standard's Event schema (TNT v3.0.0)
 * with its published example values; each eventID unique per run.
 */
let n = 0;
export const id = (label: string) => `test-${label}-${Date.now()}-${++n}`;

/** Events written from the standard's Event schema (TNT v3.0.0), with its published example values. */
export const transport = (eventID: string, o: { classifier?: string; code?: string; at?: string; place?: string; bl?: string; container?: string } = {}) => ({
  eventID,
  eventDateTime: o.at ?? '2025-01-23T01:23:45Z',
  eventUpdatedDateTime: '2025-01-23T01:23:45Z',
  eventLocation: { locationName: 'Port of Amsterdam', UNLocationCode: o.place ?? 'NLAMS', facilityTypeCode: 'POTE', facility: { facilityCode: 'ADT', facilityCodeListProvider: 'SMDG' } },
  eventClassification: { eventTypeCode: 'TRANSPORT', eventClassifierCode: o.classifier ?? 'EST', transportEventTypeCode: o.code ?? 'ARRI' },
  ...(o.bl && { shipmentDetails: { documentReference: { typeCode: 'TRD', reference: o.bl } } }),
  ...(o.container && { equipmentDetails: { equipmentReference: o.container } }),
  transportDetails: {
    delayReasonCodes: ['STR'],
    changeRemark: 'Bad weather',
    transportCall: {
      modeOfTransport: 'VESSEL',
      serviceCodeOrReference: { carrierServiceCode: 'FE1', universalServiceReference: 'SR12345A' },
      exportVoyageNumberOrReference: { carrierVoyageNumber: '2103S', universalVoyageReference: '2301W' },
      vesselTransport: { vesselIMONumber: '9321483', vesselName: 'King of the Seas', vesselFlag: 'NL', vesselCallSign: 'NCVV', operatorCarrierCode: 'MAEU', operatorCarrierCodeListProvider: 'SMDG' },
    },
  },
});
export const equipment = (eventID: string, container: string, code = 'LOAD') => ({
  eventID,
  eventRouting: { originatingParty: { partyCode: 'MSK', codeListProvider: 'SMDG', partyFunction: 'CA' } },
  eventDateTime: '2025-01-23T01:23:45Z',
  eventLocation: { locationName: 'Port of Amsterdam', UNLocationCode: 'NLAMS' },
  eventClassification: { eventTypeCode: 'EQUIPMENT', eventClassifierCode: 'ACT', equipmentEventTypeCode: code },
  equipmentDetails: { equipmentReference: container, ISOEquipmentCode: '22GP', emptyIndicatorCode: 'LADEN', movementType: 'EXPORT', seals: [{ number: 'VET123', source: 'CUS', type: 'WIR', placement: 'DOOR' }] },
});
export const shipmentEvent = (eventID: string, o: { booking?: string; bl?: string } = {}) => ({
  eventID,
  eventDateTime: '2025-01-23T01:23:45Z',
  eventClassification: { eventTypeCode: 'SHIPMENT', eventClassifierCode: 'ACT', shipmentEventTypeCode: 'CONF' },
  shipmentDetails: {
    documentReference: { typeCode: 'BKG', reference: o.booking ?? 'ABC709951' },
    ...(o.bl && { additionalDocumentReferences: [{ typeCode: 'TRD', reference: o.bl }] }),
    shipmentReferences: [{ typeCode: 'FF', reference: '123e4567e89b' }],
    shipmentLocationType: 'PRE',
    priceCalculationDate: '2025-01-23',
  },
});
