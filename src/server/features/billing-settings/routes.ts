import { msg } from '@domain/common/i18n';
import { createRoute, type z } from '@hono/zod-openapi';
import { billingSettingsInputSchema, billingSettingsSchema } from '@domain/billing/settings-schema';
import type { Db } from '@server/db/client';
import { actorOf } from '@server/http/context';
import { createRouter, errorResponses } from '@server/http/openapi';
import { requirePermission } from '@server/policy';
import { getBillingSettings, putBillingSettings } from './service';

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const manage = requirePermission('billing_settings:manage', msg('Only administrators can change the billing settings.'));
const TAGS = ['Billing settings'];

/** /settings/billing (issue 38): the seller's identity and bank details on every invoice, and the VAT defaults. */
export function billingSettingsRoutes(db: Db) {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/settings/billing',
      operationId: 'getBillingSettings',
      tags: TAGS,
      summary: "The forwarder's billing identity, bank details, payment terms and VAT defaults (administrators)",
      middleware: [manage] as const,
      responses: { 200: json(billingSettingsSchema, 'The billing settings'), ...errorResponses(401, 403) },
    }),
    async (c) => c.json(await getBillingSettings(db), 200),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/settings/billing',
      operationId: 'putBillingSettings',
      tags: TAGS,
      summary: 'Replace the billing settings: IBAN checked by its mod-97 digits, BIC by its shape, the default VAT by its category (administrators, audited)',
      middleware: [manage] as const,
      request: { body: { content: { 'application/json': { schema: billingSettingsInputSchema } }, required: true } },
      responses: { 200: json(billingSettingsSchema, 'The settings as stored'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await putBillingSettings(db, c.req.valid('json'), actorOf(c)), 200),
  );
  return app;
}
