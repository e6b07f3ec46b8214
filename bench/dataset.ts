/**
 * The benchmark data set on PostgreSQL or PGlite: built when missing or stale (a marker row holds the
 * parameters and a version), generated inside the database, then VACUUM ANALYZE.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, type Database } from '@server/db/client';
import { seedReferenceData } from '@server/db/seed/reference';
import { createUserWithPassword } from '@server/db/seed/demo';
import { DEMO_PASSWORD } from '@domain/auth/rules';
import {
  ROLLUP_TRIGGERS, companiesSql, contactsSql, containersSql, requestMonths, requestQuotesSql, requestsSql, rollupBackfillSql, shipmentsSql, staffSql,
  fieldLinesSql, type DatasetParams,
} from './dataset-sql';
import { conversationResetSql, conversationSql, longThreadCountSql, messageBodiesSql, messagePlan, threadPlanSql } from './dataset-messages-sql';
import { dropForeignKeys, dropIndexes, putBack } from './put-back';
import { BILLING_ROLLUPS_SQL, BILLING_TRIGGERS, billingCountsSql, billingResetSql, billingSql, revertIssuedDraftsSql } from './billing-dataset';

export type { DatasetParams };

/** Bump when the generated data changes shape: every existing data set then counts as stale. */
/**
 * 3: valid ISO 6346 container numbers (issue 14). 4: 200,000 booking requests with their sent quotes (issue 15).
 * 5: the conversation (issue 15): 2,000,000 messages on threads of 100,000 shipments and 20,000 requests.
 * 6: billing (issue 38): 500,000 invoices and credit notes with their lines and payments (billing-dataset.ts).
 */
export const DATASET_VERSION = 6;

/**
 * Versions whose data, apart from the conversation, is this version's: a data set of one of them with the same other
 * parameters gets the conversation (re)built alone (a few minutes) instead of everything.
 */
const SAME_BUT_CONVERSATION = [4, 5, 6];
/** Versions that hold the conversation: with the same other parameters, only the billing data is (re)built. */
const WITH_CONVERSATION = [5, 6];

const SHIPMENTS = Number(process.env.SHIPMENTS ?? 1_000_000);
// Requests, messages and invoices follow SHIPMENTS (200,000, 2,000,000 and 500,000 at the full size), so a smaller data
// set keeps the full one's shape: enough delivered shipments to bill, and threads of 1 to ~80 messages beside the one
// of 200 (messagePlan refuses a mix that would make another thread that long).
export const DEFAULT_PARAMS: DatasetParams = {
  shipments: SHIPMENTS,
  companies: Number(process.env.COMPANIES ?? 10_000),
  staff: 200,
  requests: Number(process.env.REQUESTS ?? Math.round(SHIPMENTS / 5)),
  messages: Number(process.env.MESSAGES ?? SHIPMENTS * 2),
  invoices: Number(process.env.INVOICES ?? Math.round(SHIPMENTS / 2)),
};

/** Accounts to sign in with (password cargodesk-demo): an admin, an export handler with shipments, a customer. */
export const BENCH_LOGINS = { admin: 'bench-admin@bench.example', handler: 'bench-export@bench.example', customer: 'bench-customer@bench.example' };

/** Shipments the benchmark creates (S5) carry this prefix, so a run can remove them and keep the set unchanged. */
export const CREATED_PREFIX = 'BNCH-';

export type Target = { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string };

export type DatasetInfo = {
  engine: 'postgres' | 'pglite';
  params: DatasetParams;
  version: number;
  built: boolean;
  buildSeconds: number | null;
  /** The conversation's part of the build (also when it was built alone, on a data set of an earlier version). */
  messagesSeconds: number | null;
  /** The billing part of the build (also when built alone, on a data set of an earlier version). */
  billingSeconds: number | null;
  counts: { shipments: number; companies: number; contacts: number; users: number; requests: number; threads: number; messages: number };
  bytes: number;
};

const log = (quiet: boolean, ...args: unknown[]) => {
  if (!quiet) console.log(...args);
};

/** Creates the PostgreSQL database of the URL when it does not exist. */
export async function ensurePostgresDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

export async function openTarget(target: Target): Promise<Database> {
  if (target.kind === 'postgres') {
    await ensurePostgresDatabase(target.url);
    return openPostgres(target.url, { max: 2 });
  }
  fs.mkdirSync(target.dir, { recursive: true });
  return openPglite(target.dir);
}

const exec = (database: Database, text: string) => database.db.execute(sql.raw(text));

async function marker(database: Database): Promise<{ params: DatasetParams; version: number } | null> {
  await exec(database, `create table if not exists bench_dataset (id int primary key, params jsonb not null, version int not null, built_at timestamptz not null default now())`);
  const r = await database.db.execute<{ params: DatasetParams; version: number }>(sql`select params, version from bench_dataset where id = 1`);
  return r.rows[0] ?? null;
}

async function counts(database: Database) {
  const r = await database.db.execute<Record<string, number>>(sql`select
    (select count(*) from shipments)::int as shipments, (select count(*) from companies)::int as companies,
    (select count(*) from customers)::int as contacts, (select count(*) from users)::int as users, (select count(*) from requests)::int as requests,
    (select count(*) from threads)::int as threads, (select count(*) from messages)::int as messages`);
  const row = r.rows[0]!;
  return {
    shipments: Number(row.shipments), companies: Number(row.companies), contacts: Number(row.contacts), users: Number(row.users), requests: Number(row.requests),
    threads: Number(row.threads), messages: Number(row.messages),
  };
}

/**
 * Removes what a benchmark run created (S5 shipments, their events and mails, bench sessions) and makes the drafts S18
 * issued drafts again, keeping the set as built.
 */
export async function removeCreated(database: Database): Promise<number> {
  await database.db.transaction(async (tx) => {
    for (const text of revertIssuedDraftsSql()) await tx.execute(sql.raw(text));
  });
  const r = await database.db.execute<{ n: number }>(sql`
    with d as (delete from shipments where reference_number like ${CREATED_PREFIX + '%'} returning 1) select count(*)::int as n from d`);
  await database.db.execute(sql`
    delete from outbox o where o.idempotency_key like 'shipment-created:%'
      and not exists (select 1 from shipments s where s.id::text = split_part(o.idempotency_key, ':', 2))`);
  return Number(r.rows[0]?.n ?? 0);
}

async function createLogins(database: Database) {
  await createUserWithPassword(database.db, { email: BENCH_LOGINS.admin, name: 'Bench Admin', role: 'admin', password: DEMO_PASSWORD });
  const handlerId = await createUserWithPassword(database.db, { email: BENCH_LOGINS.handler, name: 'Bench Export', role: 'export', password: DEMO_PASSWORD });
  const customerId = await createUserWithPassword(database.db, { email: BENCH_LOGINS.customer, name: 'Bench Customer', role: 'customer', password: DEMO_PASSWORD });
  // The handler takes over 5,000 shipments; the customer is a contact of the busiest company.
  await database.db.execute(sql`update shipments set handler_id = ${handlerId}
    where id in (select id from shipments order by reference_number limit 5000)`);
  await database.db.execute(sql`insert into customers (company_id, email, first_name, last_name, is_primary_contact)
    select company_id, ${BENCH_LOGINS.customer}, 'Bench', 'Customer', false from shipments group by company_id order by count(*) desc limit 1`);
  // The customer asked for their company's requests (the busiest company has a few hundred: S11).
  await database.db.execute(sql`update requests set requested_by = ${customerId}
    where company_id = (select company_id from customers where email = ${BENCH_LOGINS.customer})`);
}

const timed = (database: Database, quiet: boolean) => async (label: string, text: string) => {
  const t = Date.now();
  await exec(database, text);
  log(quiet, `  ${label.padEnd(26)} ${((Date.now() - t) / 1000).toFixed(1)} s`);
};

/**
 * The conversation (issue 15) on a data set whose shipments, requests and bench logins are in place: emptied, then
 * generated inside the database (dataset-sql.ts) with the secondary indexes and the foreign keys of threads and
 * messages dropped during the load, then VACUUM ANALYZE of its tables. Returns the seconds it took, or null when the
 * parameters ask for no messages (the tables are emptied all the same).
 */
async function buildConversation(database: Database, params: DatasetParams, quiet: boolean): Promise<number | null> {
  const step = timed(database, quiet);
  const t = Date.now();
  for (const text of conversationResetSql()) await exec(database, text);
  const plan = messagePlan(params);
  if (!plan) return null;
  await step('message bodies', messageBodiesSql());
  await exec(database, 'alter table bench_message_bodies add primary key (i)');
  await step('thread plan', threadPlanSql(plan, { customerEmail: BENCH_LOGINS.customer, createdPrefix: CREATED_PREFIX }));
  const indexes = [...(await dropIndexes(database, 'threads')), ...(await dropIndexes(database, 'messages'))];
  const keys = [...(await dropForeignKeys(database, 'threads')), ...(await dropForeignKeys(database, 'messages'))];
  const [threads, messages, times, ...rest] = conversationSql();
  try {
    for (const s of [threads!, messages!, times!]) await step(s.label, s.sql);
  } finally {
    const ti = Date.now();
    await putBack(database, [...indexes, ...keys]);
    log(quiet, `  ${'indexes, foreign keys'.padEnd(26)} ${((Date.now() - ti) / 1000).toFixed(1)} s`);
  }
  for (const s of rest) await step(s.label, s.sql);
  await exec(database, 'drop table if exists bench_message_bodies, bench_thread_plan');
  await step('vacuum analyze messages', 'vacuum analyze threads, messages, thread_reads, message_attachments, files');
  if (plan.special) {
    const r = await database.db.execute<{ n: number }>(sql.raw(longThreadCountSql()));
    const n = Number(r.rows[0]?.n ?? 0);
    if (n !== 1) throw new Error(`expected exactly one thread of 200 messages, found ${n}`);
  }
  const seconds = (Date.now() - t) / 1000;
  log(quiet, `  ${'conversation'.padEnd(26)} ${seconds.toFixed(1)} s in all`);
  return seconds;
}

/**
 * The billing data (issue 38) on a data set whose shipments and companies are in place: emptied, then generated
 * (billing-dataset.ts) with the frozen-invoice triggers off, then VACUUM ANALYZE of its tables. Returns the seconds.
 */
async function buildBilling(database: Database, params: DatasetParams, quiet: boolean): Promise<number> {
  const t = Date.now();
  for (const [table, trigger] of BILLING_TRIGGERS) await exec(database, `alter table ${table} disable trigger ${trigger}`);
  try {
    for (const text of billingResetSql()) await exec(database, text);
    if (params.invoices) {
      for (const s of billingSql(params)) {
        const ts = Date.now();
        for (const text of s.sql) await exec(database, text);
        log(quiet, `  ${s.label.padEnd(26)} ${((Date.now() - ts) / 1000).toFixed(1)} s`);
      }
    }
  } finally {
    for (const [table, trigger] of BILLING_TRIGGERS) await exec(database, `alter table ${table} enable trigger ${trigger}`);
  }
  await exec(database, BILLING_ROLLUPS_SQL);
  await exec(database, 'vacuum analyze invoices, invoice_lines, payments, document_series, companies, charge_lines, invoice_counts, open_invoices');
  const r = await database.db.execute<Record<string, number>>(sql.raw(billingCountsSql()));
  const c = r.rows[0]!;
  if (Number(c.documents) !== (params.invoices ?? 0)) {
    throw new Error(`billing data holds ${c.documents} documents, expected ${params.invoices}: too few delivered shipments to bill (set INVOICES lower)`);
  }
  const seconds = (Date.now() - t) / 1000;
  log(quiet, `  ${'billing'.padEnd(26)} ${seconds.toFixed(1)} s in all: ${c.issued} issued invoices, ${c.drafts} drafts, ${c.credit_notes} credit notes, ${c.lines} lines, ${c.payments} payments`);
  return seconds;
}

async function writeMarker(database: Database, params: DatasetParams) {
  await database.db.execute(sql`insert into bench_dataset (id, params, version) values (1, ${JSON.stringify(params)}::jsonb, ${DATASET_VERSION})
    on conflict (id) do update set params = excluded.params, version = excluded.version, built_at = now()`);
}

async function build(database: Database, params: DatasetParams, quiet: boolean): Promise<{ messages: number | null; billing: number }> {
  const step = timed(database, quiet);
  await step('truncate', 'truncate bench_dataset, thread_reads, message_attachments, messages, threads, request_attachments, charge_lines, request_quotes, request_events, request_counters, request_counts, requests, shipment_events, shipment_containers, document_assignments, shipments, customers, companies, sessions, accounts, users, outbox, rate_limits, shipment_stats, shipment_dim_stats, finance_stats, shipment_due_stats cascade');
  for (const [table, trigger] of ROLLUP_TRIGGERS) await exec(database, `alter table ${table} disable trigger ${trigger}`);
  const indexes = [...(await dropIndexes(database, 'shipments')), ...(await dropIndexes(database, 'requests'))];
  try {
    await step('staff users', staffSql(params));
    await step('companies', companiesSql(params));
    await step('contacts', contactsSql());
    const batch = 100_000;
    const t = Date.now();
    for (let from = 1; from <= params.shipments; from += batch) {
      await exec(database, shipmentsSql(params, from, Math.min(params.shipments, from + batch - 1)));
      await exec(database, fieldLinesSql(from, Math.min(params.shipments, from + batch - 1)));
    }
    log(quiet, `  ${'shipments'.padEnd(26)} ${((Date.now() - t) / 1000).toFixed(1)} s`);
    await step('containers', containersSql());
    const tq = Date.now();
    // One statement per month (the numbers count within their month), spread over the same 24 months as the shipments.
    for (const month of requestMonths(params.requests ?? 0, new Date())) if (month.count > 0) await exec(database, requestsSql(params, month));
    log(quiet, `  ${'requests'.padEnd(26)} ${((Date.now() - tq) / 1000).toFixed(1)} s`);
    const ti = Date.now();
    await putBack(database, indexes);
    log(quiet, `  ${'shipment, request indexes'.padEnd(26)} ${((Date.now() - ti) / 1000).toFixed(1)} s`);
    const tr = Date.now();
    for (const statement of requestQuotesSql()) await exec(database, statement);
    log(quiet, `  ${'quotes'.padEnd(26)} ${((Date.now() - tr) / 1000).toFixed(1)} s`);
  } finally {
    for (const [table, trigger] of ROLLUP_TRIGGERS) await exec(database, `alter table ${table} enable trigger ${trigger}`);
  }
  const tr = Date.now();
  for (const statement of rollupBackfillSql()) await exec(database, statement);
  log(quiet, `  ${'rollups'.padEnd(26)} ${((Date.now() - tr) / 1000).toFixed(1)} s`);
  await createLogins(database);
  // After the logins: the long thread is the bench customer's, and the export handler's 5,000 shipments are theirs.
  const messagesSeconds = await buildConversation(database, params, quiet);
  const billingSeconds = await buildBilling(database, params, quiet);
  await writeMarker(database, params);
  return { messages: messagesSeconds, billing: billingSeconds };
}

async function sizeOf(database: Database): Promise<number> {
  const r = await database.db.execute<{ n: string }>(sql`select pg_database_size(current_database())::text as n`);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * Makes sure the target holds the data set of these parameters (and this version), building it when it is
 * missing or stale; removes what an earlier run created; VACUUM ANALYZE after a build.
 */
export async function ensureDataset(target: Target, params: DatasetParams = DEFAULT_PARAMS, options: { quiet?: boolean } = {}): Promise<DatasetInfo> {
  const quiet = options.quiet ?? false;
  const database = await openTarget(target);
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const have = await marker(database);
    const left = await putBack(database);
    if (left) log(quiet, `  put back ${left} indexes and foreign keys an interrupted build had dropped`);
    const same = (k: keyof DatasetParams) => Number(have?.params[k] ?? 0) === (params[k] ?? 0);
    const keys = Object.keys(params) as (keyof DatasetParams)[];
    // The same data apart from the conversation and the billing (an earlier version, or another message or invoice
    // count): only those are built.
    const sameButConversation = have !== null && SAME_BUT_CONVERSATION.includes(have.version) && keys.every((k) => k === 'messages' || k === 'invoices' || same(k));
    const conversationFresh = sameButConversation && WITH_CONVERSATION.includes(have.version) && same('messages');
    const billingFresh = sameButConversation && have.version === DATASET_VERSION && same('invoices');
    const fresh = conversationFresh && billingFresh;
    const where = target.kind === 'postgres' ? target.url : target.dir;
    let buildSeconds: number | null = null;
    let messagesSeconds: number | null = null;
    let billingSeconds: number | null = null;
    if (fresh || sameButConversation) {
      const removed = await removeCreated(database);
      if (removed) log(quiet, `  removed ${removed} shipments left by an earlier run`);
    }
    if (!fresh && sameButConversation) {
      const t = Date.now();
      if (!conversationFresh) {
        log(quiet, `Adding the conversation to the data set (version ${have.version}) on ${target.kind} (${where}): ${params.messages ?? 0} messages`);
        messagesSeconds = await buildConversation(database, params, quiet);
      }
      if (!billingFresh) {
        log(quiet, `Adding the billing data to the data set (version ${have.version}) on ${target.kind} (${where}): ${params.invoices ?? 0} invoices and credit notes`);
        billingSeconds = await buildBilling(database, params, quiet);
      }
      await writeMarker(database, params);
      buildSeconds = (Date.now() - t) / 1000;
      log(quiet, `  built in ${buildSeconds.toFixed(0)} s`);
    } else if (!fresh) {
      log(
        quiet,
        `Building the data set on ${target.kind} (${where}): ${params.shipments} shipments, ${params.requests ?? 0} requests, ${params.messages ?? 0} messages, ${params.invoices ?? 0} invoices, ${params.companies} companies, ${params.staff} staff`,
      );
      const t = Date.now();
      ({ messages: messagesSeconds, billing: billingSeconds } = await build(database, params, quiet));
      await step(database, 'vacuum analyze', quiet);
      buildSeconds = (Date.now() - t) / 1000;
      log(quiet, `  built in ${buildSeconds.toFixed(0)} s`);
    }
    const c = await counts(database);
    if (c.shipments !== params.shipments) throw new Error(`data set on ${target.kind} holds ${c.shipments} shipments, expected ${params.shipments}`);
    if (c.requests !== (params.requests ?? 0)) throw new Error(`data set on ${target.kind} holds ${c.requests} requests, expected ${params.requests ?? 0}`);
    if (c.messages !== (params.messages ?? 0)) throw new Error(`data set on ${target.kind} holds ${c.messages} messages, expected ${params.messages ?? 0}`);
    return { engine: target.kind, params, version: DATASET_VERSION, built: !fresh, buildSeconds, messagesSeconds, billingSeconds, counts: c, bytes: await sizeOf(database) };
  } finally {
    await database.close();
  }
}

async function step(database: Database, label: 'vacuum analyze', quiet: boolean) {
  const t = Date.now();
  await exec(database, label);
  log(quiet, `  ${label.padEnd(26)} ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

/** Where the PGlite copy of the data set lives (git-ignored): one folder per parameter set. */
export function pgliteDir(params: DatasetParams, root = path.join(path.dirname(new URL(import.meta.url).pathname), '.data')): string {
  return path.join(root, `pglite-${params.shipments}-${params.companies}-${params.staff}`);
}
