/**
 * Reading requests (issue 15): the queue and a customer's list, one request with its quote and history. A customer's
 * reads run under row-level security (withCustomerScope) and keep their own company filter; the quote's costs and
 * margin, drafts and internal history are staff-only, by the query and by the response schema.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@server/db/client';
import { withCustomerScope } from '@server/db/customer-scope';
import { charge_codes, charge_lines, companies, files, request_attachments, request_counts, request_events, request_quotes, requests, shipments, users } from '@server/db/schema';
import {
  REQUEST_MESSAGES, requestEndLabel, requestStatus, utcDay, type RequestDetail, type RequestListQuery, type RequestSummary,
  type StoredRequestStatus,
} from '@domain/requests/schema';
import type { CustomerQuote, QuoteLine, StaffQuote } from '@domain/requests/quote-schema';
import { customerTotals, quoteTotals, trimDecimal } from '@domain/requests/quote-lines';
import { moneyString } from '@domain/money/currencies';
import type { ChargeCategory } from '@domain/billing/lines';
import type { Page } from '@domain/common/list-schema';
import type { Attachment } from '@domain/messages/schema';
import type { SessionUser } from '@server/http/context';
import { notFound } from '@server/http/errors';
import { isoTime } from '@server/db/times';
import { containsFolded, offsetOf, pageWithTotal, toPage, type TotalQuery } from '@server/http/list';
import { customerCompanyId } from '@server/policy';
import { isCustomer, isStaff } from '@domain/access/permissions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const handlers = alias(users, 'handler');
const requesters = alias(users, 'requester');

/** A malformed id is a missing request. */
export function assertRequestId(id: string): void {
  if (!UUID.test(id)) throw notFound(REQUEST_MESSAGES.notFound);
}

/** The state filter as SQL: 'quoted' and 'expired' split the stored 'quoted' by the validity day. */
function statusWhere(status: RequestListQuery['status'], today: string): SQL | null {
  if (!status) return null;
  if (status === 'quoted') return sql`${requests.status} = 'quoted' and ${requests.valid_until} >= ${today}`;
  if (status === 'expired') return sql`${requests.status} = 'quoted' and ${requests.valid_until} < ${today}`;
  return eq(requests.status, status);
}

/** The list's sort keys are the page's own column names (the schema admits only these). */
const SORT_COLUMNS = { created_at: 'created_at', number: 'number', cargo_ready_date: 'cargo_ready_date', status: 'status' } as const;

/** The summary's columns of `requests`, as the page selects them (a quantity as float8: a number on the wire, as before). */
const SUMMARY_COLUMNS = sql.raw(`id, number, status, mode, direction, company_id, origin_airport, origin_port, origin_city,
  origin_country, destination_airport, destination_port, destination_city, destination_country, cargo_ready_date,
  cargo_description, weight_chargeable::float8 as weight_chargeable, handler_id, valid_until, shipment_id, created_at`);

/**
 * Newest first by default; a customer's company only; staff filter by company and by handler ('me', 'none').
 * One SQL statement, as the shipment list's (decision record 0305): the page is cut first on the sort's index, then
 * only its rows get their names (a window count over the joined rows walked every matching request: decision 0233);
 * a total the rollup answers rides along in the same statement, any other is its own count.
 */
export async function listRequests(db: Db, user: SessionUser, q: RequestListQuery): Promise<Page<RequestSummary>> {
  const today = utcDay();
  const where: SQL[] = [];
  if (isCustomer(user.role)) where.push(eq(requests.company_id, customerCompanyId(user)));
  else {
    if (q.company_id) where.push(eq(requests.company_id, q.company_id));
    if (q.handler === 'me') where.push(eq(requests.handler_id, user.id));
    if (q.handler === 'none') where.push(sql`${requests.handler_id} is null`);
  }
  const status = statusWhere(q.status, today);
  if (status) where.push(status);
  if (q.mode) where.push(eq(requests.mode, q.mode));
  if (q.q) where.push(containsFolded(requests.search, q.q));
  const filter = where.length ? and(...where)! : sql`true`;
  const dir = sql.raw(q.dir === 'asc' ? 'asc' : 'desc');
  const column = sql.raw(SORT_COLUMNS[q.sort]);
  const offset = offsetOf(q.page, q.pageSize);
  const { rows, total } = await withCustomerScope(db, user, (d) =>
    pageWithTotal(d, countQuery(user, q, filter, today), offset, (totalColumn) =>
      d.execute<SummaryRow & { company_name: string; handler_name: string | null }>(sql`
        select page.*, c.name as company_name, h.full_name as handler_name${totalColumn ?? sql``}
        from (select ${SUMMARY_COLUMNS} from ${requests} where ${filter} order by ${column} ${dir}, id ${dir} limit ${q.pageSize} offset ${offset}) page
        join ${companies} c on c.id = page.company_id
        left join ${users} h on h.id = page.handler_id
        order by page.${column} ${dir}, page.id ${dir}`),
    ),
  );
  const staff = isStaff(user.role);
  return toPage(rows.map((x) => toSummary(x, x.company_name, x.handler_name, today, staff)), total, q.page, q.pageSize);
}

/**
 * The exact total, as a scalar query. The staff queue filtered by nothing, status, mode or "unassigned" sums the
 * rollup (migration 0022): `cheap`, it rides in the page's statement. A company, one's own, a search or a customer's
 * list counts the requests on the filter's index.
 */
function countQuery(user: SessionUser, q: RequestListQuery, filter: SQL, today: string): TotalQuery {
  if (isStaff(user.role) && !q.q && !q.company_id && q.handler !== 'me') {
    const parts: SQL[] = [sql`true`];
    if (q.status === 'quoted') parts.push(sql`status = 'quoted' and valid_day >= ${today}`);
    else if (q.status === 'expired') parts.push(sql`status = 'quoted' and valid_day < ${today}`);
    else if (q.status) parts.push(sql`status = ${q.status}`);
    if (q.mode) parts.push(sql`mode = ${q.mode}`);
    if (q.handler === 'none') parts.push(sql`not assigned`);
    return { query: sql`select coalesce(sum(n), 0)::int from ${request_counts} where ${sql.join(parts, sql` and `)}`, cheap: true };
  }
  return { query: sql`select count(*)::int from ${requests} where ${filter}`, cheap: false };
}

type SummaryRow = {
  id: string; number: string; status: string; mode: string; direction: 'export' | 'import'; company_id: string;
  origin_airport: string | null; origin_port: string | null; origin_city: string | null; origin_country: string | null;
  destination_airport: string | null; destination_port: string | null; destination_city: string | null; destination_country: string | null;
  cargo_ready_date: string; cargo_description: string; weight_chargeable: number | null; handler_id: string | null;
  valid_until: string | null; shipment_id: string | null; created_at: Date | string;
};

function toSummary(r: SummaryRow, companyName: string, handlerName: string | null, today: string, staff: boolean): RequestSummary {
  return {
    ...(staff ? { weight_chargeable: r.weight_chargeable } : {}),
    id: r.id,
    number: r.number,
    status: requestStatus(r.status as StoredRequestStatus, r.valid_until, today),
    mode: r.mode as RequestSummary['mode'],
    direction: r.direction,
    company_id: r.company_id,
    company_name: companyName,
    origin: requestEndLabel({ airport: r.origin_airport, port: r.origin_port, city: r.origin_city, country: r.origin_country }),
    destination: requestEndLabel({ airport: r.destination_airport, port: r.destination_port, city: r.destination_city, country: r.destination_country }),
    cargo_ready_date: r.cargo_ready_date,
    cargo_description: r.cargo_description,
    handler_id: r.handler_id,
    handler_name: handlerName,
    valid_until: r.valid_until,
    shipment_id: r.shipment_id,
    created_at: isoTime(r.created_at),
  };
}

export type ChargeCodeOption = { code: string; category: ChargeCategory; name: string; active: boolean };
/** Staff also get the charge codes the quote editor offers (a customer never edits a quote). */
export type RequestView = { request: RequestDetail; quote: CustomerQuote | StaffQuote | null; charge_codes?: ChargeCodeOption[] };

/** One request as the user may see it (404 for another company's), with its quote and history. */
export async function getRequest(db: Db, user: SessionUser, id: string): Promise<RequestView> {
  assertRequestId(id);
  const customer = isCustomer(user.role);
  return withCustomerScope(db, user, async (d) => {
    const scope = customer ? and(eq(requests.id, id), eq(requests.company_id, customerCompanyId(user))) : eq(requests.id, id);
    const [row] = await d
      .select({ r: requests, company_name: companies.name, handler_name: handlers.name, requested_by_name: requesters.name, shipment_reference: shipments.reference_number })
      .from(requests)
      .innerJoin(companies, eq(companies.id, requests.company_id))
      .leftJoin(handlers, eq(handlers.id, requests.handler_id))
      .leftJoin(requesters, eq(requesters.id, requests.requested_by))
      .leftJoin(shipments, eq(shipments.id, requests.shipment_id))
      .where(scope);
    if (!row) throw notFound(REQUEST_MESSAGES.notFound);
    const today = utcDay();
    const events = await d
      .select({ id: request_events.id, kind: request_events.kind, detail: request_events.detail, created_at: request_events.created_at, actor_name: users.name })
      .from(request_events)
      .leftJoin(users, eq(users.id, request_events.actor_id))
      .where(customer ? and(eq(request_events.request_id, id), eq(request_events.internal, false)) : eq(request_events.request_id, id))
      .orderBy(asc(request_events.created_at), asc(request_events.id));
    const r = row.r;
    const request: RequestDetail = {
      ...toSummary(r, row.company_name, row.handler_name, today, !customer),
      requested_by_name: row.requested_by_name,
      sea_load: r.sea_load as RequestDetail['sea_load'],
      equipment: r.equipment,
      origin_airport: r.origin_airport, origin_port: r.origin_port, origin_address: r.origin_address, origin_city: r.origin_city, origin_country: r.origin_country,
      destination_airport: r.destination_airport, destination_port: r.destination_port, destination_address: r.destination_address,
      destination_city: r.destination_city, destination_country: r.destination_country,
      incoterm: r.incoterm as RequestDetail['incoterm'],
      incoterm_place: r.incoterm_place,
      pieces: r.pieces,
      weight_gross: r.weight_gross,
      volume: r.volume,
      dangerous_goods: r.dangerous_goods,
      un_number: r.un_number,
      hazard_class: r.hazard_class,
      notes: r.notes,
      decline_reason: r.decline_reason,
      shipment_reference: row.shipment_reference,
      po_number: r.po_number,
      weight_unit: r.weight_unit,
      weight_entered: r.weight_entered ?? r.weight_gross,
      shipper_name: r.shipper_name, shipper_address: r.shipper_address,
      consignee_name: r.consignee_name, consignee_address: r.consignee_address,
      notify_name: r.notify_name, notify_address: r.notify_address,
      attachments: await requestAttachments(d, id),
      events: events.map((e) => ({ ...e, created_at: e.created_at.toISOString() })),
    };
    if (customer) return { request, quote: await customerQuote(d, id) };
    const codes = await d.select({ code: charge_codes.code, category: charge_codes.category, name: charge_codes.name, active: charge_codes.active }).from(charge_codes).orderBy(asc(charge_codes.code));
    return { request, quote: await staffQuote(d, id), charge_codes: codes as ChargeCodeOption[] };
  });
}

/** The files on a request, oldest first (under the customer's scope: their company's request only). */
async function requestAttachments(d: Db, id: string): Promise<Attachment[]> {
  const rows = await d
    .select({ name: files.name, original_name: files.original_name, size: files.size, content_type: files.content_type })
    .from(request_attachments)
    .innerJoin(files, eq(files.name, request_attachments.document_name))
    .where(eq(request_attachments.request_id, id))
    .orderBy(asc(request_attachments.created_at), asc(files.original_name));
  return rows.map((r) => ({ ...r, size: Number(r.size) }));
}

/** The columns the customer role is granted on charge_lines (migration 0035): never a supplier. */
const LINE_COLUMNS = {
  side: charge_lines.side, category: charge_lines.category, code: charge_lines.code, description: charge_lines.description,
  quantity: charge_lines.quantity, unit: charge_lines.unit, unit_price: charge_lines.unit_price, amount: charge_lines.amount,
  currency: charge_lines.currency, vat_category: charge_lines.vat_category, vat_rate: charge_lines.vat_rate, exemption_reason: charge_lines.exemption_reason,
};

type LineRow = { [K in keyof typeof LINE_COLUMNS]: (typeof LINE_COLUMNS)[K]['_']['data'] | null };

/** A stored line for the wire: '2' not '2.000000', the amount in its currency's minor unit. */
function toQuoteLine(l: LineRow): QuoteLine {
  return {
    ...(l as QuoteLine),
    quantity: trimDecimal(l.quantity!),
    unit_price: trimDecimal(l.unit_price!, 2),
    amount: moneyString(l.amount!, l.currency!),
    vat_rate: l.vat_rate === null ? null : trimDecimal(l.vat_rate),
  };
}

/** A quote's lines in order; `sellOnly` for a customer (the policy shows them no cost either). */
async function quoteLines(d: Db, id: string, sellOnly: boolean): Promise<QuoteLine[]> {
  const where = sellOnly ? and(eq(charge_lines.request_id, id), eq(charge_lines.side, 'sell')) : eq(charge_lines.request_id, id);
  const rows = await d.select(LINE_COLUMNS).from(charge_lines).where(where).orderBy(asc(charge_lines.position), asc(charge_lines.id));
  return rows.map(toQuoteLine);
}

/** A sent quote without cost or margin; null while there is none or it is a draft. */
async function customerQuote(d: Db, id: string): Promise<CustomerQuote | null> {
  const [q] = await d.select().from(request_quotes).where(and(eq(request_quotes.request_id, id), sql`${request_quotes.sent_at} is not null`));
  if (!q) return null;
  const lines = await quoteLines(d, id, true);
  return { ...quoteHead(q), lines, totals: customerTotals(lines) };
}

async function staffQuote(d: Db, id: string): Promise<StaffQuote | null> {
  const [row] = await d
    .select({ q: request_quotes, updated_by_name: users.name })
    .from(request_quotes)
    .leftJoin(users, eq(users.id, request_quotes.updated_by))
    .where(eq(request_quotes.request_id, id));
  if (!row) return null;
  const lines = await quoteLines(d, id, false);
  return { ...quoteHead(row.q), lines, totals: quoteTotals(lines), updated_at: row.q.updated_at.toISOString(), updated_by_name: row.updated_by_name };
}

function quoteHead(q: typeof request_quotes.$inferSelect) {
  return {
    mode: q.mode as CustomerQuote['mode'],
    transport_mode: q.transport_mode as CustomerQuote['transport_mode'],
    valid_until: q.valid_until,
    transit_days: q.transit_days,
    terms: q.terms,
    customer_note: q.customer_note,
    sent_at: q.sent_at ? q.sent_at.toISOString() : null,
  };
}
