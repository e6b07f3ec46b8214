/**
 * Who a mail goes to and what it says of a shipment, read from the database alone: the mail-audience helpers the
 * features that tell people of changes share (shipments, checklist, documents, messages, requests).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { translatorFor, type Translator } from '@server/i18n';
import { companies, shipments, users } from '@server/db/schema';
import type { ShipmentMailFacts } from './templates';

/** Where a customer opens a shipment (links in mails). */
export const shipmentLink = (publicUrl: string, id: string) => `${publicUrl.replace(/\/$/, '')}/all-shipments/${id}`;

/** What a shipment's mails tell of it, and its company. */
export async function mailFacts(tx: Tx, shipmentId: string): Promise<ShipmentMailFacts & { company_id: string }> {
  const [row] = await tx
    .select({
      id: shipments.id,
      reference_number: shipments.reference_number,
      type: shipments.type,
      status: shipments.status,
      company_id: shipments.company_id,
      company_name: companies.name,
      cargo_description: shipments.cargo_description,
      origin_city: shipments.origin_city,
      origin_country: shipments.origin_country,
      destination_city: shipments.destination_city,
      destination_country: shipments.destination_country,
      estimated_departure: shipments.estimated_departure,
      estimated_arrival: shipments.estimated_arrival,
    })
    .from(shipments)
    .innerJoin(companies, eq(companies.id, shipments.company_id))
    .where(eq(shipments.id, shipmentId));
  return row!;
}

/** The company's name and the distinct e-mail addresses of its contacts (trimmed, lower case), in one query. */
export async function companyMailAudience(tx: Tx, companyId: string): Promise<{ company_name: string; emails: string[] }> {
  const r = await tx.execute<{ company_name: string; emails: string[] }>(sql`
    select c.name as company_name,
      coalesce(array_agg(distinct lower(btrim(cu.email))) filter (where btrim(cu.email) <> ''), '{}') as emails
    from companies c left join customers cu on cu.company_id = c.id
    where c.id = ${companyId}
    group by c.id, c.name`);
  return r.rows[0] ?? { company_name: '', emails: [] };
}

/** The staff who handle a direction; admins when nobody does. */
export async function directionStaff(tx: Tx, direction: 'export' | 'import'): Promise<string[]> {
  const r = await tx.execute<{ email: string }>(sql`
    select email from users where role = ${direction}
    union all
    select email from users where role = 'admin' and not exists (select 1 from users where role = ${direction})`);
  return r.rows.map((x) => x.email);
}

export async function emailOf(tx: Tx, userId: string | null): Promise<string[]> {
  if (!userId) return [];
  const [u] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return u ? [u.email] : [];
}

/**
 * Who reads mails sent to each of `emails`, for their language and time zone (issue 42), in one query: a contact of a
 * company reads the company's language (whatever the staff member who caused the mail speaks), staff their own choice
 * on My Profile; the time zone is the one of their notification choices. English and UTC for an address Cargodesk does
 * not know. Keyed by the addresses as given (the lookups trim and lower-case them; indexes of migration 0058).
 */
export async function readersOf(tx: Tx | Db, emails: readonly string[]): Promise<Map<string, Translator>> {
  const readers = new Map<string, Translator>();
  if (emails.length === 0) return readers;
  const r = await tx.execute<{ given: string; language: string | null; time_zone: string | null }>(sql`
    select e.given, coalesce(
        (select (select c.language from companies c where c.id = cu.company_id) from customers cu
          where lower(btrim(cu.email)) = e.email order by cu.is_primary_contact desc limit 1),
        (select u.language from users u where lower(u.email) = e.email and u.role <> 'customer')) as language,
      (select p.time_zone from notification_profiles p where p.email = e.email) as time_zone
    from (select g.value as given, lower(btrim(g.value)) as email from jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb) g) e`);
  for (const row of r.rows) readers.set(row.given, translatorFor(row.language, row.time_zone ?? undefined));
  return readers;
}

/** Who reads a mail sent to `email` (readersOf for one address). */
export async function readerOf(tx: Tx | Db, email: string): Promise<Translator> {
  return (await readersOf(tx, [email])).get(email) ?? translatorFor(null);
}
