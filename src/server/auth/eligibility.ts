import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { EligibilityResponse } from '../../domain/auth';
import { MESSAGES } from '../../domain/auth';
import type { Role, StaffRole } from '../../domain/enums';

export const REGISTRATION_NOT_FOUND = MESSAGES.emailNotFound;

type Eligibility =
  | { exists: false }
  | { exists: true; response: EligibilityResponse; role: Role; fullName: string; accountExists: boolean };

/**
 * Who may register with this email: a pending staff record (its role) or a company contact (customer).
 * An existing account is reported too, so the sign-up page can send the person to sign in.
 */
export async function findEligibility(db: Db, rawEmail: string): Promise<Eligibility> {
  const email = rawEmail.trim().toLowerCase();
  const existing = await db.execute<{ full_name: string; role: Role }>(
    sql`select full_name, role from users where email = ${email} limit 1`,
  );
  const user = existing.rows[0];
  if (user) {
    if (user.role === 'customer') {
      const [first = '', ...rest] = user.full_name.split(' ');
      return {
        exists: true,
        role: 'customer',
        fullName: user.full_name,
        accountExists: true,
        response: { exists: true, type: 'customer', data: { first_name: first, last_name: rest.join(' ') }, account_exists: true },
      };
    }
    return {
      exists: true,
      role: user.role,
      fullName: user.full_name,
      accountExists: true,
      response: { exists: true, type: 'staff', data: { full_name: user.full_name, role: user.role }, account_exists: true },
    };
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
