/**
 * Checks company rows (one row a contact; rows with the same company name make one company) with the company and
 * contact forms' schemas and messages, and stages them: a company is found by its name, a contact by its email (or,
 * without one, by its name within the company), so a second import of the same file never duplicates either.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { COMPANY_MESSAGES, contactInputSchema, companyInputSchema } from '@domain/companies/schema';
import { IMPORT_MESSAGES, cellText, columnOfField, indexByName, nameKey, type ImportMode, type ImportProblem } from '@domain/imports/schema';
import { yesNo } from '@domain/imports/shipment-rows';
import { ENGLISH, msg } from '@domain/common/i18n';
import type { Checker, CheckedRow, SourceRow, StagedRow } from './checker';

type ContactValues = { first_name: string; last_name: string; email: string | null; phone: string | null; position: string | null; is_primary_contact: boolean };
type ExistingContact = ContactValues & { id: string; company_id: string };
type Group = {
  row: number;
  name: string;
  address: string | null;
  addressRow: number;
  existing: { id: string; address: string | null } | null;
  primaryRow: number | null;
  contacts: { row: number; values: ContactValues; match: ExistingContact | null }[];
};

const CONTACT_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'position', 'is_primary_contact'] as const;
const personKey = (c: { first_name: string; last_name: string }) => nameKey(`${c.first_name} ${c.last_name}`);
const sameContact = (a: ContactValues, b: ContactValues) => CONTACT_FIELDS.every((f) => (a[f] ?? null) === (b[f] ?? null));

/** Contact and company records staged by a row: its company (on the company's first row) and its contact. */
export type CompanyPayload = {
  company_key: string;
  company?: { action: StagedRow['action']; target_id: string | null; name: string; address: string | null };
  contact?: { action: StagedRow['action']; target_id: string | null; values: ContactValues };
};

export async function companyChecker(db: Db, mode: ImportMode): Promise<Checker> {
  const companies = (await db.execute<{ id: string; name: string; address: string | null }>(sql`select id, name, address from companies`)).rows;
  const byName = indexByName(companies);
  const contacts = (
    await db.execute<ExistingContact>(sql`select id, company_id, first_name, last_name, email, phone, position, is_primary_contact from customers`)
  ).rows;
  const byEmail = new Map(contacts.filter((c) => c.email).map((c) => [c.email!.toLowerCase(), c]));
  const byCompanyPerson = new Map(contacts.map((c) => [`${c.company_id}|${personKey(c)}`, c]));
  const groups = new Map<string, Group>();
  const emails = new Map<string, number>();

  function checkRow({ row, cells, problems: cellProblems }: SourceRow): CheckedRow {
    const problems: ImportProblem[] = [...cellProblems];
    const add = (field: string, message: string) => problems.push({ row, column: columnOfField('companies', field), message });
    const company = companyInputSchema.safeParse({ name: cellText(cells.name), address: cellText(cells.address) });
    if (!company.success) for (const i of company.error.issues) add(String(i.path[0] ?? 'name'), i.message);
    const hasContact = CONTACT_FIELDS.some((f) => cellText(cells[f]) !== '');
    const contact = hasContact
      ? contactInputSchema.safeParse({
          first_name: cellText(cells.first_name),
          last_name: cellText(cells.last_name),
          email: cellText(cells.email),
          phone: cellText(cells.phone),
          position: cellText(cells.position),
          is_primary_contact: yesNo(cells.is_primary_contact) ?? false,
        })
      : null;
    if (contact && !contact.success) for (const i of contact.error.issues) add(String(i.path[0] ?? 'first_name'), i.message);
    if (problems.length || !company.success || (contact && !contact.success)) return { row, problems };

    const key = nameKey(company.data.name);
    let group = groups.get(key);
    if (!group) {
      const existing = byName.get(key) ?? [];
      if (existing.length > 1) add('name', IMPORT_MESSAGES.ambiguous('companies', company.data.name, existing.length));
      group = { row, name: company.data.name, address: company.data.address, addressRow: row, existing: existing[0] ?? null, primaryRow: null, contacts: [] };
      if (existing.length <= 1) groups.set(key, group);
    } else if (company.data.address !== null) {
      if (group.address === null) Object.assign(group, { address: company.data.address, addressRow: row });
      else if (group.address !== company.data.address) add('address', ENGLISH.t(msg('The address differs from row {row} for the same company'), { row: group.addressRow }));
    }
    if (contact?.success) {
      const values = contact.data;
      const email = values.email?.toLowerCase() ?? null;
      let match: ExistingContact | null = null;
      if (email) {
        const first = emails.get(email);
        if (first !== undefined) add('email', IMPORT_MESSAGES.repeatedEmail(email, first));
        else emails.set(email, row);
        const known = byEmail.get(email);
        if (known && known.company_id !== group.existing?.id) add('email', COMPANY_MESSAGES.duplicateContactEmail);
        else match = known ?? null;
      } else {
        const twin = group.contacts.find((c) => !c.values.email && personKey(c.values) === personKey(values));
        if (twin) add('first_name', IMPORT_MESSAGES.repeated(`${values.first_name} ${values.last_name}`, twin.row));
        if (group.existing) match = byCompanyPerson.get(`${group.existing.id}|${personKey(values)}`) ?? null;
      }
      if (values.is_primary_contact) {
        if (group.primaryRow !== null) add('is_primary_contact', ENGLISH.t(msg('Row {row} already names this company’s primary contact'), { row: group.primaryRow }));
        else group.primaryRow = row;
      }
      if (!problems.length) group.contacts.push({ row, values, match });
    }
    return { row, problems };
  }

  return {
    check: async (batch) => batch.map(checkRow),
    async finish() {
      const staged: StagedRow[] = [];
      for (const [key, g] of groups) {
        const companyAction: StagedRow['action'] = !g.existing
          ? 'create'
          : mode === 'update' && g.address !== null && g.address !== g.existing.address
            ? 'update'
            : 'skip';
        const company: CompanyPayload['company'] = { action: companyAction, target_id: g.existing?.id ?? null, name: g.name, address: g.address };
        const contactRows = g.contacts.map((c): StagedRow => {
          const action: StagedRow['action'] = !c.match ? 'create' : mode === 'update' && !sameContact(c.match, c.values) ? 'update' : 'skip';
          const payload: CompanyPayload = { company_key: key, contact: { action, target_id: c.match?.id ?? null, values: c.values } };
          return { row: c.row, action, key, target_id: c.match?.id ?? null, base_updated_at: null, payload };
        });
        const first = contactRows.find((r) => r.row === g.row);
        if (first) (first.payload as CompanyPayload).company = company;
        else staged.push({ row: g.row, action: companyAction, key, target_id: company.target_id, base_updated_at: null, payload: { company_key: key, company } satisfies CompanyPayload });
        staged.push(...contactRows);
      }
      return staged.sort((a, b) => a.row - b.row);
    },
    /** Companies and contacts are counted as records: a row may create a company and its contact. */
    count(rows) {
      const counts = { create: 0, update: 0, skip: 0 };
      for (const r of rows) {
        const p = r.payload as CompanyPayload;
        if (p.company) counts[p.company.action] += 1;
        if (p.contact) counts[p.contact.action] += 1;
      }
      return counts;
    },
  };
}
