/** The order a request's problems are listed and shown in: the form's, top to bottom (issue 37). */

export type RequestIssue = { field: string; message: string };

/**
 * The request form's inputs top to bottom (Transport, Route, Cargo, Terms): the order problems are listed and shown
 * in. A line's fields ('pieces.2.width') follow their list, by line and then by column.
 */
const FORM_ORDER = [
  'mode', 'direction', 'cargo_ready_date', 'sea_load', 'equipment',
  'origin', 'origin_airport', 'origin_port', 'origin_address', 'origin_city', 'origin_country',
  'destination', 'destination_airport', 'destination_port', 'destination_address', 'destination_city', 'destination_country',
  'cargo_description', 'weight_gross', 'weight_unit', 'pieces', 'volume', 'dangerous_goods', 'un_number', 'hazard_class',
  'po_number', 'shipper_name', 'shipper_address', 'consignee_name', 'consignee_address', 'notify_name', 'notify_address', 'save_parties',
  'incoterm', 'incoterm_place', 'notes',
];
const LINE_ORDER = ['type', 'count', 'length', 'width', 'height', 'unit', 'weight'];
const rankOf = (field: string): number[] => {
  const [top, line, column] = field.split('.');
  const at = FORM_ORDER.indexOf(top!);
  return [at === -1 ? FORM_ORDER.length : at, line === undefined ? -1 : Number(line), column === undefined ? -1 : LINE_ORDER.indexOf(column)];
};
const byFormOrder = (a: RequestIssue, b: RequestIssue) => {
  const [x, y] = [rankOf(a.field), rankOf(b.field)];
  return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
};

/** Problems sorted in the order of the form's inputs (a copy). */
export const inFormOrder = (issues: readonly RequestIssue[]): RequestIssue[] => [...issues].sort(byFormOrder);
