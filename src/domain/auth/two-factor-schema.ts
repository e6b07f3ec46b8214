/** Request and response schemas of the two-factor settings (zod; kept apart from two-factor.ts, which the sign-in page loads). */
import { z } from 'zod';
import { msg } from '@domain/common/i18n';

/** GET and PUT /api/settings/two-factor (admins). */
export const twoFactorSettingsSchema = z.object({
  /** Staff without two-factor authentication may only enrol until they turn it on. */
  require_for_staff: z.boolean(),
  updated_at: z.string().nullable(),
  updated_by_email: z.string().nullable(),
  /** Staff members (admin, export, import) with two-factor authentication on, out of all active staff users. */
  staff_enrolled: z.number().int(),
  staff_total: z.number().int(),
});
export type TwoFactorSettings = z.infer<typeof twoFactorSettingsSchema>;

export const updateTwoFactorSettingsSchema = z.object({
  require_for_staff: z.boolean({ message: msg('require_for_staff must be true or false') }),
});
export type UpdateTwoFactorSettings = z.infer<typeof updateTwoFactorSettingsSchema>;
