/** Request and response schemas of the account endpoints (zod; kept apart from auth.ts, which the sign-in page loads). */
import { z } from 'zod';
import { ROLES, STAFF_ROLES } from './enums';

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email({ message: 'Please enter a valid email address' }));

export const eligibilityRequestSchema = z.object({ email: emailSchema });

export const eligibilityResponseSchema = z.discriminatedUnion('exists', [
  z.object({ exists: z.literal(false), account_exists: z.literal(false) }),
  z.object({
    exists: z.literal(true),
    type: z.literal('staff'),
    data: z.object({ full_name: z.string(), role: z.enum(STAFF_ROLES) }),
    account_exists: z.boolean(),
  }),
  z.object({
    exists: z.literal(true),
    type: z.literal('customer'),
    data: z.object({ first_name: z.string(), last_name: z.string() }),
    account_exists: z.boolean(),
  }),
]);
export type EligibilityResponse = z.infer<typeof eligibilityResponseSchema>;

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
});
export type Me = z.infer<typeof meSchema>;
