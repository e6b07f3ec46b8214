import { z } from 'zod';
import { ROLE_DESCRIPTIONS, ROLE_TITLES, roleLabel, STAFF_ROLES, type StaffRole } from '@domain/common/enums';
import { MAX_SEARCH_LENGTH } from '@domain/common/list-schema';
import { ENGLISH, msg } from '@domain/common/i18n';

/** Staff management (spec sections 2, 3, 4, 5, 6): pending records, active staff users, their forms. */

export const STAFF_MESSAGES = {
  required: msg('Please fill in all required fields'),
  invalidEmail: msg('Please enter a valid email address'),
  invalidRole: msg('Role must be Admin, Export or Import'),
  nameTooLong: msg('Full Name must be at most 100 characters'),
  emailTooLong: msg('Email must be at most 254 characters'),
  pendingExists: msg('A pending staff member with this email already exists'),
  userExists: msg('A user with this email already exists'),
  contactExists: msg('This email belongs to a company contact (customers register with it as customers)'),
  notFound: msg('Staff member not found'),
  pendingNotFound: msg('Pending staff member not found'),
  selfDelete: msg('You cannot delete your own account'),
  selfRole: msg('You cannot change your own role'),
  selfTwoFactorReset: msg('Change your own two-factor authentication on My Profile'),
  noPending: msg('No pending staff members'),
  noStaff: msg('No staff members found'),
} as const;

export const MAX_FULL_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;

/** 'Are you sure you want to delete {name}? This action cannot be undone.' (spec section 2). */
export function deleteStaffMessage(name: string): string {
  return ENGLISH.t(msg('Are you sure you want to delete {name}? This action cannot be undone.'), { name });
}

/** The description line under the role select, spec section 6's words ("Administrator: full system access and management"); empty until a role is chosen. */
export function roleDescription(role: string | null | undefined): string {
  return isStaffRoleValue(role) ? `${ROLE_TITLES[role]}: ${ROLE_DESCRIPTIONS[role]}` : '';
}

export const STAFF_ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: roleLabel(role) }));

function isStaffRoleValue(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

const isEmail = (value: string) => z.email().safeParse(value).success;

/** A text field the rules below check; null and missing count as empty, so "required" is judged first. */
const loose = z.string().trim().nullish().transform((v) => v ?? '');

type Issue = { path: string; message: string };

/**
 * The validation order of the staff forms: every required field first ('Please fill in all required fields',
 * one entry per empty field), then formats (email, role) and lengths. Shared by the API and the forms.
 */
export function staffInputIssues(input: { full_name: string; email?: string; role: string }): Issue[] {
  const required: (keyof typeof input)[] = input.email === undefined ? ['full_name', 'role'] : ['full_name', 'email', 'role'];
  const missing = required.filter((k) => !input[k]);
  if (missing.length) return missing.map((path) => ({ path, message: STAFF_MESSAGES.required }));
  const issues: Issue[] = [];
  if (input.full_name.length > MAX_FULL_NAME_LENGTH) issues.push({ path: 'full_name', message: STAFF_MESSAGES.nameTooLong });
  if (input.email !== undefined) {
    if (input.email.length > MAX_EMAIL_LENGTH) issues.push({ path: 'email', message: STAFF_MESSAGES.emailTooLong });
    else if (!isEmail(input.email)) issues.push({ path: 'email', message: STAFF_MESSAGES.invalidEmail });
  }
  if (!isStaffRoleValue(input.role)) issues.push({ path: 'role', message: STAFF_MESSAGES.invalidRole });
  return issues;
}

function refineWith(v: { full_name: string; email?: string; role: string }, ctx: z.RefinementCtx) {
  for (const issue of staffInputIssues(v)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
}

/** POST /staff: a pending staff record (not a user: the person then registers at /signup). */
export const createStaffSchema = z
  .object({ full_name: loose, email: loose, role: loose })
  .superRefine(refineWith)
  .transform((v) => ({ full_name: v.full_name, email: v.email.toLowerCase(), role: v.role as StaffRole }));
export type CreateStaffInput = z.infer<typeof createStaffSchema>;

/** PUT /staff/:id: the name and role of an active staff member (the email cannot be changed). */
export const updateStaffSchema = z
  .object({ full_name: loose, role: loose })
  .superRefine(refineWith)
  .transform((v) => ({ full_name: v.full_name, role: v.role as StaffRole }));
export type UpdateStaffInput = z.infer<typeof updateStaffSchema>;

/** GET /staff?q=: one search (name or email) applied to both tables. */
export const staffQuerySchema = z.object({
  q: z.string().trim().max(MAX_SEARCH_LENGTH, msg('Search must be at most 200 characters')).optional().default(''),
});

/** The /staff page's URL state. */
export const staffSearchSchema = z.object({ q: z.string().max(MAX_SEARCH_LENGTH).optional().catch(undefined) });

export const pendingStaffSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  created_at: z.string(),
});
export type PendingStaff = z.infer<typeof pendingStaffSchema>;

export const activeStaffSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  created_at: z.string(),
  /** An authenticator app is confirmed for this account. */
  two_factor_enabled: z.boolean(),
});
export type ActiveStaff = z.infer<typeof activeStaffSchema>;

export const staffListSchema = z.object({ pending: z.array(pendingStaffSchema), active: z.array(activeStaffSchema) });
export type StaffList = z.infer<typeof staffListSchema>;
