import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import type { EligibilityResponse } from '@domain/auth/rules';
import { SIGN_UP_MESSAGES } from '@domain/auth/eligibility';
import type { Role, StaffRole } from '@domain/common/enums';
import { isCustomer } from '@domain/access/permissions';

export const REGISTRATION_NOT_FOUND = SIGN_UP_MESSAGES.emailNotFound;

type Eligibility =
  | { exists: false }
  | { exists: true; response: EligibilityResponse; role: Role; fullName: string; accountExists: boolean };

const splitName = (fullName: string) => {
  const [first = '', ...rest] = fullName.split(' ');
  return { first_name: first, last_name: rest.join(' ') };
};

/**
 * Who may register with this email: a pending staff record (its role) or a company contact (customer).
 * A confirmed account is reported as existing, with nothing else (the page only sends the person to sign in); an
 * unconfirmed one is a sign-up nobody has confirmed yet, so the person may register again (decision 0249), with the
 * name and role that account was given.
 */
export async function findEligibility(db: Db, rawEmail: string): Promise<Eligibility> {
  const email = rawEmail.trim().toLowerCase();
  const existing = await db.execute<{ full_name: string; role: Role; email_verified: boolean }>(
    sql`select full_name, role, email_verified from users where email = ${email} limit 1`,
  );
  const user = existing.rows[0];
  if (user) {
    const accountExists = Boolean(user.email_verified);
    const base = { exists: true as const, role: user.role, fullName: user.full_name, accountExists };
    if (accountExists) return { ...base, response: { exists: true, account_exists: true } };
    if (isCustomer(user.role)) {
      return { ...base, response: { exists: true, type: 'customer', data: splitName(user.full_name), account_exists: false } };
    }
    return { ...base, response: { exists: true, type: 'staff', data: { full_name: user.full_name, role: user.role }, account_exists: false } };
  }
  const pending = await db.execute<{ full_name: string; role: StaffRole }>(
    sql`select full_name, role from pending_staff where lower(email) = ${email} limit 1`,
  );
  const staff = pending.rows[0];
  if (staff) {
    return {
      exists: true,
      role: staff.role,
      fullName: staff.full_name,
      accountExists: false,
      response: { exists: true, type: 'staff', data: { full_name: staff.full_name, role: staff.role }, account_exists: false },
    };
  }
  const contacts = await db.execute<{ first_name: string; last_name: string }>(
    sql`select first_name, last_name from customers where lower(email) = ${email} limit 1`,
  );
  const contact = contacts.rows[0];
  if (contact) {
    return {
      exists: true,
      role: 'customer',
      fullName: `${contact.first_name} ${contact.last_name}`.trim(),
      accountExists: false,
      response: { exists: true, type: 'customer', data: contact, account_exists: false },
    };
  }
  return { exists: false };
}

/** After a staff member registers, their pending record is gone: they are active staff now. */
export async function completeRegistration(db: Db, email: string): Promise<void> {
  await db.execute(sql`delete from pending_staff where lower(email) = ${email.toLowerCase()}`);
}
