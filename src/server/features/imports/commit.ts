/**
 * The commit of a checked import: its staged rows written in ONE transaction (all or nothing), in chunks of
 * multi-row statements (the shipment row, its containers, its document checklist and its history), then the
 * import marked committed and audited in the same transaction. An import tells no one (no mail, no webhook): it
 * brings in a forwarder's existing records (decision record 0245).
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { companies, customers, import_rows, shipment_containers, shipment_events, shipments } from '../../db/schema';
import { IMPORT_MESSAGES } from '../../../domain/imports';
import type { Container } from '../../../domain/shipments';
import type { SessionUser } from '../../http/context';
import { conflict } from '../../http/errors';
import type { Changes, FormColumns } from '../shipments/persist';
import type { CompanyPayload } from './check-companies';

/** Shipments a statement: about 130 columns each, under PostgreSQL's 65,535 parameters. */
const SHIPMENT_CHUNK = 200;
const ROW_CHUNK = 1000;
const DATE_COLUMNS = ['estimated_departure', 'estimated_arrival', 'pickup_date', 'delivery_date', 'payment_due_date'] as const;

type ShipmentPayload = { columns: FormColumns; containers: Container[]; status?: string; changes: Changes };

/** Staged rows of one action, in file order, a chunk at a time. */
async function* stagedRows(tx: Tx, importId: string, action: 'create' | 'update', chunk: number) {
  let after = 0;
  for (;;) {
    const rows = await tx
      .select({ row_no: import_rows.row_no, key: import_rows.key, target_id: import_rows.target_id, payload: import_rows.payload })
      .from(import_rows)
      .where(and(eq(import_rows.import_id, importId), eq(import_rows.action, action), gt(import_rows.row_no, after)))
      .orderBy(asc(import_rows.row_no))
      .limit(chunk);
    if (rows.length === 0) return;
    yield rows;
    after = rows.at(-1)!.row_no;
  }
}

/** The row values as written: JSON gave the dates back as strings. */
function revive(columns: FormColumns): FormColumns {
  const out: Record<string, unknown> = { ...columns };
  for (const f of DATE_COLUMNS) if (typeof out[f] === 'string') out[f] = new Date(out[f]);
  return out as FormColumns;
}

async function insertContainers(tx: Tx, rows: { shipment_id: string; containers: Container[] }[]) {
  const values = rows.flatMap((r) => r.containers.map((c, position) => ({ ...c, shipment_id: r.shipment_id, position })));
  for (let i = 0; i < values.length; i += ROW_CHUNK) await tx.insert(shipment_containers).values(values.slice(i, i + ROW_CHUNK));
}

/** A refusal when a staged update's shipment changed after the check (someone edited it meanwhile). */
async function assertUnchanged(tx: Tx, importId: string) {
  const r = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from import_rows i join shipments s on s.id = i.target_id
    where i.import_id = ${importId} and i.action = 'update' and date_trunc('milliseconds', s.updated_at) is distinct from i.base_updated_at`);
  const n = Number(r.rows[0]?.n ?? 0);
  if (n > 0) throw conflict(IMPORT_MESSAGES.changedSince(n));
}

export async function commitShipments(tx: Tx, user: SessionUser, importId: string): Promise<void> {
  await assertUnchanged(tx, importId);
  // The rows with no shipment since the check: a shipment created meanwhile with one of their numbers fails the unique index.
  for await (const chunk of stagedRows(tx, importId, 'create', SHIPMENT_CHUNK)) {
    const payloads = chunk.map((r) => r.payload as ShipmentPayload);
    const inserted = await tx
      .insert(shipments)
      .values(payloads.map((p) => ({ ...revive(p.columns), status: (p.status ?? 'in_progress'), handler_id: user.id, updated_by: user.id })))
      .returning({ id: shipments.id, reference_number: shipments.reference_number });
    const idOf = new Map(inserted.map((s) => [s.reference_number, s.id]));
    const ids = inserted.map((s) => s.id);
    await insertContainers(tx, payloads.map((p) => ({ shipment_id: idOf.get(p.columns.reference_number)!, containers: p.containers })));
    await tx.insert(shipment_events).values(payloads.map((p) => ({ shipment_id: idOf.get(p.columns.reference_number)!, actor_id: user.id, kind: 'created' as const, changes: p.changes })));
    // Each shipment's document checklist from the template of its type and direction, as a form-made shipment gets.
    await tx.execute(sql`
      INSERT INTO shipment_checklist_items (shipment_id, position, name, provider, required, anchor, offset_days)
      SELECT s.id, t.position, t.name, t.provider, t.required, t.anchor, t.offset_days
      FROM shipments s JOIN checklist_template_items t ON t.shipment_type = s.type AND t.loading_type = s.loading_type
      WHERE s.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
      ORDER BY s.id, t.position`);
  }
  for await (const chunk of stagedRows(tx, importId, 'update', SHIPMENT_CHUNK)) {
    for (const r of chunk) {
      const p = r.payload as ShipmentPayload;
      const id = r.target_id!;
      await tx.update(shipments).set({ ...revive(p.columns), updated_by: user.id, updated_at: sql`now()` }).where(eq(shipments.id, id));
      if (p.changes.containers) {
        await tx.delete(shipment_containers).where(eq(shipment_containers.shipment_id, id));
        await insertContainers(tx, [{ shipment_id: id, containers: p.containers }]);
      }
    }
    await tx.insert(shipment_events).values(chunk.map((r) => ({ shipment_id: r.target_id!, actor_id: user.id, kind: 'updated' as const, changes: (r.payload as ShipmentPayload).changes })));
  }
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
