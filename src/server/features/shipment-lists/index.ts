/** The shipment lists, as other features use them: the list row (dashboard). */
export { LIST_COLUMNS, toListRow } from './service';
