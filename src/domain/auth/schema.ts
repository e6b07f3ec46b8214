/** Request and response schemas of the account endpoints (zod; kept apart from auth.ts, which the sign-in page loads). */
import { z } from 'zod';
import { LOCALE_PATTERN, msg } from '@domain/common/i18n';
import { ROLES, STAFF_ROLES } from '@domain/common/enums';

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email({ message: msg('Please enter a valid email address') }));

export const eligibilityRequestSchema = z.object({ email: emailSchema });

/** The sign-in page's confirmation (decision 0249): the mail's token, and the e-mail and password chosen at sign-up. */
export const confirmAccountRequestSchema = z.object({
  token: z.string().min(1).max(200),
  email: emailSchema,
  password: z.string().min(1).max(128),
});
export const confirmAccountResponseSchema = z.object({ confirmed: z.literal(true) });

/**
 * The eligibility check answers what the registration screen shows and nothing more (issue 37): for a person who may
 * register, the eligible card's name and role (staff) or name (customer); for an account that exists, only that.
 */
export const eligibilityResponseSchema = z.union([
  z.object({ exists: z.literal(false), account_exists: z.literal(false) }),
  z.object({ exists: z.literal(true), account_exists: z.literal(true) }),
  z.object({
    exists: z.literal(true),
    type: z.literal('staff'),
    data: z.object({ full_name: z.string(), role: z.enum(STAFF_ROLES) }),
    account_exists: z.literal(false),
  }),
  z.object({
    exists: z.literal(true),
    type: z.literal('customer'),
    data: z.object({ first_name: z.string(), last_name: z.string() }),
    account_exists: z.literal(false),
  }),
]);
export type EligibilityResponse = z.infer<typeof eligibilityResponseSchema>;
/** A person who may register: the eligible card's data. */
export type EligibleResponse = Extract<EligibilityResponse, { account_exists: false; exists: true }>;

export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  role: z.enum(ROLES),
  company_id: z.string().nullable(),
  company_name: z.string().nullable(),
  /** An authenticator app is confirmed for this account. */
  two_factor_enabled: z.boolean(),
  /** The admin requires two-factor for all staff and this is a staff account (it cannot be turned off). */
  two_factor_required: z.boolean(),
  /** Staff who must enrol before anything else works (the admin's requirement is on and 2FA is off). */
  two_factor_setup_required: z.boolean(),
  /** The language chosen on My Profile (issue 42); null: the browser's. */
  language: z.string().nullable(),
});
export type Me = z.infer<typeof meSchema>;

/** My Profile's language: a language tag Cargodesk speaks, or null for the browser's (the server checks the tag). */
export const languageInputSchema = z.object({
  language: z.string().regex(LOCALE_PATTERN, msg('Choose a language from the list.')).nullable(),
});
export type LanguageInput = z.infer<typeof languageInputSchema>;
