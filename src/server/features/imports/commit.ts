/**
 * The commit of a checked import: its staged rows written in chunks of multi-row statements (the shipment row, its
 * containers, its document checklist and its history), all or nothing, then the import marked committed and audited.
 * How the chunks share transactions depends on the engine (decision records 0245 and 0252): on PostgreSQL all of them
 * are one transaction, the event loop turning between chunks; on the embedded database, where an open transaction
 * holds the only connection and every other request waits behind it, each chunk is its own short transaction and
 * what a failed commit wrote is undone (undoShipments). An import tells no one (no mail, no webhook): it brings in a
 * forwarder's existing records (decision record 0245).
 */
import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '@server/db/client';
import { applyTemplate } from '@server/checklist/items';
import { companies, customers, import_rows, shipment_containers, shipment_events, shipments } from '@server/db/schema';
import { IMPORT_MESSAGES } from '@domain/imports/schema';
import { SHIPMENT_DATE_FIELDS, type Container } from '@domain/shipments/index';
import type { SessionUser } from '@server/http/context';
import { conflict } from '@server/http/errors';
import { insertFieldLines, splitMoney, writeMoneyFields, type Changes, type FormColumns } from '@server/features/shipments/index';
import { importedMissingZone, importedOverlap, insertImportedCards, updateImportedCards } from '@server/features/rates/index';
import type { CompanyPayload } from './check-companies';
import type { RateCardPayload } from './check-rate-cards';
/** Shipments a statement on PostgreSQL: about 130 columns each, under its 65,535 parameters. */
export const SHIPMENT_CHUNK = 200;
const ROW_CHUNK = 1000;

type ShipmentPayload = { columns: FormColumns; containers: Container[]; status?: string; changes: Changes };

/** The chunk of one commit step: the staged rows of one action after row `after`, in file order. */
function stagedChunk(tx: Tx, importId: string, action: 'create' | 'update', after: number, size: number) {
  return tx
    .select({ row_no: import_rows.row_no, key: import_rows.key, target_id: import_rows.target_id, payload: import_rows.payload })
    .from(import_rows)
    .where(and(eq(import_rows.import_id, importId), eq(import_rows.action, action), gt(import_rows.row_no, after)))
    .orderBy(asc(import_rows.row_no))
    .limit(size);
}

/** The row values as written: JSON gave the dates back as strings. */
function revive(columns: FormColumns): FormColumns {
  const out: Record<string, unknown> = { ...columns };
  for (const f of SHIPMENT_DATE_FIELDS) if (typeof out[f] === 'string') out[f] = new Date(out[f]);
  return out as FormColumns;
}

async function insertContainers(tx: Tx, rows: { shipment_id: string; containers: Container[] }[]) {
  const values = rows.flatMap((r) => r.containers.map((c, position) => ({ ...c, shipment_id: r.shipment_id, position })));
  for (let i = 0; i < values.length; i += ROW_CHUNK) await tx.insert(shipment_containers).values(values.slice(i, i + ROW_CHUNK));
}

/** A refusal when a staged update's shipment (of the rows given, or any) changed after the check (someone edited it meanwhile). */
export async function assertUnchanged(tx: Tx, importId: string, rows?: SQL) {
  const r = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from import_rows i join shipments s on s.id = i.target_id
    where i.import_id = ${importId} and i.action = 'update' and date_trunc('milliseconds', s.updated_at) is distinct from i.base_updated_at
    ${rows ? sql`and i.row_no in (${rows})` : sql``}`);
  const n = Number(r.rows[0]?.n ?? 0);
  if (n > 0) throw conflict(IMPORT_MESSAGES.changedSince(n));
}

/** What one step writes: whose import, by whom, how many rows, and whether to keep what undoShipments needs. */
export type StepContext = { importId: string; user: SessionUser; size: number; undoable: boolean };
/** Where the commit is: the action being written and the last row written. */
export type Cursor = { action: 'create' | 'update'; after: number };
export const FIRST_STEP: Cursor = { action: 'create', after: 0 };

/** One chunk of the commit, in the transaction given; answers where the next one starts, or null when all is written. */
export async function shipmentStep(tx: Tx, ctx: StepContext, at: Cursor): Promise<Cursor | null> {
  const chunk = await stagedChunk(tx, ctx.importId, at.action, at.after, ctx.size);
  if (chunk.length === 0) return at.action === 'create' ? shipmentStep(tx, ctx, { action: 'update', after: 0 }) : null;
  if (at.action === 'create') await createChunk(tx, ctx, chunk);
  else await updateChunk(tx, ctx, chunk);
  return { action: at.action, after: chunk.at(-1)!.row_no };
}

type Chunk = Awaited<ReturnType<typeof stagedChunk>>;
const rowNos = (chunk: Chunk) => sql.join(chunk.map((r) => sql`${r.row_no}`), sql`, `);

/** New shipments: a shipment created meanwhile with one of their numbers fails the unique index. */
async function createChunk(tx: Tx, { importId, user, undoable }: StepContext, chunk: Chunk) {
  const payloads = chunk.map((r) => r.payload as ShipmentPayload);
  const inserted = await tx
    .insert(shipments)
    .values(payloads.map((p) => ({ ...splitMoney(revive(p.columns)).row, status: p.status ?? 'in_progress', handler_id: user.id, updated_by: user.id })))
    .returning({ id: shipments.id, reference_number: shipments.reference_number });
  const idOf = new Map(inserted.map((s) => [s.reference_number, s.id]));
  const ids = inserted.map((s) => s.id);
  // Their money fields as field lines (decision record 0259).
  await insertFieldLines(tx, payloads.map((p) => ({ shipmentId: idOf.get(p.columns.reference_number)!, money: splitMoney(p.columns).money })), user.id);
  await insertContainers(tx, payloads.map((p) => ({ shipment_id: idOf.get(p.columns.reference_number)!, containers: p.containers })));
  await tx.insert(shipment_events).values(payloads.map((p) => ({ shipment_id: idOf.get(p.columns.reference_number)!, actor_id: user.id, kind: 'created' as const, changes: p.changes })));
  // Each shipment's document checklist from the template of its type and direction, as a form-made shipment gets.
  await applyTemplate(tx, ids);
  // The shipments this import made, for the undo (the staged key is the reference number).
  if (undoable) {
    await tx.execute(sql`
      update import_rows i set target_id = s.id from shipments s
      where i.import_id = ${importId} and i.action = 'create' and i.row_no in (${rowNos(chunk)}) and s.reference_number = i.payload->'columns'->>'reference_number'`);
  }
}

async function updateChunk(tx: Tx, { importId, user, undoable }: StepContext, chunk: Chunk) {
  // Checked again a chunk at a time: on the embedded database the chunks are transactions of their own.
  await assertUnchanged(tx, importId, rowNos(chunk));
  // What the undo puts back: the shipment row, its containers and its unbilled field lines as they were.
  if (undoable) {
    await tx.execute(sql`
      update import_rows i set payload = i.payload || jsonb_build_object(
        'before', to_jsonb(s),
        'before_containers', (select coalesce(jsonb_agg(to_jsonb(c) order by c.position), '[]'::jsonb) from shipment_containers c where c.shipment_id = s.id),
        'before_lines', (select coalesce(jsonb_agg(to_jsonb(l)), '[]'::jsonb) from charge_lines l where l.shipment_id = s.id and l.field is not null and l.invoice_id is null))
      from shipments s where s.id = i.target_id and i.import_id = ${importId} and i.action = 'update' and i.row_no in (${rowNos(chunk)})`);
  }
  for (const r of chunk) {
    const p = r.payload as ShipmentPayload;
    const id = r.target_id!;
    const { row, money } = splitMoney(revive(p.columns));
    await tx.update(shipments).set({ ...row, updated_by: user.id, updated_at: sql`now()` }).where(eq(shipments.id, id));
    await writeMoneyFields(tx, id, money, user.id);
    if (p.changes.containers) {
      await tx.delete(shipment_containers).where(eq(shipment_containers.shipment_id, id));
      await insertContainers(tx, [{ shipment_id: id, containers: p.containers }]);
    }
  }
  const events = await tx
    .insert(shipment_events)
    .values(chunk.map((r) => ({ shipment_id: r.target_id!, actor_id: user.id, kind: 'updated' as const, changes: (r.payload as ShipmentPayload).changes })))
    .returning({ id: shipment_events.id, shipment_id: shipment_events.shipment_id });
  if (undoable) {
    await tx.execute(sql`
      update import_rows i set payload = i.payload || jsonb_build_object('event_id', e.id) from (values ${sql.join(events.map((e) => sql`(${e.id}::uuid, ${e.shipment_id}::uuid)`), sql`, `)}) as e(id, shipment_id)
      where i.import_id = ${importId} and i.action = 'update' and i.row_no in (${rowNos(chunk)}) and i.target_id = e.shipment_id`);
  }
}

/** A table's columns that can be written (generated ones, added by the migrations' SQL, cannot). */
async function writableColumns(tx: Tx, table: string, except: string[] = []) {
  const r = await tx.execute<{ name: string }>(sql`
    select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`);
  return r.rows.map((c) => c.name).filter((n) => !except.includes(n));
}
const list = (names: string[], prefix?: string) => sql.join(names.map((n) => (prefix ? sql`${sql.identifier(prefix)}.${sql.identifier(n)}` : sql.identifier(n))), sql`, `);

/**
 * Undoes what the steps of a failed commit wrote (the embedded database's chunks were committed one by one): the
 * shipments it made are deleted (their containers, checklists and history go with them), the ones it updated get
 * their row and containers back, and its history rows of the updates are deleted. In steps too, each its own short
 * transaction; answers the number of records put back.
 */
export async function undoShipmentsStep(tx: Tx, importId: string, size: number): Promise<number> {
  const made = await tx.execute<{ id: string }>(sql`
    delete from shipments where id in (
      select target_id from import_rows where import_id = ${importId} and action = 'create' and target_id is not null limit ${size})
    returning id`);
  if (made.rows.length) {
    await tx.execute(sql`update import_rows set target_id = null where import_id = ${importId} and action = 'create' and target_id in (${sql.join(made.rows.map((r) => sql`${r.id}`), sql`, `)})`);
    return made.rows.length;
  }
  const updated = await tx.execute<{ row_no: number; target_id: string }>(sql`
    select row_no, target_id from import_rows where import_id = ${importId} and action = 'update' and payload ? 'before' order by row_no limit ${size}`);
  if (!updated.rows.length) return 0;
  const rows = sql.join(updated.rows.map((r) => sql`${r.row_no}`), sql`, `);
  await tx.execute(sql`delete from shipment_events where id in (
    select (payload->>'event_id')::uuid from import_rows where import_id = ${importId} and row_no in (${rows}) and payload ? 'event_id')`);
  await tx.execute(sql`delete from shipment_containers where shipment_id in (
    select target_id from import_rows where import_id = ${importId} and row_no in (${rows}))`);
  const containerColumns = await writableColumns(tx, 'shipment_containers');
  await tx.execute(sql`
    insert into shipment_containers (${list(containerColumns)})
    select ${list(containerColumns, 'c')} from import_rows i, jsonb_populate_recordset(null::shipment_containers, i.payload->'before_containers') c
    where i.import_id = ${importId} and i.row_no in (${rows})`);
  // The field lines as they were (a billed one the import could not have changed).
  await tx.execute(sql`delete from charge_lines where field is not null and invoice_id is null and shipment_id in (
    select target_id from import_rows where import_id = ${importId} and row_no in (${rows}))`);
  const lineColumns = await writableColumns(tx, 'charge_lines');
  await tx.execute(sql`
    insert into charge_lines (${list(lineColumns)})
    select ${list(lineColumns, 'l')} from import_rows i, jsonb_populate_recordset(null::charge_lines, i.payload->'before_lines') l
    where i.import_id = ${importId} and i.row_no in (${rows}) and i.payload ? 'before_lines'`);
  const shipmentColumns = await writableColumns(tx, 'shipments', ['id']);
  await tx.execute(sql`
    update shipments s set ${sql.join(shipmentColumns.map((n) => sql`${sql.identifier(n)} = b.${sql.identifier(n)}`), sql`, `)}
    from import_rows i, jsonb_populate_record(null::shipments, i.payload->'before') b
    where i.import_id = ${importId} and i.row_no in (${rows}) and s.id = i.target_id`);
  await tx.execute(sql`update import_rows set payload = payload - 'before' - 'before_containers' - 'before_lines' - 'event_id' where import_id = ${importId} and row_no in (${rows})`);
  return updated.rows.length;
}

export async function commitCompanies(tx: Tx, importId: string): Promise<void> {
  const companyIds = new Map<string, string>();
  const rows = await tx.select({ payload: import_rows.payload }).from(import_rows).where(eq(import_rows.import_id, importId)).orderBy(asc(import_rows.row_no));
  const payloads = rows.map((r) => r.payload as CompanyPayload);
  for (const p of payloads) {
    const c = p.company;
    if (!c) continue;
    if (c.action === 'create') {
      const [row] = await tx.insert(companies).values({ name: c.name, address: c.address }).returning({ id: companies.id });
      companyIds.set(p.company_key, row!.id);
    } else {
      if (c.action === 'update') await tx.update(companies).set({ address: c.address }).where(eq(companies.id, c.target_id!));
      companyIds.set(p.company_key, c.target_id!);
    }
  }
  const contacts = payloads.filter((p) => p.contact && p.contact.action !== 'skip');
  // A new primary contact takes the place of the company's previous one (as the contact form does).
  const primaryOf = [...new Set(contacts.filter((p) => p.contact!.values.is_primary_contact).map((p) => companyIds.get(p.company_key)!))];
  if (primaryOf.length) {
    await tx.update(customers).set({ is_primary_contact: false }).where(and(inArray(customers.company_id, primaryOf), eq(customers.is_primary_contact, true)));
  }
  const created = contacts.filter((p) => p.contact!.action === 'create').map((p) => ({ ...p.contact!.values, company_id: companyIds.get(p.company_key)! }));
  for (let i = 0; i < created.length; i += ROW_CHUNK) await tx.insert(customers).values(created.slice(i, i + ROW_CHUNK));
  for (const p of contacts.filter((c) => c.contact!.action === 'update')) {
    await tx.update(customers).set(p.contact!.values).where(eq(customers.id, p.contact!.target_id!));
  }
}

/** Rate cards a statement (about 15 columns each). */
export const RATE_CARD_CHUNK = 1000;

/**
 * One chunk of a rate-sheet commit: the staged new cards after row `after`, written with the import's id; answers the
 * last row written, or null when none is left. The caller holds lockRateCards.
 */
export async function rateCardsStep(tx: Tx, importId: string, userId: string, after: number, size = RATE_CARD_CHUNK): Promise<number | null> {
  const chunk = await stagedChunk(tx, importId, 'create', after, size);
  if (!chunk.length) return null;
  await insertImportedCards(tx, chunk.map((r) => (r.payload as RateCardPayload).card), { importId, userId });
  return chunk.at(-1)!.row_no;
}

/**
 * The end of a rate-sheet commit, in the transaction that marks it committed: the new prices of cards already here
 * (refused when one changed since the check), then no new card may overlap another of its kind with its priority (one
 * added since the check).
 */
export async function finishRateCards(tx: Tx, importId: string): Promise<void> {
  const updates = await tx
    .select({ id: import_rows.target_id, base: import_rows.base_updated_at, payload: import_rows.payload })
    .from(import_rows)
    .where(and(eq(import_rows.import_id, importId), eq(import_rows.action, 'update')))
    .orderBy(asc(import_rows.row_no));
  const moved = await updateImportedCards(tx, updates.map((u) => ({ id: u.id!, base: u.base, card: (u.payload as RateCardPayload).card })));
  if (moved > 0) throw conflict(IMPORT_MESSAGES.changedSince(moved));
  const clash = await importedOverlap(tx, importId);
  if (clash) throw conflict(IMPORT_MESSAGES.rateCardAddedSince(clash.valid_from, clash.valid_to));
  const gone = await importedMissingZone(tx, importId);
  if (gone) throw conflict(IMPORT_MESSAGES.zoneRemovedSince(gone));
}
