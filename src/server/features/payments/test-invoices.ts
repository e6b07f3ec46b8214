/**
 * Test data for payments, statements and ageing: issued invoices and credit notes written straight into the tables
 * (as issuing leaves them), so these tests do not depend on the invoices API. Test files only.
 */
import { sql } from 'drizzle-orm';
import type { TestApp } from '@tests/helpers/test-app';

let counter = 0;

export type IssuedDoc = { id: string; number: string };

/** An issued invoice (or, with `credits`, an issued credit note of that invoice) of a company. */
export async function issuedInvoice(
  t: TestApp,
  o: { company: string; currency?: string; issued: string; due: string; payable: string; credits?: string; status?: 'issued' | 'draft' },
): Promise<IssuedDoc> {
  const kind = o.credits ? 'credit_note' : 'invoice';
  const status = o.status ?? 'issued';
  const number = status === 'draft' ? null : `${o.credits ? 'CN' : 'INV'}-T${Date.now().toString(36)}-${String(++counter).padStart(4, '0')}`;
  const r = await t.db.execute<{ id: string }>(sql`
    INSERT INTO invoices (kind, status, company_id, number, currency, issue_date, due_date, credited_invoice_id, lines_total, tax_exclusive, tax_total, tax_inclusive, payable, issued_at)
    VALUES (${kind}, ${status}, ${o.company}, ${number}, ${o.currency ?? 'EUR'}, ${status === 'draft' ? null : o.issued}, ${status === 'draft' ? null : o.due}, ${o.credits ?? null},
      ${o.payable}, ${o.payable}, 0, ${o.payable}, ${o.payable}, ${status === 'draft' ? null : sql`now()`})
    RETURNING id`);
  return { id: r.rows[0]!.id, number: number ?? '' };
}

/** A company of its own, so a test's sums hold only what the test wrote; with contacts for reminders. */
export async function testCompany(t: TestApp, name: string, contacts: string[] = []): Promise<string> {
  const r = await t.db.execute<{ id: string }>(sql`INSERT INTO companies (name, address) VALUES (${name}, 'Test street 1') RETURNING id`);
  const id = r.rows[0]!.id;
  for (const [i, email] of contacts.entries()) {
    await t.db.execute(sql`INSERT INTO customers (company_id, first_name, last_name, email, is_primary_contact) VALUES (${id}, 'Contact', ${String(i)}, ${email}, ${i === 0})`);
  }
  return id;
}
