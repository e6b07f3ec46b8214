/**
 * The document checklists of the demo's open shipments (issues 16 and 45): from the shipped templates; the first
 * item of a shipment with documents is received (every other one approved too); and, where a storage is given, the
 * office has caught up: every paper due more than CAUGHT_UP_DAYS ago is in and approved, a small PDF of its own
 * assigned to the shipment. What is still owed is the last days' papers and those ahead. Runs once.
 */
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { Storage } from '@server/storage/storage';
import { app_meta, document_assignments, files, shipment_checklist_items, shipment_events } from '../schema';
import { DUE_ON, TEMPLATE_ROW_FITS } from '../checklist-fit';
import { MAX_UPLOAD_BYTES, storedFileName } from '@domain/documents/rules';
import { minimalPdf } from './sample-files';

const META_KEY = 'demo_checklists';
/** Papers due more than this many days ago have come in: a few days' papers are all a working office owes. */
export const CAUGHT_UP_DAYS = 2;

type Owed = { id: string; name: string; shipment_id: string; reference_number: string; company: string; by: string | null; approver: string | null; at: Date | string };

export async function seedDemoChecklists(db: Db, storage?: Storage): Promise<boolean> {
  const done = await db.select().from(app_meta).where(eq(app_meta.key, META_KEY));
  if (done.length > 0) return false;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO shipment_checklist_items (shipment_id, position, name, provider, required, anchor, offset_days, applies_when)
      SELECT s.id, t.position, t.name, t.provider, t.required, t.anchor, t.offset_days, t.applies_when
      FROM shipments s JOIN checklist_template_items t ON t.shipment_type = s.type AND t.loading_type = s.loading_type
      WHERE s.status NOT IN ('delivered', 'completed') AND ${TEMPLATE_ROW_FITS}
        AND NOT EXISTS (SELECT 1 FROM shipment_checklist_items i WHERE i.shipment_id = s.id)`);
    await tx.execute(sql`
      UPDATE shipment_checklist_items i
      SET document_name = d.document_name, received_at = d.assigned_at, received_by = d.assigned_by,
        approved_at = CASE WHEN abs(hashtext(i.shipment_id::text)) % 2 = 0 THEN d.assigned_at + interval '2 hours' END,
        approved_by = CASE WHEN abs(hashtext(i.shipment_id::text)) % 2 = 0 THEN s.handler_id END
      FROM (SELECT DISTINCT ON (shipment_id) shipment_id, document_name, assigned_at, assigned_by
            FROM document_assignments WHERE NOT draft ORDER BY shipment_id, assigned_at) d, shipments s
      WHERE i.shipment_id = d.shipment_id AND s.id = i.shipment_id AND i.position = 1`);
  });
  if (storage) await catchUp(db, storage);
  await db.insert(app_meta).values({ key: META_KEY, value: { at: new Date().toISOString() } });
  return true;
}

/** Every paper due before the last CAUGHT_UP_DAYS: received the day before it was due (or when the shipment was booked), approved 3 hours later. */
async function catchUp(db: Db, storage: Storage): Promise<void> {
  const owed = await db.execute<Owed>(sql`
    SELECT i.id, i.name, s.id AS shipment_id, s.reference_number, c.name AS company,
      CASE WHEN i.provider = 'customer'
        THEN (SELECT u.id FROM customers k JOIN users u ON u.email = lower(k.email) WHERE k.company_id = s.company_id ORDER BY k.is_primary_contact DESC, u.email LIMIT 1)
        ELSE s.handler_id END AS by,
      coalesce(s.handler_id, (SELECT id FROM users WHERE role = 'admin' ORDER BY email LIMIT 1)) AS approver,
      greatest(s.created_at, (${DUE_ON} - 1)::timestamp AT TIME ZONE 'UTC' + interval '10 hours') AS at
    FROM shipment_checklist_items i JOIN shipments s ON s.id = i.shipment_id JOIN companies c ON c.id = s.company_id
    WHERE i.document_name IS NULL AND ${DUE_ON} < (now() AT TIME ZONE 'UTC')::date - ${CAUGHT_UP_DAYS}::int
    ORDER BY s.reference_number, i.position`);
  if (owed.rows.length === 0) return;
  const written: { row: Owed; name: string; size: number }[] = [];
  try {
    for (const [k, row] of owed.rows.entries()) {
      // A fixed prefix per paper keeps the demo's stored names the same on every install.
      const name = storedFileName(`${row.name}.pdf`, `Pa${String(k).padStart(6, '0')}`);
      const pdf = minimalPdf([row.name, `Shipment: ${row.reference_number}`, `Company: ${row.company}`]);
      const { size } = await storage.put(name, Readable.from([pdf]), { contentType: 'application/pdf', maxBytes: MAX_UPLOAD_BYTES - 1 });
      written.push({ row, name, size });
    }
    await db.transaction(async (tx) => {
      for (let k = 0; k < written.length; k += 200) {
        const chunk = written.slice(k, k + 200);
        const at = (row: Owed) => new Date(row.at);
        await tx.insert(files).values(chunk.map(({ row, name, size }) => ({ name, original_name: `${row.name}.pdf`, size, content_type: 'application/pdf', uploaded_by: row.by, created_at: at(row) })));
        await tx.insert(document_assignments).values(chunk.map(({ row, name }) => ({ document_name: name, shipment_id: row.shipment_id, assigned_by: row.by, assigned_at: at(row) })));
        await tx.insert(shipment_events).values(chunk.map(({ row }) => ({
          shipment_id: row.shipment_id, actor_id: row.by, kind: 'document_assigned' as const, changes: { document: { from: null, to: `${row.name}.pdf` } }, created_at: at(row),
        })));
        for (const { row, name } of chunk) {
          await tx.update(shipment_checklist_items).set({
            document_name: name, received_at: at(row), received_by: row.by, approved_at: new Date(Math.min(Date.now(), at(row).getTime() + 3 * 3_600_000)), approved_by: row.approver,
          }).where(eq(shipment_checklist_items.id, row.id));
        }
      }
    });
  } catch (e) {
    for (const { name } of written) await storage.delete(name).catch(() => undefined);
    throw e;
  }
}
