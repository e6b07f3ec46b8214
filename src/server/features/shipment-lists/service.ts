import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { withCustomerScope } from '@server/db/customer-scope';
import type { SessionUser } from '@server/http/context';
import { effectiveDir, type ShipmentListQuery, type ShipmentListRow, type ShipmentSort } from '@domain/shipments/list-schema';
import { customerCompanyId } from '@server/policy';
import { contains, containsFolded, containsNumber, offsetOf, pageWithTotal, toPage, type TotalQuery } from '@server/http/list';
import { compactNumber } from '@domain/shipments/list-schema';
import { isCustomer, isStaff } from '@domain/access/permissions';
import { isoOrNull, isoTime } from '@server/db/times';

const SORT_SQL: Record<ShipmentSort, SQL> = {
  created_at: sql`s.created_at`,
  type: sql`s.type`,
  status: sql`s.status`,
  reference_number: sql`s.reference_number`,
  company: sql`c.name`,
  estimated_departure: sql`s.estimated_departure`,
  handler: sql`u.full_name`,
  transport_mode: sql`s.transport_mode`,
};

/** Only these sort keys can be null; the others keep plain ORDER BY so their indexes serve the sort. */
const NULLABLE_SORTS = new Set<ShipmentSort>(['estimated_departure', 'handler', 'transport_mode']);

export type ShipmentFilter = Omit<ShipmentListQuery, 'page' | 'pageSize' | 'sort' | 'dir'>;

/**
 * The WHERE clause of every shipment list for this user: filters, search, and the scoping
 * (a customer sees only their company's shipments, whatever the query says).
 */
export function shipmentWhere(user: SessionUser, f: ShipmentFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (isCustomer(user.role)) parts.push(sql`s.company_id = ${customerCompanyId(user)}`);
  if (f.mine === 'true') parts.push(sql`s.handler_id = ${user.id}`);
  if (f.handler === 'unassigned') parts.push(sql`s.handler_id is null`);
  if (f.status) parts.push(sql`s.status = ${f.status}`);
  if (f.type) parts.push(sql`s.type = ${f.type}`);
  if (f.transport_mode) parts.push(sql`s.transport_mode = ${f.transport_mode}`);
  if (f.checks === 'failed') {
    // The SQL twins of the domain's number checks; each side has a partial index of the failing rows (migration 0013).
    parts.push(sql`s.id in (
      select id from shipments where not cargodesk_mawb_ok(mawb_number) or not cargodesk_container_number_ok(container_number)
      union select shipment_id from shipment_containers where not cargodesk_container_number_ok(number))`);
  }
  if (f.q) parts.push(shipmentSearch(f.q));
  return sql.join(parts, sql` and `);
}

/**
 * One search for every number (issue 21, decision 0223): the reference, cargo description, vessel, cities, ports and
 * airports (folded like every search), any of the shipment's numbers (its carrier booking reference too, migration
 * 0031) or its containers' numbers typed with or without spaces and dashes (compacted, migration 0017), and the
 * company's name. Each branch is answered by its own trigram index; their union of ids is joined back, so no branch
 * scans the table.
 */
function shipmentSearch(q: string): SQL {
  const texts = [sql`reference_folded`, sql`cargo_description_folded`, sql`places_folded`].map((column) => containsFolded(column, q));
  const numbers = containsNumber(sql`numbers_compact`, q);
  const containers = containsNumber(sql`number_compact`, q);
  const branches: SQL[] = [
    sql`select id from shipments where ${sql.join(numbers ? [...texts, numbers] : texts, sql` or `)}`,
    sql`select id from shipments where company_id in (select id from companies where ${contains(sql`name`, q)})`,
  ];
  if (containers) branches.push(sql`select shipment_id from shipment_containers where ${containers}`);
  return sql`s.id in (${sql.join(branches, sql` union `)})`;
}

/** The numbers a search looks in, with the label the results show when one of them is what matched. */
const NUMBER_FIELDS: [label: string, column: string][] = [
  ['Reference', 'reference_number'], ['BL Number', 'customer_reference'], ['Carrier Booking Reference', 'carrier_booking_reference'],
  ['Container', 'container_number'], ['MAWB', 'mawb_number'],
  ['HAWB', 'hawb_number'], ['Voyage', 'voyage_number'], ['Flight', 'flight_number'], ['Tracking Number', 'tracking_number'],
  ['Customs Declaration', 'customs_declaration_number'], ['Truck Plate', 'truck_plate_number'], ['Seal', 'seal_number'], ['IMO', 'imo_number'],
];
const TEXT_FIELDS: [label: string, column: string][] = [
  ['Reference', 's.reference_number'], ['Company', 'c.name'], ['Vessel', 's.vessel_name'], ['Origin', 's.origin_city'], ['Destination', 's.destination_city'],
  ['Origin Port', 's.origin_port'], ['Destination Port', 's.destination_port'], ['Origin Airport', 's.origin_airport'],
  ['Destination Airport', 's.destination_airport'], ['Cargo', 's.cargo_description'],
];

/**
 * What a row of a search was found by, computed for the rows of the page only: the first number, container or text
 * that holds `q`, as { field, value }. The same predicates as shipmentSearch, so every row has one.
 */
export function searchMatchColumn(q: string | undefined): SQL {
  if (!q) return sql``;
  const found = (label: string, value: SQL) => sql`json_build_object('field', ${label}::text, 'value', ${value})`;
  const options: SQL[] = [];
  const number = compactNumber(q);
  if (number) {
    for (const [label, column] of NUMBER_FIELDS) {
      options.push(sql`case when ${containsNumber(sql`cargodesk_compact(${sql.raw(`s.${column}`)})`, q)} then ${found(label, sql.raw(`s.${column}`))} end`);
    }
    options.push(sql`(select ${found('Container', sql`sc.number`)} from shipment_containers sc
      where sc.shipment_id = s.id and ${containsNumber(sql`sc.number_compact`, q)} order by sc.position limit 1)`);
  }
  for (const [label, column] of TEXT_FIELDS) options.push(sql`case when ${contains(sql.raw(column), q)} then ${found(label, sql.raw(column))} end`);
  return sql`, coalesce(${sql.join(options, sql`, `)}) as search_match`;
}

export const LIST_COLUMNS = sql`
  s.id, s.reference_number, s.type, s.transport_mode, s.loading_type, s.status, s.priority, s.company_id, c.name as company_name,
  s.handler_id, u.full_name as handler_name, s.cargo_description, s.origin_city, s.origin_country,
  s.destination_city, s.destination_country, s.estimated_departure, s.estimated_arrival, s.created_at`;


export function toListRow(r: Record<string, unknown>): ShipmentListRow {
  return {
    ...(r as ShipmentListRow),
    estimated_departure: isoOrNull(r.estimated_departure as Date | null),
    estimated_arrival: isoOrNull(r.estimated_arrival as Date | null),
    created_at: isoTime(r.created_at as Date),
  };
}

/**
 * The exact count of a list, as a scalar query. Filters on type and status alone are answered by the shipment_stats
 * rollup (kept exact by triggers in the same transaction as every change), so the busiest lists do not count a
 * million rows; everything else counts with its index. `cheap` says which: a rollup sum rides along in the page's
 * own statement, a real count runs beside it.
 */
function countQuery(user: SessionUser, f: ShipmentFilter, where: SQL): TotalQuery {
  if (isStaff(user.role) && f.mine !== 'true' && !f.q && !f.transport_mode && !f.checks && !f.handler) {
    const parts: SQL[] = [sql`true`];
    if (f.status) parts.push(sql`status = ${f.status}`);
    if (f.type) parts.push(sql`type = ${f.type}`);
    return { query: sql`select coalesce(sum(n), 0)::int from shipment_stats where ${sql.join(parts, sql` and `)}`, cheap: true };
  }
  return { query: sql`select count(*)::int from shipments s where ${where}`, cheap: false };
}

/** One page of shipments with company and handler names and the exact count, all in SQL. */
export async function listShipments(db: Db, user: SessionUser, q: ShipmentListQuery) {
  const where = shipmentWhere(user, q);
  const asc = effectiveDir(q.sort, q.dir) === 'asc';
  const dir = asc ? sql`asc` : sql`desc`;
  // The (x, created_at desc, id) indexes serve these orders forwards or backwards.
  const order =
    q.sort === 'created_at'
      ? sql`s.created_at ${dir}, s.id ${asc ? sql`desc` : sql`asc`}`
      : sql`${SORT_SQL[q.sort]} ${dir}${NULLABLE_SORTS.has(q.sort) ? sql` nulls last` : sql``}, s.created_at desc, s.id`;
  const offset = offsetOf(q.page, q.pageSize);
  const { rows, total } = await pageWithTotal(db, countQuery(user, q, where), offset, (totalColumn) =>
    db.execute<Record<string, unknown>>(sql`
      select ${LIST_COLUMNS}${searchMatchColumn(q.q)}${totalColumn ?? sql``}
      from shipments s
      join companies c on c.id = s.company_id
      left join users u on u.id = s.handler_id
      where ${where}
      order by ${order}
      limit ${q.pageSize} offset ${offset}`),
  );
  return toPage(rows.map(toListRow), total, q.page, q.pageSize);
}

/**
 * Rows for the CSV export: every row the filters select, in pages of 1,000 (keyset on created_at, id). Each page is
 * its own short read (a customer's under row-level security), so a slow download holds no transaction open.
 */
export async function* exportShipmentRows(db: Db, user: SessionUser, f: ShipmentFilter): AsyncGenerator<Record<string, unknown>[]> {
  const where = shipmentWhere(user, f);
  const staff = isStaff(user.role);
  let after: { created_at: unknown; id: string } | null = null;
  for (;;) {
    const cursor: SQL = after
      ? sql`and (s.created_at < ${after.created_at as string} or (s.created_at = ${after.created_at as string} and s.id > ${after.id}))`
      : sql``;
    // A sea port's UN/LOCODE for the route column: the port is stored by name, its country is the shipment's end's.
    const page = await withCustomerScope(db, user, (db) => db.execute<Record<string, unknown>>(sql`
      with port_codes as (
        select distinct on (name, country) name, country, un_code from seaports where un_code is not null order by name, country, un_code)
      select ${LIST_COLUMNS}, s.loading_type, s.customer_reference, s.incoterm, s.packages_count, s.package_type,
        s.weight_gross, s.volume, s.origin_airport, s.destination_airport, s.origin_port, s.destination_port,
        s.carrier_name, s.tracking_number, s.delivery_date, s.pieces, s.incoterm_place, s.incoterm_version, s.hs_code,
        s.dangerous_goods, s.un_number, s.hazard_class, s.shipper_name, s.shipper_address, s.consignee_name, s.consignee_address,
        s.notify_name, s.notify_address,
        (select json_agg(json_build_object('number', sc.number, 'type', sc.type) order by sc.position)
           from shipment_containers sc where sc.shipment_id = s.id) as container_list,
        op.un_code as origin_port_code, dp.un_code as destination_port_code
        ${staff ? sql`, s.weight_volumetric, s.weight_chargeable, s.internal_notes` : sql``}
      from shipments s
      join companies c on c.id = s.company_id
      left join users u on u.id = s.handler_id
      left join port_codes op on op.name = s.origin_port and op.country = s.origin_country
      left join port_codes dp on dp.name = s.destination_port and dp.country = s.destination_country
      where ${where} ${cursor}
      order by s.created_at desc, s.id
      limit 1000`));
    if (page.rows.length === 0) return;
    yield page.rows;
    const last = page.rows[page.rows.length - 1]!;
    after = { created_at: last.created_at instanceof Date ? last.created_at.toISOString() : last.created_at, id: String(last.id) };
    if (page.rows.length < 1000) return;
  }
}
