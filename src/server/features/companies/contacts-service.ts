import { collated } from '@server/db/fold';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { companies, customers, users } from '@server/db/schema';
import type { Actor } from '@server/http/context';
import { revokeKeysOfUser } from '@server/auth/api-keys';
import { conflict, isUniqueViolation, notFound } from '@server/http/errors';
import { COMPANY_MESSAGES, type Contact } from '@domain/companies/schema';
import { assertCompanyVisible, isUuid, type CompanyScope } from './service';

const contactColumns = {
  id: customers.id,
  company_id: customers.company_id,
  first_name: customers.first_name,
  last_name: customers.last_name,
  email: customers.email,
  phone: customers.phone,
  position: customers.position,
  is_primary_contact: customers.is_primary_contact,
  // Written out with explicit qualifiers: drizzle leaves columns unqualified in a one-table select.
  has_account: sql<boolean>`exists (select 1 from users u where u.email = lower(customers.email))`,
  created_at: customers.created_at,
};

type ContactRow = Omit<Contact, 'created_at'> & { created_at: Date };
const toContact = (r: ContactRow): Contact => ({ ...r, has_account: Boolean(r.has_account), created_at: r.created_at.toISOString() });

/** The company's contacts: the primary contact first, then by first name (spec section 7). */
export async function listContacts(db: Db, companyId: string, scope: CompanyScope): Promise<Contact[]> {
  await assertCompanyVisible(db, companyId, scope);
  const rows = await db
    .select(contactColumns)
    .from(customers)
    .where(eq(customers.company_id, companyId))
    .orderBy(desc(customers.is_primary_contact), asc(collated(customers.first_name)), asc(collated(customers.last_name)), asc(customers.id));
  return rows.map(toContact);
}

export type NewContact = {
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  position: string | null;
  is_primary_contact: boolean;
};

/**
 * Adds a contact. A new primary contact clears the company's previous one in the same transaction, and the
 * company row is locked meanwhile so two concurrent "primary" inserts cannot both win. A contact email is
 * unique across all contacts (it is how a customer account finds its company): a duplicate answers 409.
 */
export async function createContact(db: Db, companyId: string, input: NewContact): Promise<Contact> {
  if (!isUuid(companyId)) throw notFound(COMPANY_MESSAGES.companyNotFound);
  try {
    const id = await db.transaction(async (tx) => {
      const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
      if (!company) throw notFound(COMPANY_MESSAGES.companyNotFound);
      if (input.is_primary_contact) {
        await tx
          .update(customers)
          .set({ is_primary_contact: false })
          .where(and(eq(customers.company_id, companyId), eq(customers.is_primary_contact, true)));
      }
      const [row] = await tx
        .insert(customers)
        .values({ ...input, company_id: companyId })
        .returning({ id: customers.id });
      return row!.id;
    });
    const [row] = await db.select(contactColumns).from(customers).where(eq(customers.id, id));
    return toContact(row!);
  } catch (e) {
    if (isUniqueViolation(e)) {
      throw conflict(COMPANY_MESSAGES.duplicateContactEmail, { email: COMPANY_MESSAGES.duplicateContactEmail });
    }
    throw e;
  }
}

/**
 * Removes one contact of the company; a contact of another company is "not found". The company keys the contact
 * made are revoked with it (issue 37): adding the contact again does not bring them back.
 */
export async function deleteContact(db: Db, companyId: string, contactId: string, actor: Actor): Promise<void> {
  if (!isUuid(companyId) || !isUuid(contactId)) throw notFound(COMPANY_MESSAGES.contactNotFound);
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(customers)
      .where(and(eq(customers.id, contactId), eq(customers.company_id, companyId)))
      .returning({ email: customers.email });
    if (!deleted) throw notFound(COMPANY_MESSAGES.contactNotFound);
    if (!deleted.email) return;
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, deleted.email.toLowerCase()));
    if (user) await revokeKeysOfUser(tx, user.id, 'contact_removed', { actor, companyId });
  });
}
