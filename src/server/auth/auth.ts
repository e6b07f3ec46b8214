import crypto from 'node:crypto';
import { betterAuth } from 'better-auth/minimal';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { Db } from '@server/db/client';
import * as schema from '@server/db/schema';
import { enqueueMail } from '@server/mail/outbox';
import { readerOf } from '@server/mail/audience';
import { confirmAccountMail, resetPasswordMail } from '@server/mail/templates';
import { COMMON_PASSWORD, MIN_PASSWORD_LENGTH, NAME_FROM_DIRECTORY } from '@domain/auth/rules';
import { TWO_FACTOR_ISSUER, TWO_FACTOR_MESSAGES } from '@domain/auth/two-factor';
import { isCommonPassword } from './common-passwords';
import { completeRegistration, findEligibility, REGISTRATION_NOT_FOUND } from './eligibility';
import { issueConfirmationLink, replaceUnconfirmed } from './confirmation';
import { revokeKeysOfUser } from './api-keys';
import { trustedOrigins, type OriginPolicy } from '@server/http/origins';

/** Where each Better Auth endpoint that sets a password carries it. */
const PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

const MAX_PASSWORD_LENGTH = 128;

/** The second-step endpoints: "trust this device" and a code check without a session are not offered (decision 0011). */
const TWO_FACTOR_VERIFY_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);

export type AuthOptions = {
  db: Db;
  secret: string;
  publicUrl: string;
  /** Origins trusted for state-changing requests besides publicUrl (the app's policy, http/origins.ts). */
  originPolicy?: OriginPolicy;
};

export function createAuth({ db, secret, publicUrl, originPolicy = { fixed: [], sameOrigin: false, trustProxy: false } }: AuthOptions) {
  return betterAuth({
    appName: 'Cargodesk',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    // The same rule as our own origin check: PUBLIC_URL and the fixed list, and without PUBLIC_URL the request's own address.
    trustedOrigins: (request) => [publicUrl, ...(request ? trustedOrigins(originPolicy, request) : originPolicy.fixed)],
    database: drizzleAdapter(db, { provider: 'pg', schema, usePlural: true }),
    telemetry: { enabled: false },
    // Our own limiter (src/server/http/rate-limit.ts) guards the auth routes, shared through the database.
    rateLimit: { enabled: false },
    hooks: {
      // Common passwords are refused wherever a password is chosen (ASVS 6.2.4).
      before: createAuthMiddleware(async (ctx) => {
        const field = PASSWORD_FIELDS[ctx.path];
        const password: unknown = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined;
        if (typeof password === 'string' && isCommonPassword(password)) {
          throw new APIError('BAD_REQUEST', { message: COMMON_PASSWORD, code: 'PASSWORD_TOO_COMMON' });
        }
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        // A newer sign-up for an account nobody confirmed replaces the older one (decision 0249). Only a sign-up Better
        // Auth will accept replaces anything: one it refuses for its password's length leaves the older one as it was.
        if (ctx.path === '/sign-up/email' && typeof body.email === 'string' && typeof password === 'string'
          && password.length >= MIN_PASSWORD_LENGTH && password.length <= MAX_PASSWORD_LENGTH) {
          await replaceUnconfirmed(db, body.email, null);
        }
        // Better Auth's own link confirms an e-mail by itself, whoever signed up: it is not ours (decision 0249).
        if (ctx.path === '/verify-email') throw ctx.redirect('/signin');
        // Names come from the directory (staff by admins, contacts by the company profile); no self-service rename.
        if (ctx.path === '/update-user' && ('name' in body || 'image' in body)) {
          throw new APIError('BAD_REQUEST', { message: NAME_FROM_DIRECTORY, code: 'NAME_FROM_DIRECTORY' });
        }
        if (TWO_FACTOR_VERIFY_PATHS.has(ctx.path)) {
          if (body.trustDevice || body.disableSession) {
            throw new APIError('BAD_REQUEST', { message: TWO_FACTOR_MESSAGES.trustDeviceNotOffered, code: 'TRUST_DEVICE_NOT_OFFERED' });
          }
        }
      }),
    },
    advanced: {
      database: { generateId: () => crypto.randomUUID() },
      useSecureCookies: publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: false },
    },
    plugins: [
      // Authenticator-app codes (RFC 6238: SHA-1, 6 digits, 30 s, one step either side) and ten recovery codes,
      // both stored encrypted. Enrolment is confirmed by a first code; no e-mail/SMS codes (decision 0009).
      twoFactor({
        issuer: TWO_FACTOR_ISSUER,
        skipVerificationOnEnable: false,
        backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
        // The half-signed-in state (password accepted, code not yet given) lasts 10 minutes at most.
        twoFactorCookieMaxAge: 600,
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 900 },
      }),
    ],
    user: {
      additionalFields: {
        role: { type: 'string', required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Whoever had the old password may have made keys with it: a reset ends them with the sessions (issue 37).
      onPasswordReset: async ({ user }) => {
        await revokeKeysOfUser(db, user.id, 'password_reset');
      },
      sendResetPassword: async ({ user, url, token }) => {
        await enqueueMail(db, `reset-password:${token}`, resetPasswordMail(await readerOf(db, user.email), user.email, user.name, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      // The mail's link opens the sign-in page with our own token, never Better Auth's verify-email (decision 0249).
      sendVerificationEmail: async ({ user, url, token }) => {
        const key = `verify-email:${crypto.createHash('sha256').update(token).digest('hex').slice(0, 32)}`;
        const link = await issueConfirmationLink(db, user.id, new URL(url).origin);
        await enqueueMail(db, key, confirmAccountMail(await readerOf(db, user.email), user.email, user.name, link));
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Only people already known (pending staff or company contacts) can register; their record
          // decides the role and the name, whatever the request says.
          before: async (user) => {
            const eligibility = await findEligibility(db, user.email);
            if (!eligibility.exists) throw new APIError('BAD_REQUEST', { message: REGISTRATION_NOT_FOUND, code: 'EMAIL_NOT_FOUND' });
            return {
              data: {
                ...user,
                email: user.email.toLowerCase(),
                name: eligibility.fullName,
                role: eligibility.role,
              },
            };
          },
          after: async (user) => {
            await completeRegistration(db, user.email);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
