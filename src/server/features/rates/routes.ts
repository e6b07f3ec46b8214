import { msg } from '@domain/common/i18n';
import { createRoute, z } from '@hono/zod-openapi';
import { RATE_MESSAGES, ZONE_MESSAGES, rateZoneInputSchema, rateZoneListSchema, rateZoneSchema, rateCardCopySchema, rateCardInputSchema, rateCardListQuerySchema, rateCardPageSchema, rateCardSchema, rateLookupInputSchema, rateLookupSchema } from '@domain/rates/schema';
import { isRecordId } from '@domain/common/ids';
import type { Db } from '@server/db/client';
import { notFound } from '@server/http/errors';
import { actorOf } from '@server/http/context';
import { createRouter, errorResponses } from '@server/http/openapi';
import { requirePermission } from '@server/policy';
import { createRateZone, deleteRateZone, listRateZones, updateRateZone } from './zones';
import { copyRateCard, createRateCard, deleteRateCard, getRateCard, listRateCards, lookupRates } from './service';

const TAGS = ['Rates'];
const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const idParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '7b0f8a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' }) });
/** A path id that is not a UUID names no card or zone (404, not a database error). */
const idOf = (id: string, missing: string = RATE_MESSAGES.notFound) => {
  if (!isRecordId(id)) throw notFound(missing);
  return id;
};
const read = requirePermission('rates:read', msg('Only staff can read rate cards.'));
const write = requirePermission('rates:write', msg('Only staff can add or remove rate cards.'));

/** Rate cards and the rate lookup (issue 40, decision record 0268): staff only. */
export function rateRoutes(db: Db) {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'post', path: '/rate-cards', operationId: 'createRateCard', tags: TAGS,
      summary: 'Add a buy or sell rate card for a lane: freight basis, minimum, weight breaks, surcharges, validity (days included) and priority (staff, audited)',
      description:
        'Air lanes use IATA airport codes, sea and land UN/LOCODEs. Breaks start from 0 and rise; a sea FCL card names its equipment. A card overlapping another of the same lane, side, mode, equipment, carrier and company in days with the same priority is refused (409).',
      middleware: [write] as const,
      request: body(rateCardInputSchema),
      responses: { 201: json(rateCardSchema, 'The card as stored'), ...errorResponses(400, 401, 403, 409) },
    }),
    async (c) => c.json(await createRateCard(db, c.req.valid('json'), actorOf(c)), 201),
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/rate-cards', operationId: 'listRateCards', tags: TAGS,
      summary: 'Rate cards, newest first; by mode, side, lane, carrier, a day they are valid on, or expiring within some days (staff)',
      middleware: [read] as const,
      request: { query: rateCardListQuerySchema },
      responses: { 200: json(rateCardPageSchema, 'A page of cards'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listRateCards(db, c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/rate-cards/{id}', operationId: 'getRateCard', tags: TAGS,
      summary: 'One rate card (staff)',
      middleware: [read] as const,
      request: { params: idParam },
      responses: { 200: json(rateCardSchema, 'The card'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await getRateCard(db, idOf(c.req.valid('param').id)), 200),
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/rate-cards/{id}/copy', operationId: 'copyRateCard', tags: TAGS,
      summary: 'Copy a rate card to new days (and optionally another priority): the same lane, prices, carrier or customer (staff, audited)',
      description: 'Checked as an add: a copy overlapping a card of its kind with the same priority is refused (409).',
      middleware: [write] as const,
      request: { params: idParam, ...body(rateCardCopySchema) },
      responses: { 201: json(rateCardSchema, 'The new card'), ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (c) => c.json(await copyRateCard(db, idOf(c.req.valid('param').id), c.req.valid('json'), actorOf(c)), 201),
  );

  app.openapi(
    createRoute({
      method: 'delete', path: '/rate-cards/{id}', operationId: 'deleteRateCard', tags: TAGS,
      summary: 'Remove a rate card (staff, audited); quotes priced from it keep their lines',
      middleware: [write] as const,
      request: { params: idParam },
      responses: { 204: { description: 'Removed' }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      await deleteRateCard(db, idOf(c.req.valid('param').id), actorOf(c));
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/rates/lookup', operationId: 'lookupRates', tags: TAGS,
      summary: "Price a lane's cards for a cargo on a day: every matching buy and sell card with its lines (FRT, then surcharges), cheapest first, and why each other card did not match (staff)",
      description:
        'Chargeable weight (kg) for per-kg cards, revenue tons for W/M, containers by type for FCL. With `currency`, the lines and total are converted at the last stored rate on or before the day (ECB first), rounded to its minor unit.',
      middleware: [read] as const,
      request: body(rateLookupInputSchema),
      responses: { 200: json(rateLookupSchema, 'The priced cards and the unmatched ones'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await lookupRates(db, c.req.valid('json')), 200),
  );

  // Zones: named groups of airports or UN/LOCODEs a card's origin or destination may name (issue 40, decision 0269).
  const zoneId = (id: string) => idOf(id, ZONE_MESSAGES.notFound);
  app.openapi(
    createRoute({
      method: 'get', path: '/rate-zones', operationId: 'listRateZones', tags: TAGS,
      summary: 'The rate zones, by code, each with its places and how many cards name it (staff)',
      middleware: [read] as const,
      responses: { 200: json(rateZoneListSchema, 'The zones'), ...errorResponses(401, 403) },
    }),
    async (c) => c.json(await listRateZones(db), 200),
  );
  app.openapi(
    createRoute({
      method: 'post', path: '/rate-zones', operationId: 'createRateZone', tags: TAGS,
      summary: 'Add a zone: a code such as @DE-SOUTH for a group of airports or UN/LOCODEs that cards may name as origin or destination (staff, audited)',
      description: 'A lookup for a place prices the cards of the place and of every zone of the mode’s places that holds it. An airport zone’s members must be airports in Cargodesk.',
      middleware: [write] as const,
      request: body(rateZoneInputSchema),
      responses: { 201: json(rateZoneSchema, 'The zone'), ...errorResponses(400, 401, 403, 409) },
    }),
    async (c) => c.json(await createRateZone(db, c.req.valid('json'), actorOf(c)), 201),
  );
  app.openapi(
    createRoute({
      method: 'put', path: '/rate-zones/{id}', operationId: 'updateRateZone', tags: TAGS,
      summary: 'Replace a zone’s name and places; its code and kind stay while a card names it (staff, audited)',
      middleware: [write] as const,
      request: { params: idParam, ...body(rateZoneInputSchema) },
      responses: { 200: json(rateZoneSchema, 'The zone'), ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (c) => c.json(await updateRateZone(db, zoneId(c.req.valid('param').id), c.req.valid('json'), actorOf(c)), 200),
  );
  app.openapi(
    createRoute({
      method: 'delete', path: '/rate-zones/{id}', operationId: 'deleteRateZone', tags: TAGS,
      summary: 'Remove a zone no card names (409 otherwise; staff, audited)',
      middleware: [write] as const,
      request: { params: idParam },
      responses: { 204: { description: 'Removed' }, ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => {
      await deleteRateZone(db, zoneId(c.req.valid('param').id), actorOf(c));
      return c.body(null, 204);
    },
  );

  return app;
}
