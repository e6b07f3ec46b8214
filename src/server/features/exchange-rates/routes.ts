import { msg } from '@domain/common/i18n';
import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import {
  conversionSchema, convertQuerySchema, ecbImportResultSchema, exchangeRatePageSchema, exchangeRateListQuerySchema, exchangeRateSchema, manualRateInputSchema,
} from '@domain/money/exchange-schema';
import type { Db } from '@server/db/client';
import { actorOf } from '@server/http/context';
import { AppError } from '@server/http/errors';
import { createRouter, errorResponses } from '@server/http/openapi';
import { requirePermission } from '@server/policy';
import { MAX_RATE_FILE_BYTES, RATE_FILE_TOO_LARGE } from './limits';
import { convertAmount, enterManualRate, importEcbRates, listRates } from './service';

const TAGS = ['Exchange rates'];
const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const read = requirePermission('exchange_rates:read');
const write = requirePermission('exchange_rates:write', msg('Only administrators can import or enter exchange rates.'));

const fileLimit = bodyLimit({
  maxSize: MAX_RATE_FILE_BYTES,
  onError: () => {
    throw new AppError('too_large', RATE_FILE_TOO_LARGE);
  },
});

/** Exchange rates (issue 38, decision record 0257): the ECB's reference rates and manual ones, and conversion. */
export function exchangeRateRoutes(db: Db) {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'post',
      path: '/exchange-rates/ecb',
      operationId: 'importEcbRates',
      tags: TAGS,
      summary: "Store the rates of the ECB's euro reference-rate file (daily, 90-day or history XML, as published); administrators, audited",
      middleware: [write, fileLimit] as const,
      request: { body: { content: { 'application/xml': { schema: z.string().openapi({ example: "<gesmes:Envelope ...><Cube><Cube time='2023-04-26'><Cube currency='USD' rate='1.0965'/></Cube></Cube></gesmes:Envelope>" }) } }, required: true } },
      responses: { 200: json(ecbImportResultSchema, 'How many rates were stored, how many were already there, and which days'), ...errorResponses(400, 401, 403, 413) },
    }),
    async (c) => c.json(await importEcbRates(db, await c.req.text(), actorOf(c)), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/exchange-rates',
      operationId: 'enterExchangeRate',
      tags: TAGS,
      summary: 'Enter a rate for a day (1 EUR = rate units of the currency); replaces the manual rate of that day; administrators, audited',
      middleware: [write] as const,
      request: { body: { content: { 'application/json': { schema: manualRateInputSchema } }, required: true } },
      responses: { 201: json(exchangeRateSchema, 'The rate as stored'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await enterManualRate(db, c.req.valid('json'), actorOf(c)), 201),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/exchange-rates',
      operationId: 'listExchangeRates',
      tags: TAGS,
      summary: 'Stored rates, newest day first; filtered by currency, source and days (staff)',
      middleware: [read] as const,
      request: { query: exchangeRateListQuerySchema },
      responses: { 200: json(exchangeRatePageSchema, 'A page of rates'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listRates(db, c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/exchange-rates/convert',
      operationId: 'convertAmount',
      tags: TAGS,
      summary: "An amount in another currency on a day, through the euro at the last rates on or before it, rounded half away from zero to the target's minor unit (staff)",
      middleware: [read] as const,
      request: { query: convertQuerySchema },
      responses: { 200: json(conversionSchema, 'The converted amount, the rate and the day it was published'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await convertAmount(db, c.req.valid('query')), 200),
  );

  return app;
}
