/**
 * The shipment form's and API's messages (spec sections 4 and 5), word for word, in a module of their own: the pages
 * that only show a shipment (its "not found" text) load them without the form's rules and schemas (decision 0248).
 */
export const SHIPMENT_MESSAGES = {
  selectLoadingType: 'Please select a loading type',
  transportModeRequired: 'Transport Mode is required for partial shipments',
  destinationAirport: 'Destination Airport is required',
  destinationPort: 'Destination Port is required',
  destinationAddress: 'Destination Address is required',
  arrivalBeforeDeparture: 'Estimated Arrival must be after Estimated Departure',
  temperatureRange: 'Minimum Temperature must not be above Maximum Temperature',
  packagesAtLeastOne: 'Number of Packages must be at least 1',
  grossWeightPositive: 'Gross Weight must be greater than 0',
  unNumberRequired: 'UN Number is required for dangerous goods',
  hazardClassRequired: 'Hazard Class is required for dangerous goods',
  incotermPlaceRequired: 'Incoterm Place is required when an incoterm is chosen',
  partyNameRequired: (label: string) => `${label} Name is required when an address is given`,
  notFound: 'Shipment not found or access denied',
  cannotEdit: "You don't have permission to edit shipments.",
  duplicateReference: (ref: string) => `A shipment with reference number ${ref} already exists`,
} as const;
