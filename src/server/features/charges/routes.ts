import { msg } from '@domain/common/i18n';
import { createRoute, z } from '@hono/zod-openapi';
import { chargeCodeInputSchema, chargeCodeSchema, chargeLineInputSchema, chargeLineSchema, shipmentChargesSchema } from '@domain/billing/schema';
import { chargeCodeListQuerySchema, chargeCodePageSchema, chargeCodePatchSchema, customerShipmentChargesSchema } from '@domain/billing/charges-schema';
import { withCustomerScope } from '@server/db/customer-scope';
import { actorOf } from '@server/http/context';
import { createRouter, errorResponses } from '@server/http/openapi';
import { requirePermission } from '@server/policy';
import type { Db } from '@server/db/client';
import { readScopeOf } from '@server/features/shipments/index';
import { addChargeLine, changeChargeLine, getShipmentCharges, removeChargeLine } from './service';
import { addChargeCode, changeChargeCode, listChargeCodes } from './codes';

const TAGS = ['Charges'];
const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const id = z.string().openapi({ param: { name: 'id', in: 'path' }, example: '7b0f8a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' });
const shipmentParam = z.object({ id });
const lineParams = z.object({ id, lineId: z.string().openapi({ param: { name: 'lineId', in: 'path' }, example: '0c1d2e3f-4a5b-4e5f-8a9b-7b0f8a3e1c2d' }) });
const codeParam = z.object({ code: z.string().openapi({ param: { name: 'code', in: 'path' }, example: 'BAF' }) });

const read = requirePermission('charges:read');
const write = requirePermission('charges:write', msg("Only staff can change a shipment's charges."));
const codesWrite = requirePermission('charge_codes:write', msg('Only administrators can change the charge codes.'));
const WRITE_RULES =
  "Admins on any shipment, a handler on the shipments they handle (403). The amount is quantity x unit price rounded to the currency's minor unit, computed here. " +
  'The code must be in the list, in use and of the line\'s category; a supplier (cost lines only) must exist as that kind. Audited.';

/** A shipment's charge lines and the charge codes (issue 38, decision record 0258): the Charges panel's API. */
export function chargeRoutes(db: Db) {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/shipments/{id}/charges',
      operationId: 'getShipmentCharges',
      tags: TAGS,
      summary: "A shipment's charge lines and its sums per currency",
      description:
        'Staff: every line (charges and costs, with the supplier) and per currency the revenue, cost, profit, margin, billed and unbilled revenue. ' +
        'A customer: their company’s shipments only (404 otherwise), under row-level security: the charges (sell lines) and their total per currency, never a cost, supplier, profit or draft invoice.',
      middleware: [read] as const,
      request: { params: shipmentParam },
      responses: { 200: json(z.union([shipmentChargesSchema, customerShipmentChargesSchema]), 'The lines and the sums per currency'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const user = c.get('user');
      const shipmentId = c.req.valid('param').id;
      return c.json(await withCustomerScope(db, user, (db) => getShipmentCharges(db, user, shipmentId, readScopeOf(user))), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/shipments/{id}/charges',
      operationId: 'addShipmentCharge',
      tags: TAGS,
      summary: 'Add a charge (sell) or cost (buy) line to a shipment',
      description: WRITE_RULES,
      middleware: [write] as const,
      request: { params: shipmentParam, ...body(chargeLineInputSchema) },
      responses: { 201: json(chargeLineSchema, 'The line as stored, with its amount'), ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => c.json(await addChargeLine(db, actorOf(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/shipments/{id}/charges/{lineId}',
      operationId: 'changeShipmentCharge',
      tags: TAGS,
      summary: "Change a shipment's charge line (the body is the whole line)",
      description: `${WRITE_RULES} 409 for a line on an invoice (naming it) and for one of the shipment form's sixteen fields (changed on the form).`,
      middleware: [write] as const,
      request: { params: lineParams, ...body(chargeLineInputSchema) },
      responses: { 200: json(chargeLineSchema, 'The line as stored'), ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      const p = c.req.valid('param');
      return c.json(await changeChargeLine(db, actorOf(c), p.id, p.lineId, c.req.valid('json')), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/shipments/{id}/charges/{lineId}',
      operationId: 'removeShipmentCharge',
      tags: TAGS,
      summary: "Remove a shipment's charge line",
      description: 'Admins on any shipment, a handler on the shipments they handle (403). 409 for a line on an invoice and for one of the form’s fields. Audited.',
      middleware: [write] as const,
      request: { params: lineParams },
      responses: { 204: { description: 'Removed' }, ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => {
      const p = c.req.valid('param');
      await removeChargeLine(db, actorOf(c), p.id, p.lineId);
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/charge-codes',
      operationId: 'listChargeCodes',
      tags: TAGS,
      summary: 'The charge codes by code, searched in code and name, filtered by in use (staff)',
      middleware: [requirePermission('reference:read')] as const,
      request: { query: chargeCodeListQuerySchema },
      responses: { 200: json(chargeCodePageSchema, 'A page of charge codes'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listChargeCodes(db, c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/charge-codes',
      operationId: 'addChargeCode',
      tags: TAGS,
      summary: 'Add a charge code of one category (administrators; audited)',
      description: '409 when the code exists already.',
      middleware: [codesWrite] as const,
      request: body(chargeCodeInputSchema),
      responses: { 201: json(chargeCodeSchema, 'The code as stored'), ...errorResponses(400, 401, 403, 409) },
    }),
    async (c) => c.json(await addChargeCode(db, actorOf(c), c.req.valid('json')), 201),
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/charge-codes/{code}',
      operationId: 'changeChargeCode',
      tags: TAGS,
      summary: 'Rename a charge code, move it to another category, retire it or bring it back (administrators; audited)',
      description: 'A retired code (active false) is no longer offered on new lines; the lines that use it keep it.',
      middleware: [codesWrite] as const,
      request: { params: codeParam, ...body(chargeCodePatchSchema) },
      responses: { 200: json(chargeCodeSchema, 'The code as stored'), ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => c.json(await changeChargeCode(db, actorOf(c), c.req.valid('param').code, c.req.valid('json')), 200),
  );

  return app;
}
