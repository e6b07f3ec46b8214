import { capitalize, isStaffRole, roleLabel } from '@domain/common/enums';
import { ENGLISH, msg, type Reader } from '@domain/common/i18n';
import type { EligibleResponse } from './schema';

// The sign-up page's eligibility card. Apart from rules.ts, which the sign-in page loads: the role tables it reads
// are not part of the sign-in page's JavaScript (budget 150 KB gzip, `npm run bench:web`).

/** The sign-up page's own messages (MESSAGES in rules.ts are the sign-in page's). */
export const SIGN_UP_MESSAGES = {
  emailNotFound: msg('Email not found. Please contact your administrator.'),
  accountExistsTitle: msg('Account Already Exists'),
  accountExists: msg('This email is already registered. Please sign in instead.'),
} as const;

/** The eligible card's role line: "<Role> Role" for staff ("Export Role"), "Customer Account" for customers. */
export function eligibilityRoleLine(result: EligibleResponse, reader: Reader = ENGLISH): string {
  if (result.type === 'customer') return reader.t(msg('Customer Account'));
  const role = result.data.role;
  return reader.t(msg('{role} Role'), { role: isStaffRole(role) ? reader.t(roleLabel(role)) : capitalize(role) });
}
