import { api } from '@web/lib/api';

/** Better Auth's two-factor endpoints for the signed-in user (each asks the password, except the confirming code). */
export const startTwoFactor = (password: string) =>
  api<{ totpURI: string; backupCodes: string[] }>('/auth/two-factor/enable', { body: { password } });

/** The first code from the app turns two-factor on (and replaces the session cookie). */
export const confirmTwoFactor = (code: string) => api<unknown>('/auth/two-factor/verify-totp', { body: { code } });

export const turnOffTwoFactor = (password: string) => api<unknown>('/auth/two-factor/disable', { body: { password } });

export const newRecoveryCodes = (password: string) =>
  api<{ backupCodes: string[] }>('/auth/two-factor/generate-backup-codes', { body: { password } });
