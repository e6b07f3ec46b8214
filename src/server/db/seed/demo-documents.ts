import { Readable } from 'node:stream';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { app_meta, companies, document_assignments, files, shipment_events, shipments, users } from '../schema';
import type { Storage } from '@server/storage/storage';
import { ALLOWED_FILE_TYPES, MAX_UPLOAD_BYTES, allowedExtensionOf, storedFileName } from '@domain/documents/rules';
import { DEMO_COMPANY } from './demo-fixtures';
import { minimalPdf, smallPng } from './sample-files';

const META_KEY = 'demo_documents_seeded';
/** The other company that gets a document, so a customer can be shown one they may not open. */
export const DEMO_OTHER_COMPANY = 'Rhein Maschinenbau GmbH';

type Role = 'admin' | 'export' | 'import';
type Target = 'own-export' | 'own-admin' | 'other-import' | null;
type DemoDocument = { prefix: string; original: string; bytes: () => Buffer; by: Role; hoursAgo: number; assign: Target };

const stripes = (x: number, y: number) => [((x >> 3) + (y >> 3)) % 2 ? 30 : 200, 90 + y * 2, 160] as const;

/** Fixed prefixes keep the demo's stored names the same on every install (real uploads get random ones). */
export const DEMO_DOCUMENTS: readonly DemoDocument[] = [
  {
    prefix: 'DemoInv1',
    original: 'Commercial Invoice.pdf',
    bytes: () => minimalPdf(['Commercial Invoice', 'Seller: Anatolia Textiles Ltd', 'Goods: cotton fabric rolls, 42 packages', 'Total: USD 18,450.00']),
    by: 'export',
    hoursAgo: 30,
    assign: 'own-export',
  },
  {
    prefix: 'DemoSeal',
    original: 'Container seal photo.png',
    bytes: () => smallPng(64, 48, stripes),
    by: 'admin',
    hoursAgo: 20,
    assign: 'own-admin',
  },
  {
    prefix: 'DemoBoL1',
    original: 'Bill of Lading.pdf',
    bytes: () => minimalPdf(['Bill of Lading', `Shipper: ${DEMO_OTHER_COMPANY}`, 'Port of loading: Hamburg', 'Port of discharge: Istanbul']),
    by: 'import',
    hoursAgo: 12,
    assign: 'other-import',
  },
  {
    prefix: 'DemoPack',
    original: 'Packing List.pdf',
    bytes: () => minimalPdf(['Packing List', '42 packages, 18,200 kg gross', 'Marks: ANT/2026/01-42']),
    by: 'import',
    hoursAgo: 6,
    assign: null,
  },
  {
    prefix: 'DemoNote',
    original: 'Warehouse instructions.txt',
    bytes: () => Buffer.from('Warehouse instructions\n\nKeep dry. Stack at most 3 high.\nNotify the consignee 24 hours before delivery.\n', 'utf8'),
    by: 'admin',
    hoursAgo: 2,
    assign: null,
  },
];

/**
 * A handful of small documents for the demo (issue 6): written through the storage, recorded, two assigned
 * to shipments of the demo customer's company and one to another company's, each with its history event.
 * Runs once (its own app_meta key), after the demo data; answers whether it seeded anything.
 */
export async function seedDemoDocuments(db: Db, storage: Storage): Promise<boolean> {
  const done = await db.select().from(app_meta).where(eq(app_meta.key, META_KEY));
  if (done.length > 0) return false;
  const staff = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['admin@cargodesk.test', 'export@cargodesk.test', 'import@cargodesk.test']));
  const userId = (role: Role) => staff.find((u) => u.email === `${role}@cargodesk.test`)?.id ?? null;
  if (!userId('admin')) return false; // the demo accounts are not there: nothing to attach documents to

  const latest = async (company: string, handler: string | null, skip: string[] = []) => {
    const rows = await db
      .select({ id: shipments.id, handler_id: shipments.handler_id })
      .from(shipments)
      .innerJoin(companies, eq(companies.id, shipments.company_id))
      .where(and(eq(companies.name, company), handler ? eq(shipments.handler_id, handler) : undefined))
      .orderBy(desc(shipments.created_at), desc(shipments.id))
      .limit(skip.length + 1);
    return rows.find((r) => !skip.includes(r.id))?.id ?? null;
  };
  const ownExport = await latest(DEMO_COMPANY, userId('export'));
  const targets: Record<Exclude<Target, null>, string | null> = {
    'own-export': ownExport,
    'own-admin': await latest(DEMO_COMPANY, null, ownExport ? [ownExport] : []),
    'other-import': await latest(DEMO_OTHER_COMPANY, userId('import')),
  };

  const written: string[] = [];
  try {
    const now = Date.now();
    const records: { doc: DemoDocument; name: string; size: number; contentType: string; at: Date }[] = [];
    for (const doc of DEMO_DOCUMENTS) {
      const name = storedFileName(doc.original, doc.prefix);
      const contentType = ALLOWED_FILE_TYPES[allowedExtensionOf(doc.original)!];
      const { size } = await storage.put(name, Readable.from([doc.bytes()]), { contentType, maxBytes: MAX_UPLOAD_BYTES - 1 });
      written.push(name);
      records.push({ doc, name, size, contentType, at: new Date(now - doc.hoursAgo * 3_600_000) });
    }
    await db.transaction(async (tx) => {
      for (const { doc, name, size, contentType, at } of records) {
        await tx
          .insert(files)
          .values({ name, original_name: doc.original, size, content_type: contentType, uploaded_by: userId(doc.by), created_at: at });
        const shipmentId = doc.assign ? targets[doc.assign] : null;
        if (!shipmentId) continue;
        const assignedAt = new Date(at.getTime() + 3_600_000);
        await tx.insert(document_assignments).values({ document_name: name, shipment_id: shipmentId, assigned_by: userId(doc.by), assigned_at: assignedAt });
        await tx.insert(shipment_events).values({
          shipment_id: shipmentId,
          actor_id: userId(doc.by),
          kind: 'document_assigned',
          changes: { document: { from: null, to: doc.original } },
          created_at: assignedAt,
        });
      }
      await tx.insert(app_meta).values({ key: META_KEY, value: { at: new Date(now).toISOString(), documents: records.length } });
    });
  } catch (e) {
    for (const name of written) await storage.delete(name).catch(() => undefined);
    throw e;
  }
  return true;
}
