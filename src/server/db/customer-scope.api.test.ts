/**
 * Issue 8, defence in depth (decision record 0020): row-level security on the tables that hold company data, for
 * the customer role that withCustomerScope switches to. (a) Queries with no `where` at all return only the scoped
 * company's rows, nothing without a company, everything for staff. (b) The customer service paths called with their
 * application filter removed (a staff scope passed by mistake) still return only the company's rows. (c) Every GET
 * route a customer reaches runs under the policies: with the policies turned to "no row", a customer's answers
 * carry none of their company's data although the application filters would allow it.
 * Runs on PGlite and on PostgreSQL (both support roles and row-level security).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, freshDatabase, TEST_AUTH_SECRET, type TestApp } from '@tests/helpers/test-app';
import { sign } from '@server/storage/signed-link';
import { DEMO_COMPANY } from './seed/demo-fixtures';
import { CUSTOMER_ROLE, customerRoleUsable, withCustomerScope } from './customer-scope';
import type { Db } from './client';
import type { SessionUser } from '@server/http/context';
import { listShipments, exportShipmentRows } from '@server/features/shipment-lists/service';
import { getShipment, listShipmentEvents } from '@server/features/shipments/read';
import { getCompany, listCompanies, listCompanyShipments } from '@server/features/companies/service';
import { listContacts } from '@server/features/companies/contacts-service';
import { listShipmentDocuments } from '@server/features/documents/assignments';
import { findVisibleFile } from '@server/features/documents/access';

/** The tables under row-level security and how a row names its company. */
const TABLES: Record<string, string> = {
  shipments: 'company_id',
  customers: 'company_id',
  companies: 'id',
  // Issue 16 (migration 0024): a draft (a generated paper not yet final) is staff only.
  document_assignments: 'case when draft then null else (select s.company_id from shipments s where s.id = shipment_id) end',
  shipment_events: '(select s.company_id from shipments s where s.id = shipment_id)',
  shipment_containers: '(select s.company_id from shipments s where s.id = shipment_id)',
  files: '(select s.company_id from document_assignments a join shipments s on s.id = a.shipment_id where a.document_name = files.name and not a.draft)',
  share_links: 'company_id',
  // Issue 15 (migration 0021): the demo's quotes are all sent and its history has no internal row, so a customer
  // sees each of their company's rows (drafts and internal rows: requests.api.test.ts).
  requests: 'company_id',
  request_quotes: 'company_id',
  // Issue 38 (migrations 0033, 0035): a quote's lines are charge lines of its request; a customer reads the sell lines
  // of their company's sent quotes (and of their shipments), never a cost.
  charge_lines: `case when side = 'sell' then coalesce((select s.company_id from shipments s where s.id = shipment_id),
    (select q.company_id from request_quotes q where q.request_id = charge_lines.request_id and q.sent_at is not null)) end`,
  request_events: 'company_id',
  // Issue 15 (migration 0023): the demo's conversations hold an internal note of the demo company's, which its
  // customer must not count; files on messages and requests: messages.api.test.ts.
  threads: 'company_id',
  messages: 'case when internal then null else company_id end',
  thread_reads: '(select t.company_id from threads t where t.id = thread_id)',
  // Issue 16 (migration 0025): the demo's open shipments have checklists, of the demo company's too.
  shipment_checklist_items: '(select s.company_id from shipments s where s.id = shipment_id)',
  // Issue 18 (migration 0028): the demo's carrier events on sea shipments of the demo company and two others; the
  // unmatched ones (no company) are staff only.
  carrier_events: 'company_id',
  // Issue 45 (migration 0056): the address book, the demo customer's and another company's.
  company_parties: 'company_id',
};

let t: TestApp;
let db: Db;
let ownCompany: string;
let otherCompany: string;
let otherShipment: string;
let otherDocument: string;
let customer: SessionUser;
/** The mistake (b) simulates: a customer's request handed a staff user, so the services add no company filter. */
let asStaff: SessionUser;

const rowsOf = async (d: Db, q: ReturnType<typeof sql>) => (await d.execute<Record<string, unknown>>(q)).rows;
const countIn = async (d: Db, table: string) => Number((await rowsOf(d, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n);
const countOfCompany = async (table: string, company: string) =>
  Number((await rowsOf(db, sql.raw(`select count(*)::int as n from ${table} where ${TABLES[table]} = '${company}'`)))[0]!.n);

beforeAll(async () => {
  t = await createTestApp();
  db = t.db;
  const one = async (q: ReturnType<typeof sql>) => (await rowsOf(db, q))[0] as Record<string, string>;
  ownCompany = (await one(sql`select id from companies where name = ${DEMO_COMPANY}`)).id!;
  const other = await one(sql`
    select s.id, s.company_id, a.document_name from shipments s join document_assignments a on a.shipment_id = s.id
    where s.company_id <> ${ownCompany} order by s.created_at desc limit 1`);
  otherShipment = other.id!;
  otherCompany = other.company_id!;
  otherDocument = other.document_name!;
  // Share-tracking links (migration 0018) on a shipment of each company: the demo data has none.
  await db.execute(sql`insert into share_links (shipment_id, company_id, token_hash, token_hint, expires_at)
    select s.id, s.company_id, md5(s.id::text || k), 'hint' || k, now() + interval '1 day'
    from (select distinct on (company_id) id, company_id from shipments where company_id in (${ownCompany}, ${otherCompany}) order by company_id, created_at) s
    cross join generate_series(1, 2) k`);
  const user = await one(sql`select id from users where email = 'customer@cargodesk.test'`);
  customer = { id: user.id!, email: 'customer@cargodesk.test', full_name: 'Mehmet Yilmaz', role: 'customer', company_id: ownCompany, session_id: 'x', two_factor_enabled: false, two_factor_required: false, two_factor_setup_required: false, language: null };
  asStaff = { ...customer, role: 'admin', company_id: null };
});
afterAll(async () => t?.close());

describe('(a) the policies, with no where clause', () => {
  it('the app can switch to the customer role here', async () => {
    expect(await customerRoleUsable(db)).toBe(true);
    const [row] = await withCustomerScope(db, customer, (d) => rowsOf(d, sql`select current_user as u, current_setting('app.company_id') as c`));
    expect(row).toEqual({ u: CUSTOMER_ROLE, c: ownCompany });
  });

  it.each(Object.keys(TABLES))('%s: only the scoped company’s rows', async (table) => {
    const own = await countOfCompany(table, ownCompany);
    const all = await countIn(db, table);
    expect(own).toBeGreaterThan(0);
    expect(all).toBeGreaterThan(own); // other companies have rows the scope must hide
    expect(await withCustomerScope(db, customer, (d) => countIn(d, table))).toBe(own);
    const otherCustomer = { ...customer, company_id: otherCompany };
    expect(await withCustomerScope(db, otherCustomer, (d) => countIn(d, table))).toBe(await countOfCompany(table, otherCompany));
  });

  it.each(Object.keys(TABLES))('%s: no row without a company, or with the role alone', async (table) => {
    expect(await withCustomerScope(db, { ...customer, company_id: null }, (d) => countIn(d, table))).toBe(0);
    // The role alone, app.company_id not set in this transaction (in this session it reads as '').
    const n = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', ${CUSTOMER_ROLE}, true)`);
      return countIn(tx as unknown as Db, table);
    });
    expect(n).toBe(0);
  });

  it('a session that never defined app.company_id (the setting is null, not empty) sees no row', async () => {
    const fresh = await freshDatabase();
    try {
      await fresh.migrate();
      await fresh.db.execute(sql`insert into companies (name) values ('Fresh Co')`);
      const n = await fresh.db.transaction(async (tx) => {
        const [s] = (await tx.execute<{ c: string | null }>(sql`select current_setting('app.company_id', true) as c`)).rows;
        expect(s!.c).toBeNull();
        await tx.execute(sql`select set_config('role', ${CUSTOMER_ROLE}, true)`);
        return countIn(tx as unknown as Db, 'companies');
      });
      expect(n).toBe(0);
      expect(await countIn(fresh.db, 'companies')).toBe(1);
    } finally {
      await fresh.dropped();
    }
  });

  it('users: staff and the company’s own accounts, no other company’s', async () => {
    const emails = await withCustomerScope(db, customer, (d) => rowsOf(d, sql`select email, role from users`));
    const customers = emails.filter((r) => r.role === 'customer').map((r) => r.email);
    expect(customers).toContain('customer@cargodesk.test');
    const own = await rowsOf(db, sql`select lower(email) as e from customers where company_id = ${ownCompany}`);
    for (const e of customers) expect(own.map((r) => r.e)).toContain(e);
    expect(emails.some((r) => r.role === 'admin')).toBe(true);
  });

  it('staff are not scoped: every row', async () => {
    for (const table of Object.keys(TABLES)) expect(await withCustomerScope(db, asStaff, (d) => countIn(d, table))).toBe(await countIn(db, table));
  });

  it('the scope reads only: no writes, and nothing of auth, audit or the finance rollups', async () => {
    const fails = async (label: string, q: ReturnType<typeof sql>) => {
      const error = await withCustomerScope(db, customer, (d) => d.execute(q)).then(() => null, (e: unknown) => e);
      expect(error, label).toBeTruthy();
    };
    await fails('update', sql`update shipments set internal_notes = 'x' where company_id = ${ownCompany}`);
    await fails('delete', sql`delete from customers where company_id = ${ownCompany}`);
    for (const table of ['accounts', 'sessions', 'verifications', 'audit_log', 'outbox', 'finance_stats', 'shipment_stats']) {
      await fails(table, sql.raw(`select * from ${table}`));
    }
    await fails('users.email_verified', sql`select email_verified from users`);
    // The role's setting ends with the transaction: the next statement runs as the app's own role again.
    const [after] = await rowsOf(db, sql`select current_user as u, current_setting('app.company_id', true) as c`);
    expect(after!.u).not.toBe(CUSTOMER_ROLE);
    expect(after!.c ?? '').toBe('');
  });
});

describe('(b) a forgotten where in a customer path does not leak', () => {
  const STAFF = { companyId: null };

  it('shipment list and count, and the CSV export', async () => {
    const own = await countOfCompany('shipments', ownCompany);
    // A search filter keeps the count on the shipments table (the staff count of an unfiltered list reads a rollup).
    const page = await withCustomerScope(db, customer, (d) =>
      listShipments(d, asStaff, { page: 1, pageSize: 100, sort: 'created_at', dir: 'desc', q: '-' } as never),
    );
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.rows.every((r) => r.company_id === ownCompany)).toBe(true);
    expect(page.total).toBeLessThanOrEqual(own);
    const exported: Record<string, unknown>[] = [];
    for await (const rows of exportShipmentRows(db, { ...customer, role: 'customer' }, {} as never)) exported.push(...rows);
    expect(exported).toHaveLength(own);
  });

  it('an unfiltered staff count that reads a rollup fails instead of counting every company', async () => {
    const error = await withCustomerScope(db, customer, (d) =>
      listShipments(d, asStaff, { page: 1, pageSize: 20, sort: 'created_at', dir: 'desc' } as never),
    ).then(() => null, (e: unknown) => e);
    expect(error).toBeTruthy();
  });

  it('shipment detail, history and documents of another company: 404', async () => {
    const run = <T>(fn: (d: Db) => Promise<T>) => withCustomerScope(db, customer, fn).then(() => 200, (e: { status?: number }) => e.status);
    expect(await run((d) => getShipment(d, otherShipment, STAFF, undefined))).toBe(404);
    expect(await run((d) => listShipmentEvents(d, otherShipment, STAFF))).toBe(404);
    expect(await run((d) => listShipmentDocuments(d, otherShipment, STAFF))).toBe(404);
    expect(await run((d) => findVisibleFile(d, asStaff, otherDocument))).toBe(404);
    // Without the scope the same unfiltered calls find it: the policies, not the filter, answered above.
    expect((await getShipment(db, otherShipment, STAFF, undefined)).id).toBe(otherShipment);
  });

  it('companies, company profile, company shipments and contacts', async () => {
    const page = await withCustomerScope(db, customer, (d) => listCompanies(d, { q: '', page: 1, pageSize: 100 }, null));
    expect(page.rows.map((r) => r.id)).toEqual([ownCompany]);
    expect(page.total).toBe(1);
    const status = (p: Promise<unknown>) => p.then(() => 200, (e: { status?: number }) => e.status);
    expect(await status(withCustomerScope(db, customer, (d) => getCompany(d, otherCompany, null)))).toBe(404);
    expect(await status(withCustomerScope(db, customer, (d) => listContacts(d, otherCompany, null)))).toBe(404);
    expect(
      await status(withCustomerScope(db, customer, (d) => listCompanyShipments(d, otherCompany, { page: 1, pageSize: 20 }, null))),
    ).toBe(404);
    const own = await withCustomerScope(db, customer, (d) => getCompany(d, ownCompany, null));
    expect(own.shipments_count).toBe(await countOfCompany('shipments', ownCompany));
  });
});

describe('(c) every GET route runs a customer’s reads under the policies', () => {
  it('with the policies turned to "no row", no answer carries the company’s data', async () => {
    const cookie = await t.signIn('customer@cargodesk.test');
    const ownShipments = await rowsOf(db, sql`select id, reference_number from shipments where company_id = ${ownCompany}`);
    const docs = await rowsOf(db, sql`
      select f.name, f.original_name from files f join document_assignments a on a.document_name = f.name
      join shipments s on s.id = a.shipment_id where s.company_id = ${ownCompany}`);
    const ownShipment = String(docs.length ? (await rowsOf(db, sql`select shipment_id from document_assignments where document_name = ${docs[0]!.name}`))[0]!.shipment_id : ownShipments[0]!.id);
    const contact = (await rowsOf(db, sql`select phone from customers where company_id = ${ownCompany} and phone is not null limit 1`))[0]!.phone as string;
    // What must not appear: the company's name, its shipments' references, a contact's phone, its documents' names.
    const secrets = [DEMO_COMPANY, contact, ...ownShipments.map((r) => String(r.reference_number)), ...docs.map((d) => String(d.original_name))];

    const before = await t.request('/api/shipments', { cookie });
    expect(((await before.json()) as { total: number }).total).toBeGreaterThan(0); // the application filter alone lets them through

    // Files on messages and requests, and the documents share links share, have no demo rows (messages.api.test.ts
    // and share-links.api.test.ts scope them); their policies turn too. So do the webhook tables' (issue 18; no demo
    // rows: webhooks.api.test.ts scopes them), and the service keys' (issue 18; api-keys.api.test.ts scopes them).
    const policies = Object.keys(TABLES).concat('users', 'message_attachments', 'request_attachments', 'share_link_documents', 'webhook_subscriptions', 'webhook_deliveries', 'webhook_attempts', 'api_keys', 'invoices', 'invoice_lines', 'payments', 'open_invoices');
    const saved = await rowsOf(db, sql`select tablename, qual from pg_policies where policyname = 'customer_scope'`);
    expect(saved.map((r) => r.tablename).sort()).toEqual([...policies].sort());
    for (const table of policies) await db.execute(sql.raw(`alter policy customer_scope on ${table} using (false)`));
    try {
      const name = encodeURIComponent(String(docs[0]!.name));
      // Every GET route of the app (not auth, not the API description), parameters filled with the customer's own
      // shipment, company and document: a route added later is walked too.
      const routes = [...new Set(t.app.routes.filter((r) => r.method === 'GET' && r.path.startsWith('/api/')).map((r) => r.path))].filter(
        (p) => !p.startsWith('/api/auth/') && p !== '/api/openapi.json' && p !== '/api/docs' && p !== '/api/files/:name',
      );
      expect(routes.length).toBeGreaterThan(20);
      const paths = routes.flatMap((p) =>
        p.includes(':')
          ? [...new Set([ownShipment, ownCompany].map((id) => p.replace(':name', name).replace(/:[A-Za-z]+/g, id)))]
          : [p, `${p}?q=-`],
      );
      for (const path of [`/api/shipments/${ownShipment}`, `/api/companies/${ownCompany}/contacts`, `/api/documents/${name}/link`]) {
        expect(paths).toContain(path);
      }
      for (const path of paths) {
        const res = await t.request(path, { cookie });
        const body = await res.text();
        expect([200, 400, 403, 404], `${path}: ${res.status} ${body.slice(0, 200)}`).toContain(res.status);
        for (const secret of secrets) expect(body.includes(secret), `${path} shows ${secret}`).toBe(false);
      }
      // The bytes through a valid signed link: the access rule runs first, under the policies.
      const link = sign(String(docs[0]!.name), TEST_AUTH_SECRET, Date.now());
      const file = await t.request(`/api/files/${name}?expires=${link.expires}&signature=${link.signature}`, { cookie });
      expect(file.status).toBe(404);
    } finally {
      for (const r of saved) await db.execute(sql.raw(`alter policy customer_scope on ${String(r.tablename)} using (${String(r.qual)})`));
    }
    const after = await t.request('/api/shipments', { cookie });
    expect(((await after.json()) as { total: number }).total).toBe(await countOfCompany('shipments', ownCompany));
  });
});
