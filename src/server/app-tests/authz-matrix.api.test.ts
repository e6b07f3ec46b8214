/**
 * The authorization matrix (design.md section 6): every API route x every role (anonymous, customer, export,
 * import, admin), with own and other company (and own and other handler) where the route is scoped by them.
 * The route inventory is read from the app itself, so a new route without a matrix entry fails here.
 *
 * Every request is one that must not change anything: writes send `{}` (an allowed role gets 400, a forbidden
 * one 401/403), deletes name a random UUID (allowed -> 404) or a row the service refuses (409), and a status
 * change asks for the status the shipment already has (allowed -> 400).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEMO_COMPANY } from '@server/db/seed/demo-fixtures';
import { MATRIX, ROLES, one as oneIn, type Ids, type Role } from './authz-matrix.cases';
import { seedWebhookIds } from './authz-matrix.webhooks.cases';
import { ROUTE_ACTIONS } from './authz-matrix.actions';
import { tableAllows, tableProblem } from './authz-matrix.table';

let t: TestApp;
let ids: Ids;
const cookies: Record<Role, string> = { anonymous: '', customer: '', export: '', import: '', admin: '' };
const one = <T = string>(query: ReturnType<typeof sql>, column = 'id') => oneIn<T>(t.db, query, column);

function inventory(): string[] {
  const keys = t.app.routes
    .filter((r) => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))
    .filter((r) => r.path.startsWith('/api/') && !r.path.startsWith('/api/auth/'))
    .map((r) => `${r.method} ${r.path}`);
  return [...new Set(keys)].sort();
}

/** Row counts and a digest of the rows a wrong answer could change: the matrix must leave them as they were. */
async function fingerprint(): Promise<string> {
  const r = await t.db.execute<{ f: string }>(sql`
    select concat_ws('|',
      (select count(*) from users), (select count(*) from companies), (select count(*) from customers),
      (select count(*) from pending_staff), (select count(*) from airports), (select count(*) from seaports),
      (select count(*) from carriers), (select count(*) from service_providers), (select count(*) from consolidation_agents),
      (select count(*) from shipments), (select count(*) from shipment_containers), (select count(*) from shipment_events),
      (select count(*) from outbox), (select count(*) from files), (select count(*) from document_assignments),
      (select md5(coalesce(string_agg(id::text || status || coalesce(updated_at::text, ''), ',' order by id), '')) from shipments),
      (select md5(coalesce(string_agg(id::text || name || coalesce(address, ''), ',' order by id), '')) from companies),
      (select md5(coalesce(string_agg(id::text || full_name || role, ',' order by id), '')) from users),
      (select count(*) from request_events), (select count(*) from charge_lines), (select count(*) from request_quotes),
      (select count(*) from messages), (select count(*) from threads), (select count(*) from message_attachments), (select count(*) from request_attachments),
      (select count(*) from generated_documents), (select count(*) from document_assignments where draft),
      (select md5(coalesce(string_agg(id::text || coalesce(document_name, '') || coalesce(approved_at::text, '') || coalesce(reject_reason, ''), ',' order by id), '')) from shipment_checklist_items),
      (select md5(coalesce(string_agg(shipment_type || loading_type || position || name || offset_days, ',' order by shipment_type, loading_type, position), '')) from checklist_template_items),
      (select md5(coalesce(string_agg(name || address || coalesce(logo_type, '') || updated_at::text, ','), '')) from letterhead),
      (select md5(coalesce(string_agg(id::text || status || coalesce(handler_id::text, '') || updated_at::text, ',' order by id), '')) from requests),
      (select md5(coalesce(string_agg(id::text || status || url || secret || array_to_string(events, ' '), ',' order by id), '')) from webhook_subscriptions),
      (select count(*) from webhook_deliveries), (select count(*) from audit_log where action like 'webhook.%'),
      (select count(*) from supplier_bills), (select count(*) from supplier_bill_lines where charge_line_id is not null), (select count(*) from supplier_bill_payments),
      (select count(*) from accounting_exports), (select count(*) from accounting_export_marks),
      (select md5(row(s.*)::text) from accounting_settings s),
      (select md5(coalesce(string_agg(id::text || valid_from::text || valid_to::text || priority, ',' order by id), '')) from rate_cards)
    ) as f`);
  return r.rows[0]!.f;
}
let before = '';

/** The seeded documents: one on an own-company shipment handled by export, one on another company's, one unassigned. */
async function documentIds(ownCompany: string, otherCompany: string, exportUser: string) {
  const assigned = (company: string, handler: string | null) =>
    t.db.execute<{ document_name: string; shipment_id: string }>(sql`
      select a.document_name, a.shipment_id from document_assignments a join shipments s on s.id = a.shipment_id
      where s.company_id = ${company} ${handler ? sql`and s.handler_id = ${handler}` : sql``} order by a.document_name limit 1`);
  const own = (await assigned(ownCompany, exportUser)).rows[0];
  const other = (await assigned(otherCompany, null)).rows[0];
  if (!own || !other) throw new Error('the demo data has no documents on the expected shipments');
  return {
    ownDocument: own.document_name,
    ownDocumentShipment: own.shipment_id,
    otherDocument: other.document_name,
    unassignedDocument: await one(sql`select name from files where name not in (select document_name from document_assignments) order by name limit 1`, 'name'),
  };
}

/** A request with a sent quote of the customer's company, and one of another company (the demo data has both). */
async function quotedRequests(ownCompany: string) {
  const quoted = (own: boolean) =>
    one(sql`select r.id from requests r join request_quotes q on q.request_id = r.id
      where q.sent_at is not null and ${own ? sql`r.company_id = ${ownCompany}` : sql`r.company_id <> ${ownCompany}`} order by r.number limit 1`);
  return { ownQuotedRequest: await quoted(true), otherQuotedRequest: await quoted(false) };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) if (role !== 'anonymous') cookies[role] = await t.signIn(`${role}@cargodesk.test`);
  const user = (email: string) => one(sql`select id from users where email = ${email}`);
  const exportUser = await user('export@cargodesk.test');
  const importUser = await user('import@cargodesk.test');
  const ownCompany = await one(sql`select id from companies where name = ${DEMO_COMPANY}`);
  const otherCompany = await one(sql`select id from companies where name = 'Rhein Maschinenbau GmbH'`);
  const shipment = async (company: string, handler: string) => {
    const r = await t.db.execute<{ id: string; status: string }>(
      sql`select id, status from shipments where company_id = ${company} and handler_id = ${handler} order by created_at desc limit 1`,
    );
    if (!r.rows[0]) throw new Error(`the demo data has no shipment of company ${company} handled by ${handler}`);
    return r.rows[0];
  };
  const own = await shipment(ownCompany, exportUser);
  const other = await shipment(otherCompany, importUser);
  ids = {
    db: t.db,
    ownCompany,
    otherCompany,
    ownContact: await one(sql`select id from customers where company_id = ${ownCompany} limit 1`),
    otherContact: await one(sql`select id from customers where company_id = ${otherCompany} limit 1`),
    ownShipment: own.id,
    ownShipmentStatus: own.status,
    otherShipment: other.id,
    otherShipmentStatus: other.status,
    airport: await one(sql`select id from airports limit 1`),
    seaport: await one(sql`select id from seaports limit 1`),
    carrier: await one(sql`select id from carriers limit 1`),
    serviceProvider: await one(sql`select id from service_providers limit 1`),
    consolidationAgent: await one(sql`select id from consolidation_agents limit 1`),
    exportUser,
    ...(await documentIds(ownCompany, otherCompany, exportUser)),
    ownRequest: await one(sql`select id from requests where company_id = ${ownCompany} order by created_at desc limit 1`),
    ownDeclinedRequest: await one(sql`select id from requests where company_id = ${ownCompany} and status = 'declined' limit 1`),
    otherRequest: await one(sql`select id from requests where company_id = ${otherCompany} limit 1`),
    ...(await quotedRequests(ownCompany)),
    otherApiKey: await one(sql`insert into api_keys (name, prefix, key_hash, role, company_id, created_by, rate_limit_per_minute, revoked_at)
      select 'Other company key', 'cdk_other000', md5(random()::text), 'customer', ${otherCompany}, id, 60, now() from users where email = 'admin@cargodesk.test'
      returning id`),
    ...(await seedWebhookIds(t.db, ownCompany, otherCompany)),
  };
  for (const company of [ownCompany, otherCompany]) {
    // DELETE /api/companies/:id on these must be refused (409), never carried out.
    expect(await one<number>(sql`select count(*)::int as n from shipments where company_id = ${company}`, 'n')).toBeGreaterThan(0);
  }
  before = await fingerprint();
});
afterAll(async () => t?.close());

describe('route inventory', () => {
  it('has a matrix entry for every API route', () => {
    const missing = inventory().filter((route) => !(route in MATRIX));
    expect(missing, `routes without an authorization matrix entry: ${missing.join(', ')}`).toEqual([]);
  });

  it('names only routes that exist', () => {
    const routes = new Set(inventory());
    const stale = Object.keys(MATRIX).filter((route) => !routes.has(route));
    expect(stale, `matrix entries for routes the app does not have: ${stale.join(', ')}`).toEqual([]);
  });

  it('has every role in every cell row', () => {
    for (const [route, cases] of Object.entries(MATRIX)) {
      expect(cases.length, route).toBeGreaterThan(0);
      for (const c of cases) expect(Object.keys(c.expect).sort(), route).toEqual([...ROLES].sort());
    }
  });
});

/** The permission table (src/domain/access/permissions.ts) decides who may: the matrix reads it (decision 0255). */
describe('the matrix and the permission table', () => {
  it('names the action of every route', () => {
    expect(Object.keys(ROUTE_ACTIONS).sort()).toEqual(Object.keys(MATRIX).sort());
  });

  it('names the action the route guard checks, where requirePermission guards the route', () => {
    const guards = t.app.routes.flatMap((r) => {
      const permission = (r.handler as { permission?: string }).permission;
      return permission ? [{ method: r.method, path: r.path, permission }] : [];
    });
    expect(guards.length).toBeGreaterThan(50);
    for (const route of Object.keys(MATRIX)) {
      const [method, path] = route.split(' ') as [string, string];
      const checked = guards.filter(
        (g) => (g.method === method || g.method === 'ALL') && (g.path === path || (g.path.endsWith('/*') && path.startsWith(g.path.slice(0, -1)))),
      );
      if (checked.length > 0) expect(checked.map((g) => g.permission), route).toContain(ROUTE_ACTIONS[route]);
    }
  });

  it('expects of every role what the table says', () => {
    for (const [route, cases] of Object.entries(MATRIX)) {
      const action = ROUTE_ACTIONS[route]!;
      for (const c of cases) {
        for (const role of ROLES) expect(tableProblem(action, c, role, c.expect[role]), `${route} ${c.label ?? ''} as ${role}`).toBeNull();
        for (const role of c.refusedByData ?? []) {
          expect(tableAllows(action, role), `${route} ${c.label ?? ''}: ${role} is refused by the table, not the data`).toBe(true);
          expect(c.expect[role], `${route} ${c.label ?? ''}: ${role}`).toBe(403);
        }
      }
    }
  });
});

const CELLS = Object.entries(MATRIX).flatMap(([route, cases]) =>
  cases.flatMap((c) =>
    ROLES.map((role) => ({
      name: `${route}${c.label ? ` (${c.label})` : ''} as ${role} → ${c.expect[role]}`,
      method: route.split(' ')[0]!,
      action: ROUTE_ACTIONS[route]!,
      role,
      c,
    })),
  ),
);

describe('authorization matrix', () => {
  it.each(CELLS)('$name', async ({ method, action, role, c }) => {
    const res = await t.request(c.path(ids), {
      method,
      body: c.body?.(ids),
      cookie: cookies[role] || undefined,
    });
    const status = res.status;
    const text = status === c.expect[role] ? '' : await res.clone().text();
    expect(status, `${method} ${c.path(ids)} as ${role}: ${text.slice(0, 300)}`).toBe(c.expect[role]);
    // Allowed or refused as the permission table says (plus the data rules the case names).
    expect(tableProblem(action, c, role, status), `${method} ${c.path(ids)} as ${role}`).toBeNull();
    if (status >= 400) {
      const body = (await res.json()) as { error?: { code?: string; message?: string } };
      expect(body.error?.code, 'error shape { error: { code, message } }').toBeTypeOf('string');
      expect(body.error?.message).toBeTypeOf('string');
    } else if (role === 'customer' && c.customerCheck) {
      await c.customerCheck(res, ids);
    }
  });
});

describe('after the matrix', () => {
  it('changed nothing in the database', async () => {
    expect(await fingerprint()).toBe(before);
  });
});
