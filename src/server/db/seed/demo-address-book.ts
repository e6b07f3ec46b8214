/**
 * The demo's address books (issue 45): the demo customer's trading partners, saved by earlier requests, so the new
 * request form offers them; and one of another company's, which the demo customer must never see. Runs once.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { app_meta, companies, company_parties } from '../schema';
import { DEMO_COMPANY, DEMO_PARTNERS, DEMO_TURKISH_PARTNERS } from './demo-fixtures';
import { DEMO_OTHER_COMPANY } from './demo-documents';

export const DEMO_ADDRESS_BOOK_META_KEY = 'demo_address_book';
/** The buyer in New York the demo customer's air request ships to (demo-requests.ts). */
export const HUDSON_APPAREL = { name: 'Hudson Apparel Inc.', address: '350 Fifth Avenue, Suite 4200\nNew York, NY 10118\nUnited States' };
export const DEMO_ADDRESS_BOOK = {
  own: [HUDSON_APPAREL, ...DEMO_PARTNERS.slice(0, 3)],
  other: DEMO_TURKISH_PARTNERS.slice(1, 2),
} as const;

export async function seedDemoAddressBook(db: Db): Promise<boolean> {
  const done = await db.select().from(app_meta).where(eq(app_meta.key, DEMO_ADDRESS_BOOK_META_KEY));
  if (done.length > 0) return false;
  const rows = await db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.name, [DEMO_COMPANY, DEMO_OTHER_COMPANY]));
  const id = (name: string) => rows.find((r) => r.name === name)?.id;
  const own = id(DEMO_COMPANY);
  const other = id(DEMO_OTHER_COMPANY);
  if (!own || !other) return false;
  const HOUR = 3_600_000;
  await db.transaction(async (tx) => {
    await tx.insert(company_parties).values([
      ...DEMO_ADDRESS_BOOK.own.map((p, i) => ({ company_id: own, name: p.name, address: p.address, used_at: new Date(Date.now() - (i + 1) * 30 * HOUR) })),
      ...DEMO_ADDRESS_BOOK.other.map((p) => ({ company_id: other, name: p.name, address: p.address })),
    ]);
    await tx.insert(app_meta).values({ key: DEMO_ADDRESS_BOOK_META_KEY, value: { at: new Date().toISOString() } });
  });
  return true;
}
