/**
 * The shipment form's and API's messages (spec sections 4 and 5), word for word, in a module of their own: the pages
 * that only show a shipment (its "not found" text) load them without the form's rules and schemas (decision 0248).
 */
import { ENGLISH, msg } from '@domain/common/i18n';

export const SHIPMENT_MESSAGES = {
  selectLoadingType: msg('Please select a loading type'),
  transportModeRequired: msg('Transport Mode is required for partial shipments'),
  destinationAirport: msg('Destination Airport is required'),
  destinationPort: msg('Destination Port is required'),
  destinationAddress: msg('Destination Address is required'),
  arrivalBeforeDeparture: msg('Estimated Arrival must be after Estimated Departure'),
  temperatureRange: msg('Minimum Temperature must not be above Maximum Temperature'),
  packagesAtLeastOne: msg('Number of Packages must be at least 1'),
  grossWeightPositive: msg('Gross Weight must be greater than 0'),
  unNumberRequired: msg('UN Number is required for dangerous goods'),
  hazardClassRequired: msg('Hazard Class is required for dangerous goods'),
  incotermPlaceRequired: msg('Incoterm Place is required when an incoterm is chosen'),
  partyNameRequired: (label: string) => ENGLISH.t(msg('{party} Name is required when an address is given'), { party: label }),
  notFound: msg('Shipment not found or access denied'),
  cannotEdit: msg("You don't have permission to edit shipments."),
  duplicateReference: (ref: string) => ENGLISH.t(msg('A shipment with reference number {reference} already exists'), { reference: ref }),
} as const;
