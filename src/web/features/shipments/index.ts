// The public entry of the shipments feature: what other features take from it (no side effects, no lazily loaded page).
export { pickerSources } from './form/api';
export { AirportPicker, SeaportPicker } from './form/pickers';
export { CompanyFilter } from './form/company-filter';
export { AssignHandlerDialog } from './handler/AssignHandlerDialog';
export { handlersQuery } from './handler/api';
