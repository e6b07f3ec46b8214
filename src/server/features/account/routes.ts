import { msg } from '@domain/common/i18n';
import { createRoute } from '@hono/zod-openapi';
import { eq, sql } from 'drizzle-orm';
import { confirmAccountRequestSchema, confirmAccountResponseSchema, eligibilityRequestSchema, eligibilityResponseSchema, languageInputSchema, meSchema } from '@domain/auth/schema';
import { users } from '@server/db/schema';
import { invalid } from '@server/http/errors';
import { serverLocales } from '@server/i18n';
import { confirmAccount } from '@server/auth/confirmation';
import { findEligibility } from '@server/auth/eligibility';
import type { Db } from '@server/db/client';
import { withCustomerScope } from '@server/db/customer-scope';
import { createRouter, errorResponses } from '@server/http/openapi';

/** Public: who may register with an email (rate limited in app.ts: it reveals which emails are known). */
export function eligibilityRoutes(db: Db) {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'post',
      path: '/eligibility',
      operationId: 'checkEligibility',
      tags: ['Account'],
      summary: 'Check whether an email may register',
      security: [],
      request: { body: { content: { 'application/json': { schema: eligibilityRequestSchema } }, required: true } },
      responses: {
        200: { description: 'Eligibility', content: { 'application/json': { schema: eligibilityResponseSchema } } },
        ...errorResponses(400, 429),
      },
    }),
    async (c) => {
      const { email } = c.req.valid('json');
      const result = await findEligibility(db, email);
      return c.json(result.exists ? result.response : { exists: false as const, account_exists: false as const }, 200);
    },
  );
  return app;
}

/**
 * Public: confirms an account from the mail's link on the sign-in page (decision 0249), with the e-mail and the
 * password chosen at that sign-up. Rate limited in app.ts like a sign-in (failures per address and e-mail).
 */
export function confirmAccountRoutes(db: Db, verifyPassword: (hash: string, password: string) => Promise<boolean>) {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'post',
      path: '/account/confirm',
      operationId: 'confirmAccount',
      tags: ['Account'],
      summary: "Confirm a new account with its mail's link and the password chosen at sign-up",
      description:
        'The confirmation mail links to `/signin?confirm=<token>`; the sign-in page sends the token with the e-mail and password. ' +
        'A link that is unknown, used, expired or replaced by a newer sign-up is a 400; a wrong e-mail or password a 401. A link works once.',
      security: [],
      request: { body: { content: { 'application/json': { schema: confirmAccountRequestSchema } }, required: true } },
      responses: {
        200: { description: 'Confirmed: the person can sign in', content: { 'application/json': { schema: confirmAccountResponseSchema } } },
        ...errorResponses(400, 401, 429),
      },
    }),
    async (c) => {
      await confirmAccount(db, verifyPassword, c.req.valid('json'), c.get('ip'));
      return c.json({ confirmed: true as const }, 200);
    },
  );
  return app;
}

/** Signed in: the current user with role and (for customers) company. */
export function meRoutes(db: Db) {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/me',
      operationId: 'getCurrentUser',
      tags: ['Account'],
      summary: 'The signed-in user',
      responses: {
        200: { description: 'User', content: { 'application/json': { schema: meSchema } } },
        ...errorResponses(401),
      },
    }),
    async (c) => {
      const user = c.get('user');
      const language = user.language;
      let companyName: string | null = null;
      if (user.company_id) {
        const id = user.company_id;
        const r = await withCustomerScope(db, user, (db) => db.execute<{ name: string }>(sql`select name from companies where id = ${id}`));
        companyName = r.rows[0]?.name ?? null;
      }
      return c.json(
        {
          id: user.id,
          email: user.email,
          full_name: user.full_name,
          role: user.role,
          company_id: user.company_id,
          company_name: companyName,
          two_factor_enabled: user.two_factor_enabled,
          two_factor_required: user.two_factor_required,
          two_factor_setup_required: user.two_factor_setup_required,
          language,
        },
        200,
      );
    },
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/me/language',
      operationId: 'setMyLanguage',
      tags: ['Account'],
      summary: "Choose the signed-in user's language (null: the browser's)",
      description: 'Every screen follows it at once; mails to staff are written in it. A customer\'s mails and papers follow the company\'s language.',
      request: { body: { content: { 'application/json': { schema: languageInputSchema } }, required: true } },
      responses: {
        200: { description: 'Saved', content: { 'application/json': { schema: languageInputSchema } } },
        ...errorResponses(400, 401),
      },
    }),
    async (c) => {
      const { language } = c.req.valid('json');
      if (language !== null && !serverLocales().includes(language)) throw invalid(msg('Choose a language from the list.'), { language: msg('Choose a language from the list.') });
      await db.update(users).set({ language }).where(eq(users.id, c.get('user').id));
      return c.json({ language }, 200);
    },
  );
  return app;
}
