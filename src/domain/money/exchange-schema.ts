/**
 * The exchange-rate API's contract (issue 38): importing the ECB's file, a manual rate, the list, and a conversion.
 * The rules are in exchange.ts (no zod).
 */
import { z } from 'zod';
import { listQuerySchema, pageSchema } from '@domain/common/list-schema';
import { isCurrency } from './currencies';
import { isDecimalString } from './decimal';
import { msg } from '@domain/common/i18n';

export const RATE_SOURCES = ['ECB', 'MANUAL'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

export const EXCHANGE_FIELD_MESSAGES = {
  amount: msg('Amount must be a decimal number such as 1000 or 1250.50'),
  currency: msg('Choose a currency by its ISO 4217 code (e.g. EUR, USD, TRY)'),
  date: msg('Enter a date as YYYY-MM-DD'),
  rate: msg('Rate must be a positive decimal number such as 1.0965'),
  source: msg('Source is ECB or MANUAL'),
  euroRate: msg('The euro is the base currency: its rate is always 1'),
} as const;

const isoDate = z
  .string({ error: EXCHANGE_FIELD_MESSAGES.date })
  // Years 1900-2999: a day a rate or an invoice can have (PostgreSQL has no year 0).
  .regex(/^(19|2\d)\d{2}-\d{2}-\d{2}$/, EXCHANGE_FIELD_MESSAGES.date)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), EXCHANGE_FIELD_MESSAGES.date);
const currency = z.string({ error: EXCHANGE_FIELD_MESSAGES.currency }).trim().toUpperCase().refine(isCurrency, EXCHANGE_FIELD_MESSAGES.currency);
const positiveRate = z
  .string({ error: EXCHANGE_FIELD_MESSAGES.rate })
  .trim()
  .refine((r) => isDecimalString(r) && !r.startsWith('-') && /[1-9]/.test(r), EXCHANGE_FIELD_MESSAGES.rate);

/** GET /exchange-rates/convert?amount=1000&from=USD&to=EUR&on=2023-04-26[&source=ECB] */
export const convertQuerySchema = z.object({
  amount: z.string({ error: EXCHANGE_FIELD_MESSAGES.amount }).trim().refine(isDecimalString, EXCHANGE_FIELD_MESSAGES.amount),
  from: currency,
  to: currency,
  on: isoDate,
  source: z.enum(RATE_SOURCES, { error: EXCHANGE_FIELD_MESSAGES.source }).default('ECB'),
});
export type ConvertQuery = z.infer<typeof convertQuerySchema>;

export const conversionSchema = z.object({
  amount: z.string(),
  from: z.string(),
  to: z.string(),
  /** 1 unit of `from` in `to`, 6 decimals. */
  rate: z.string(),
  /** The publication day the rate comes from: the last on or before `on`. */
  rate_date: z.string(),
  source: z.enum(RATE_SOURCES),
  on: z.string(),
});
export type ConversionAnswer = z.infer<typeof conversionSchema>;

/** POST /exchange-rates/ecb's answer: how many rates it stored, how many it already had, and which days. */
export const ecbImportResultSchema = z.object({
  stored: z.number().int(),
  already_stored: z.number().int(),
  days: z.number().int(),
  first_date: z.string(),
  last_date: z.string(),
});
export type EcbImportResult = z.infer<typeof ecbImportResultSchema>;

/** POST /exchange-rates: a rate an administrator enters (1 EUR = rate units of the currency, as the ECB quotes). */
export const manualRateInputSchema = z.object({
  rate_date: isoDate,
  currency: currency.refine((c) => c !== 'EUR', EXCHANGE_FIELD_MESSAGES.euroRate),
  rate: positiveRate,
});
export type ManualRateInput = z.infer<typeof manualRateInputSchema>;

export const exchangeRateSchema = z.object({
  source: z.enum(RATE_SOURCES),
  rate_date: z.string(),
  currency: z.string(),
  /** As published: 0.87980 keeps its zero. */
  rate: z.string(),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

export const exchangeRateListQuerySchema = listQuerySchema.extend({
  currency: currency.optional(),
  source: z.enum(RATE_SOURCES, { error: EXCHANGE_FIELD_MESSAGES.source }).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export const exchangeRatePageSchema = pageSchema(exchangeRateSchema);
