/** Shipments, as other features use them: read and scope checks, the insert a quote's acceptance makes, the columns an import writes, and the arrival a carrier event moves. */
export { assertShipmentId, assertShipmentReadable, getShipment, loadContainersOf, readScopeOf, shipmentReference, type ReadScope } from './read';
export { insertShipment, moveEstimatedArrival, prepareShipment, type WriteDeps } from './service';
export { diffChanges, initialChanges, toColumns, type Changes, type FormColumns } from './persist';
export { insertFieldLines, loadJobBillLines, loadMoneyFields, noMoney, splitMoney, writeMoneyFields, type MoneyFields } from './field-lines';
