/**
 * What each list's rows must satisfy for a given query (issue 8, "Bad input"): the bad-input query test asks every
 * list route with hostile and real values and checks each returned row against its rule here. A new list route (a GET
 * answering `rows`) without an entry in LIST_ROWS fails that test.
 */
import { exceptionsOf, type ExceptionFacts, type ExceptionKind } from '@domain/exceptions/schema';
import { fileKindOf } from '@domain/documents/rules';
import { compactNumber } from '@domain/shipments/list-schema';
import type { PathIds } from './bad-input.cases';


type Row = Record<string, unknown>;
export type ListRule = {
  /** The row fields `q` is searched in; a returned row must contain q (case-insensitively) in one of them. */
  search?: (row: Row) => unknown[];
  /** Filters: for each query parameter, whether a row satisfies its value. */
  filters?: Record<string, (row: Row, value: string, ctx: { userId: string; ids: PathIds }) => boolean>;
  /** Where the rows are in the answer (default: `rows`). */
  rows?: (body: Row) => Row[];
  /** Whether a row matches q, when more than containsText over `search` (a number typed with spaces or dashes). */
  matches?: (row: Row, q: string) => boolean;
  /** Whether the answer is paged ({ rows, total, page, pageSize }). */
  paged?: boolean;
};

/** A shipment row holds q as text, or as a number compared without spaces, dashes and case (domain compactNumber). */
function shipmentMatches(row: Row, q: string): boolean {
  const match = row.search_match as { value?: unknown } | null | undefined;
  const fields = [row.reference_number, row.cargo_description, row.company_name, match?.value];
  const number = compactNumber(q);
  return fields.some((f) => containsText(f, q) || (!!number && typeof f === 'string' && compactNumber(f).includes(number)));
}

const shipmentFilters: ListRule['filters'] = {
  status: (r, v) => r.status === v,
  type: (r, v) => r.type === v,
  transport_mode: (r, v) => r.transport_mode === v,
  mine: (r, v, c) => v !== 'true' || r.handler_id === c.userId,
  // The demo data holds only valid numbers (issue 14): the "Failed data checks" filter must find no row at all.
  checks: (_r, v) => v !== 'failed',
  handler: (r, v) => v !== 'unassigned' || r.handler_id === null,
};

/** Every GET route whose answer holds rows, with what its rows must satisfy. */
export const LIST_ROWS: Record<string, ListRule> = {
  'GET /api/airports': { paged: true, search: (r) => [r.iata_code, r.name, r.municipality] },
  'GET /api/seaports': { paged: true, search: (r) => [r.name, r.country, r.un_code] },
  'GET /api/carriers': { paged: true, search: (r) => [r.name, r.country], filters: { carrier_type: (r, v) => r.carrier_type === v } },
  'GET /api/service-providers': { paged: true, search: (r) => [r.name, r.country, r.service_type] },
  'GET /api/consolidation-agents': { paged: true, search: (r) => [r.name, r.country] },
  'GET /api/companies': { paged: true, search: (r) => [r.name] },
  'GET /api/companies/:id/shipments': { paged: true, filters: {} },
  'GET /api/companies/:id/contacts': {},
  'GET /api/staff': {
    search: (r) => [r.full_name, r.email],
    rows: (b) => [...((b.pending as Row[]) ?? []), ...((b.active as Row[]) ?? [])],
  },
  'GET /api/audit': {
    paged: true,
    search: (r) => [r.actor_email, r.target, r.ip_address],
    filters: { category: (r, v) => String(r.action).startsWith(`${v}.`) },
  },
  // One search for every number (issue 21): a row is found by a text or a number; the row says which (search_match).
  'GET /api/shipments': { paged: true, search: (r) => [r.reference_number, r.cargo_description, r.company_name, (r.search_match as { value?: string } | null)?.value], matches: shipmentMatches, filters: shipmentFilters },
  'GET /api/shipments/:id/events': {},
  'GET /api/handlers': { rows: (body) => body as unknown as Row[], filters: { loading_type: (r, v) => r.role === 'admin' || r.role === v } },
  'GET /api/shipments/:id/documents': {},
  'GET /api/shipments/:id/share-links': {},
  'GET /api/api-keys': {},
  'GET /api/imports': {},
  // Issue 38: invoices by company, kind, status, derived state and issue days; searched in number, company, reference.
  'GET /api/invoices': {
    paged: true,
    search: (r) => [r.number, r.company_name, r.buyer_reference],
    filters: {
      company_id: (r, v) => r.company_id === v,
      kind: (r, v) => r.kind === v,
      status: (r, v) => r.status === v,
      state: (r, v) => r.state === v,
      from: (r, v) => typeof r.issue_date === 'string' && r.issue_date >= v,
      to: (r, v) => typeof r.issue_date === 'string' && r.issue_date <= v,
    },
  },
  'GET /api/invoices/ready': { paged: true, search: (r) => [r.reference_number, r.company_name], filters: { company_id: (r, v) => r.company_id === v } },
  'GET /api/exchange-rates': {
    paged: true,
    filters: {
      currency: (r, v) => r.currency === v,
      source: (r, v) => r.source === v,
      from: (r, v) => String(r.rate_date) >= v,
      to: (r, v) => String(r.rate_date) <= v,
    },
  },
  'GET /api/shipments/:id/generated-documents': {},
  // Issue 38: payments by company, invoice and days received; the ageing report's rows by company and currency.
  'GET /api/payments': {
    paged: true,
    filters: {
      company_id: (r, v) => r.company_id === v,
      invoice_id: (r, v) => r.invoice_id === v,
      from: (r, v) => String(r.received_on) >= v,
      to: (r, v) => String(r.received_on) <= v,
    },
  },
  'GET /api/reports/ageing': { filters: { company_id: (r, v) => r.company_id === v, currency: (r, v) => r.currency === v.trim().toUpperCase() } },
  'GET /api/reports/overdue-invoices': { paged: true },
  // Issue 39: the kept accounting exports, newest first.
  'GET /api/accounting/exports/history': { paged: true },
  // Issue 39: supplier bills searched in number and supplier, by supplier and state; the payables ageing's rows.
  'GET /api/supplier-bills': {
    paged: true,
    search: (r) => [r.number, r.supplier_name],
    filters: { supplier_kind: (r, v) => r.supplier_kind === v, supplier_id: (r, v) => r.supplier_id === v, state: (r, v) => r.state === v },
  },
  // Issue 40: the rate zones (no query: every zone, by code).
  'GET /api/rate-zones': {},
  // Issue 40: rate cards by mode, side, lane, carrier and the day they are valid on.
  'GET /api/rate-cards': {
    paged: true,
    filters: {
      mode: (r, v) => r.mode === v,
      side: (r, v) => r.side === v,
      // A blank code filters nothing (as a blank search does).
      origin: (r, v) => !v.trim() || r.origin === v.trim().toUpperCase(),
      destination: (r, v) => !v.trim() || r.destination === v.trim().toUpperCase(),
      carrier_id: (r, v) => r.carrier_id === v,
      valid_on: (r, v) => String(r.valid_from) <= v && v <= String(r.valid_to),
    },
  },
  'GET /api/payables/ageing': { filters: { supplier_kind: (r, v) => r.supplier_kind === v, currency: (r, v) => r.currency === v.trim().toUpperCase() } },
  // Issue 38: the charge codes, searched in code and name, in use or retired.
  'GET /api/charge-codes': { paged: true, search: (r) => [r.code, r.name], filters: { active: (r, v) => String(r.active) === v } },
  // Issue 16: every overdue row is of the provider asked for.
  'GET /api/checklist/overdue': { paged: true, filters: { provider: (r, v) => r.provider === v } },
  // Issue 45: a customer's owed papers, each of the state asked for, found by reference or name.
  'GET /api/checklist/owed': { paged: true, search: (r) => [r.reference_number, r.name], filters: { state: (r, v) => r.state === v } },
  // Each row holds for the rule asked (the domain's rules; the test data keeps the default thresholds).
  'GET /api/exceptions': {
    paged: true,
    filters: {
      kind: (r, v) =>
        exceptionsOf(
          { ...(r as unknown as ExceptionFacts), arrival_shift_days: r.shift_days as number | null, arrival_shifted_at: v === 'arrival_moved' ? (r.since as string) : null },
          new Date(),
        ).includes(v as ExceptionKind),
    },
  },
  // Issue 15: the search column holds the number, company, cargo and both ends, as the row shows them.
  'GET /api/requests': {
    paged: true,
    search: (r) => [r.number, r.company_name, r.cargo_description, r.origin, r.destination],
    filters: {
      status: (r, v) => r.status === v,
      mode: (r, v) => r.mode === v,
      company_id: (r, v) => r.company_id === v,
      handler: (r, v, c) => (v === 'me' ? r.handler_id === c.userId : v === 'none' ? r.handler_id === null : true),
    },
  },
  'GET /api/documents': {
    paged: true,
    search: (r) => [r.original_name],
    filters: { type: (r, v) => v === 'all' || fileKindOf(String(r.original_name)) === v },
  },
  // Issue 18: the carrier event inbox, by state, searched in the event's references and place.
  'GET /api/carrier-events/inbox': {
    paged: true,
    search: (r) => [r.external_id, r.container_number, r.bl_number, r.booking_reference, r.location_code, r.location_name],
    filters: { state: (r, v) => r.state === v },
  },
  'GET /api/documents/assignable-shipments': { search: (r) => [r.reference_number, r.company_name] },
  // Issue 18: webhook subscriptions and a subscription's delivery log.
  'GET /api/webhooks': {},
  'GET /api/webhooks/:id/deliveries': {},
};

/**
 * What unaccent's rules replace beyond marks that Unicode decomposition drops: letters without a decomposition
 * (Łódź, Øresund, Straße) and typographic punctuation ("Ta’if" is found by "ta'if").
 */
const UNACCENT_EXTRA: Record<string, string> = {
  ł: 'l', ø: 'o', đ: 'd', ħ: 'h', ı: 'i', ŧ: 't', ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th',
  '‘': "'", '’': "'", '‚': ',', '‛': "'", '“': '"', '”': '"', '„': ',,', '‟': '"', '′': "'", '″': '"',
  '‐': '-', '‑': '-', '‒': '-', '–': '-', '—': '-', '―': '-', '\u00ad': '-', '…': '...', '«': '<<', '»': '>>',
  '‹': '<', '›': '>', '×': '*', '÷': '/', '¡': '!', '¿': '?', '©': '(C)', '®': '(R)', '±': '+/-',
};
const EXTRA_PATTERN = new RegExp(`[${Object.keys(UNACCENT_EXTRA).join('')}]`, 'gu');

/**
 * unaccent's rules as the database under test has them (character -> replacement), read from it by the test
 * (useUnaccentRules): the table above is a few of them, and the rules hold about 500 more that NFKD does not give
 * ("ƀ" -> "b"), each of which a random query string can hit.
 */
let unaccentRules = new Map<string, string>();
export function useUnaccentRules(rules: Map<string, string>): void {
  unaccentRules = rules;
}
const unaccent = (s: string) => (unaccentRules.size === 0 ? s : Array.from(s, (c) => unaccentRules.get(c) ?? c).join(''));

/** Literal containment ignoring case and accents, as list searches mean it ('%' and '_' are characters, not wildcards). */
export function containsText(field: unknown, q: string): boolean {
  if (typeof field !== 'string' && typeof field !== 'number') return false;
  const f = String(field);
  // Case and accent folding differ a little between JavaScript and the database's cargodesk_fold (migration 0014): a
  // match under any of these foldings counts, and none of them turns '%', '_' or '\\' into anything else.
  const fold = (s: string) => unaccent(s).toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(EXTRA_PATTERN, (c) => UNACCENT_EXTRA[c] ?? c);
  return f.toLowerCase().includes(q.toLowerCase()) || f.toUpperCase().includes(q.toUpperCase()) || f.includes(q) || fold(f).includes(fold(q));
}

/** The problems of a 200 list answer for the query sent: rows that do not match, paging that does not add up. */
export function listProblems(rule: ListRule, body: Row, query: Map<string, string>, ctx: { userId: string; ids: PathIds }): string[] {
  const problems: string[] = [];
  const rows = rule.rows ? rule.rows(body) : (body.rows as Row[]);
  if (!Array.isArray(rows)) return ['the answer has no rows array'];
  const q = (query.get('q') ?? '').trim();
  if (q && rule.search) {
    const matches = rule.matches ?? ((row: Row, text: string) => rule.search!(row).some((f) => containsText(f, text)));
    for (const row of rows) if (!matches(row, q)) problems.push(`row ${JSON.stringify(row).slice(0, 160)} does not contain q=${JSON.stringify(q)}`);
  }
  for (const [name, check] of Object.entries(rule.filters ?? {})) {
    const value = query.get(name);
    if (value === undefined || value === '') continue; // an empty filter is no filter (the lists' "All")
    for (const row of rows) if (!check(row, value, ctx)) problems.push(`row ${JSON.stringify(row).slice(0, 160)} does not match ${name}=${value}`);
  }
  if (rule.paged) {
    const { total, page, pageSize } = body as { total: number; page: number; pageSize: number };
    if (![total, page, pageSize].every((n) => Number.isInteger(n))) problems.push(`paging fields are not integers: ${JSON.stringify({ total, page, pageSize })}`);
    const expected = Math.max(0, Math.min(pageSize, total - (page - 1) * pageSize));
    if (rows.length !== expected) problems.push(`page ${page} of ${pageSize} with total ${total} has ${rows.length} rows, expected ${expected}`);
    if (pageSize < 1 || page < 1) problems.push(`page ${page}, pageSize ${pageSize} answered as valid`);
  }
  return problems;
}
