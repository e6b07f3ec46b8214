/**
 * The rate-card API's contract (issue 40): a card as JSON (`POST /api/rate-cards`, the import's columns), its list,
 * and a lookup. Every problem is named by its field (`freight.breaks.2.from`), so the import names row and column.
 * The pricing rules are in pricing.ts (no zod).
 */
import { z } from 'zod';
import { listQuerySchema, pageSchema } from '@domain/common/list-schema';
import { BILLING_MESSAGES, currencySchema, isoDateSchema } from '@domain/billing/schema';
import { CONTAINER_TYPES } from '@domain/common/enums';
import { dec, isDecimalString } from '@domain/money/decimal';
import { UN_LOCODE_PATTERN } from '@domain/seaports/schema';
import { pieceInputSchema } from '@domain/cargo/schema';
import { MAX_PIECE_LINES, cargoMeasures } from '@domain/cargo/measures';
import { FREIGHT_BASES, MODE_BASES, RATE_MODES, RATE_SIDES, SURCHARGE_BASES } from './pricing';
import { ENGLISH, msg } from '@domain/common/i18n';

/** Container types a sea FCL card may be for: the shipments' and requests' own (20DC, 40DC, 40HC, ...). */
export const EQUIPMENT = CONTAINER_TYPES;
/** Carriers' sheets write a dry container as GP ("general purpose") as often as DC: the same container. */
const EQUIPMENT_ALIASES: Record<string, string> = { '20GP': '20DC', '40GP': '40DC', '40HQ': '40HC', '45HQ': '45HC' };

/** 'A land card prices per_load or per_kg': the bases a mode's card prices on (codes), or 'by its basis' for another mode. */
function basisMessage(mode: string): string {
  const bases: readonly string[] | undefined = Object.hasOwn(MODE_BASES, mode) ? MODE_BASES[mode as keyof typeof MODE_BASES] : undefined;
  if (!bases?.length) return ENGLISH.t(msg('A {mode} card prices by its basis'), { mode });
  if (bases.length === 1) return ENGLISH.t(msg('A {mode} card prices {basis}'), { mode, basis: bases[0] });
  return ENGLISH.t(msg('A {mode} card prices {bases} or {last}'), { mode, bases: bases.slice(0, -1).join(' or '), last: bases[bases.length - 1] });
}

export const RATE_MESSAGES = {
  side: msg('Side is buy or sell'),
  mode: msg('Mode is air, sea_fcl, sea_lcl or land'),
  airport: msg('Enter the airport’s 3-letter IATA code (e.g. IST, FRA) or a zone (e.g. @DE-SOUTH)'),
  port: msg('Enter the port’s 5-character UN/LOCODE (e.g. TRIST, DEHAM) or a zone (e.g. @NORTH-RANGE)'),
  currency: BILLING_MESSAGES.currency,
  date: BILLING_MESSAGES.date,
  validTo: msg('Valid to must be on or after valid from'),
  priority: msg('Priority is a whole number from 0 to 100'),
  equipment: msg('Equipment is one of 20DC, 40DC, 40HC, 45HC, 20OT, 40OT, 20FR, 40FR, 20RF, 40RF, 40HRF, 20TK, 40TK, 20PL, 40PL, 20HC (20GP and 40GP are read as 20DC and 40DC)'),
  equipmentRequired: msg('A sea FCL card needs its equipment (e.g. 40HC)'),
  equipmentOnlyFcl: msg('Only a sea FCL card has equipment'),
  basis: (mode: string) => basisMessage(mode),
  amount: msg('Enter an amount as a decimal number such as 4.10 (not negative)'),
  breaksRequired: msg('Give the freight rate: at least one break, from 0'),
  firstBreak: msg('The first break starts from 0 (the normal rate)'),
  breakOrder: msg('Each break starts above the previous one'),
  oneRate: msg('A per-container or per-load freight has one rate (one break from 0)'),
  surchargeCode: msg('A surcharge code is 2 to 10 capital letters or digits (e.g. FSC, BAF, THC)'),
  surchargeBasis: msg('A surcharge is per_shipment, per_kg, per_container or percent_of_freight'),
  surchargeTwice: msg('Each surcharge code once per card'),
  companyOnlySell: msg('Only a sell card is for one customer company'),
  carrierOnlyBuy: msg('Only a buy card comes from a carrier'),
  overlap: msg('Another card of this lane, side, mode and equipment overlaps these days with the same priority: give one of them a higher priority or change the days'),
  notFound: msg('Rate card not found'),
  unknownAirport: (code: string) => ENGLISH.t(msg('{code} is not an airport in Cargodesk; check the IATA code'), { code }),
  unknownZone: (code: string) => ENGLISH.t(msg('{code} is not a zone of this mode’s places in Cargodesk; add it under Rate cards › Zones first'), { code }),
  unknownPort: (code: string) => ENGLISH.t(msg('{code} is not a port in Cargodesk; check the UN/LOCODE or add the port under Seaports'), { code }),
  weightOrPieces: msg('Give the chargeable weight (kg) or the cargo’s revenue tons'),
} as const;

/**
 * A zone (issue 40): a named group of airports, or of UN/LOCODEs (ports and inland places), that a card's origin or
 * destination may name instead of one place ("@DE-SOUTH": MUC, STR, NUE). Written with an @ so it is never a code.
 */
export const ZONE_CODE_PATTERN = /^@[A-Z0-9][A-Z0-9-]{1,19}$/;
export const ZONE_KINDS = ['airports', 'locodes'] as const;
export type ZoneKind = (typeof ZONE_KINDS)[number];
/** The places a mode's lanes name: airports for air, UN/LOCODEs for sea and land. */
export const zoneKindOf = (mode: string): ZoneKind => (mode === 'air' ? 'airports' : 'locodes');
export const ZONE_MESSAGES = {
  code: msg('A zone’s code is @ and 2 to 20 capital letters, digits or dashes (e.g. @DE-SOUTH)'),
  name: msg('Give the zone a name of 1 to 100 characters'),
  kind: msg('A zone groups airports or UN/LOCODEs'),
  members: msg('Give 1 to 200 places, each once'),
  airport: (code: string) => ENGLISH.t(msg('{code} is not an airport in Cargodesk'), { code }),
  locode: (code: string) => ENGLISH.t(msg('{code} is not a 5-character UN/LOCODE (e.g. DEHAM)'), { code }),
  taken: msg('A zone with this code exists already'),
  inUse: (n: number) =>
    n === 1 ? msg('A rate card names this zone; remove or change them first') : ENGLISH.t(msg('{count} rate cards name this zone; remove or change them first'), { count: n }),
  notFound: msg('Zone not found'),
} as const;
export const rateZoneInputSchema = z
  .object({
    code: z.string({ error: ZONE_MESSAGES.code }).trim().toUpperCase().regex(ZONE_CODE_PATTERN, ZONE_MESSAGES.code),
    name: z.string({ error: ZONE_MESSAGES.name }).trim().min(1, ZONE_MESSAGES.name).max(100, ZONE_MESSAGES.name),
    kind: z.enum(ZONE_KINDS, { error: ZONE_MESSAGES.kind }),
    members: z
      .array(z.string({ error: ZONE_MESSAGES.members }).trim().toUpperCase(), { error: ZONE_MESSAGES.members })
      .min(1, ZONE_MESSAGES.members)
      .max(200, ZONE_MESSAGES.members)
      .refine((m) => new Set(m).size === m.length, ZONE_MESSAGES.members),
  })
  .superRefine((v, ctx) => {
    v.members.forEach((m, i) => {
      if (v.kind === 'airports' && !/^[A-Z]{3}$/.test(m)) ctx.addIssue({ code: 'custom', path: ['members', i], message: ZONE_MESSAGES.airport(m) });
      if (v.kind === 'locodes' && !UN_LOCODE_PATTERN.test(m)) ctx.addIssue({ code: 'custom', path: ['members', i], message: ZONE_MESSAGES.locode(m) });
    });
  });
export type RateZoneInput = z.infer<typeof rateZoneInputSchema>;
export const rateZoneSchema = z.object({
  id: z.string(), code: z.string(), name: z.string(), kind: z.enum(ZONE_KINDS), members: z.array(z.string()), cards: z.number().int(), created_at: z.string(),
});
export type RateZone = z.infer<typeof rateZoneSchema>;
export const rateZoneListSchema = z.object({ rows: z.array(rateZoneSchema) });

const isoDate = isoDateSchema;
const equipment = z.preprocess(
  (v) => (typeof v === 'string' ? (EQUIPMENT_ALIASES[v.trim().toUpperCase()] ?? v.trim().toUpperCase()) : v),
  z.enum(CONTAINER_TYPES, { error: RATE_MESSAGES.equipment }),
);
const amount = z
  .string({ error: RATE_MESSAGES.amount })
  .trim()
  .refine((s) => isDecimalString(s) && !s.startsWith('-'), RATE_MESSAGES.amount);
const code = z.string({ error: RATE_MESSAGES.port }).trim().toUpperCase();

export const weightBreakSchema = z.object({ from: amount, rate: amount });
export const freightSchema = z.object({
  basis: z.enum(FREIGHT_BASES, { error: RATE_MESSAGES.basis('') }),
  minimum: amount.nullish(),
  breaks: z.array(weightBreakSchema, { error: RATE_MESSAGES.breaksRequired }).min(1, RATE_MESSAGES.breaksRequired).max(20),
});
export const surchargeSchema = z.object({
  code: z.string({ error: RATE_MESSAGES.surchargeCode }).trim().toUpperCase().regex(/^[A-Z0-9]{2,10}$/, RATE_MESSAGES.surchargeCode),
  basis: z.enum(SURCHARGE_BASES, { error: RATE_MESSAGES.surchargeBasis }),
  amount,
});

/** One card as `POST /api/rate-cards` takes it. */
export const rateCardInputSchema = z
  .object({
    side: z.enum(RATE_SIDES, { error: RATE_MESSAGES.side }),
    mode: z.enum(RATE_MODES, { error: RATE_MESSAGES.mode }),
    origin: code,
    destination: code,
    currency: currencySchema,
    valid_from: isoDate,
    valid_to: isoDate,
    priority: z.number({ error: RATE_MESSAGES.priority }).int(RATE_MESSAGES.priority).min(0, RATE_MESSAGES.priority).max(100, RATE_MESSAGES.priority).default(0),
    carrier_id: z.uuid().nullish(),
    company_id: z.uuid().nullish(),
    equipment: equipment.nullish(),
    freight: freightSchema,
    surcharges: z.array(surchargeSchema).max(30).default([]),
  })
  .superRefine((c, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const place = c.mode === 'air' ? /^[A-Z]{3}$/ : UN_LOCODE_PATTERN;
    const placeMessage = c.mode === 'air' ? RATE_MESSAGES.airport : RATE_MESSAGES.port;
    if (!place.test(c.origin) && !ZONE_CODE_PATTERN.test(c.origin)) issue(['origin'], placeMessage);
    if (!place.test(c.destination) && !ZONE_CODE_PATTERN.test(c.destination)) issue(['destination'], placeMessage);
    if (c.valid_to < c.valid_from) issue(['valid_to'], RATE_MESSAGES.validTo);
    if (c.mode === 'sea_fcl' && !c.equipment) issue(['equipment'], RATE_MESSAGES.equipmentRequired);
    if (c.mode !== 'sea_fcl' && c.equipment) issue(['equipment'], RATE_MESSAGES.equipmentOnlyFcl);
    if (!MODE_BASES[c.mode].includes(c.freight.basis)) issue(['freight', 'basis'], RATE_MESSAGES.basis(c.mode));
    if (c.side === 'buy' && c.company_id) issue(['company_id'], RATE_MESSAGES.companyOnlySell);
    if (c.side === 'sell' && c.carrier_id) issue(['carrier_id'], RATE_MESSAGES.carrierOnlyBuy);
    // Only the breaks whose numbers are numbers are compared (the others have their own message already).
    const breaks = c.freight.breaks;
    const from = (i: number) => (isDecimalString(breaks[i]?.from) ? dec(breaks[i].from) : null);
    if (from(0) && !from(0)!.eq(0)) issue(['freight', 'breaks', 0, 'from'], RATE_MESSAGES.firstBreak);
    for (let i = 1; i < breaks.length; i++) {
      const [previous, current] = [from(i - 1), from(i)];
      if (previous && current && !current.gt(previous)) issue(['freight', 'breaks', i, 'from'], RATE_MESSAGES.breakOrder);
    }
    if ((c.freight.basis === 'per_container' || c.freight.basis === 'per_load') && breaks.length > 1) issue(['freight', 'breaks'], RATE_MESSAGES.oneRate);
    const seen = new Set<string>();
    c.surcharges.forEach((s, i) => {
      if (seen.has(s.code)) issue(['surcharges', i, 'code'], RATE_MESSAGES.surchargeTwice);
      seen.add(s.code);
    });
  });
export type RateCardInput = z.output<typeof rateCardInputSchema>;

/** `POST /rate-cards/{id}/copy`: the same card for new days (and, when given, another priority). */
export const rateCardCopySchema = z
  .object({
    valid_from: isoDate,
    valid_to: isoDate,
    priority: z.number({ error: RATE_MESSAGES.priority }).int(RATE_MESSAGES.priority).min(0, RATE_MESSAGES.priority).max(100, RATE_MESSAGES.priority).optional(),
  })
  .refine((c) => c.valid_to >= c.valid_from, { path: ['valid_to'], message: RATE_MESSAGES.validTo });
export type RateCardCopy = z.infer<typeof rateCardCopySchema>;

/** The days a copy proposes: from the day after the card ends, for as many days as it ran. */
export function nextValidity(card: { valid_from: string; valid_to: string }): { valid_from: string; valid_to: string } {
  const day = (s: string) => Date.parse(`${s}T00:00:00Z`);
  const length = day(card.valid_to) - day(card.valid_from);
  const from = day(card.valid_to) + 86_400_000;
  return { valid_from: new Date(from).toISOString().slice(0, 10), valid_to: new Date(from + length).toISOString().slice(0, 10) };
}

/** A card as the API answers it. */
export const rateCardSchema = z.object({
  id: z.string(),
  side: z.enum(RATE_SIDES),
  mode: z.enum(RATE_MODES),
  origin: z.string(),
  destination: z.string(),
  equipment: z.string().nullable(),
  currency: z.string(),
  valid_from: z.string(),
  valid_to: z.string(),
  priority: z.number().int(),
  carrier_id: z.string().nullable(),
  carrier_name: z.string().nullable(),
  company_id: z.string().nullable(),
  company_name: z.string().nullable(),
  freight: z.object({ basis: z.enum(FREIGHT_BASES), minimum: z.string().nullable().optional(), breaks: z.array(z.object({ from: z.string(), rate: z.string() })) }),
  surcharges: z.array(z.object({ code: z.string(), basis: z.enum(SURCHARGE_BASES), amount: z.string() })),
  created_at: z.string(),
});
export type RateCard = z.infer<typeof rateCardSchema>;

/** GET /rate-cards: by lane, mode, side, carrier and validity ("expiring in 14 days": valid_to within the days). */
export const rateCardListQuerySchema = listQuerySchema.extend({
  mode: z.enum(RATE_MODES, { error: RATE_MESSAGES.mode }).optional(),
  side: z.enum(RATE_SIDES, { error: RATE_MESSAGES.side }).optional(),
  origin: z.string().trim().toUpperCase().max(21).optional(),
  destination: z.string().trim().toUpperCase().max(21).optional(),
  carrier_id: z.uuid(msg('carrier_id must be an id')).optional(),
  /** Cards valid on this day. */
  valid_on: isoDate.optional(),
  /** Cards whose last day is within this many days from today (and not past). */
  expiring_within: z.coerce.number({ error: msg('expiring_within must be a whole number of days') }).int(msg('expiring_within must be a whole number of days')).min(0).max(366).optional(),
});
export type RateCardListQuery = z.infer<typeof rateCardListQuerySchema>;
export const rateCardPageSchema = pageSchema(rateCardSchema);

const positiveAmount = amount.refine((s) => /[1-9]/.test(s), RATE_MESSAGES.amount);

/** POST /rates/lookup: a lane, a day and the cargo; the answer in `currency` when asked. */
export const rateLookupInputSchema = z
  .object({
    mode: z.enum(RATE_MODES, { error: RATE_MESSAGES.mode }),
    origin: code,
    destination: code,
    date: isoDate,
    chargeable_weight: positiveAmount.optional(),
    revenue_tons: positiveAmount.optional(),
    /** Instead of the chargeable weight or revenue tons: the dimension lines and the gross weight (kg) they are computed from. */
    pieces: z.array(pieceInputSchema).min(1).max(MAX_PIECE_LINES).optional(),
    weight_gross: positiveAmount.optional(),
    containers: z
      .array(z.object({ type: equipment, count: z.number().int().min(1).max(999) }))
      .max(10)
      .optional(),
    currency: currencySchema.optional(),
  });
export type RateLookupInput = z.input<typeof rateLookupInputSchema>;
export type RateLookupQuery = z.output<typeof rateLookupInputSchema>;

const TRANSPORT_OF_MODE = { air: 'air', sea_fcl: 'sea', sea_lcl: 'sea', land: 'land' } as const;

/**
 * What a lookup prices: the chargeable weight and revenue tons given, or computed from the pieces as the cargo data
 * computes them (air: the greater of gross and volumetric at 6,000 cm³/kg, up to the next 0.5 kg; LCL: the greater of
 * tonnes and m³). The gross weight is the one given, else the pieces' own weights.
 */
export function lookupCargo(q: Pick<RateLookupQuery, 'mode' | 'chargeable_weight' | 'revenue_tons' | 'pieces' | 'weight_gross'>): { chargeable_weight?: string; revenue_tons?: string } {
  if (!q.pieces?.length) return { chargeable_weight: q.chargeable_weight, revenue_tons: q.revenue_tons };
  const transport = TRANSPORT_OF_MODE[q.mode];
  const gross = q.weight_gross ?? cargoMeasures({ transport, pieces: q.pieces, volume: null, weight_gross: null }).piecesWeight;
  const m = cargoMeasures({ transport, pieces: q.pieces, volume: null, weight_gross: gross });
  const asText = (n: number | null) => (n === null || n <= 0 ? undefined : String(n));
  return { chargeable_weight: q.chargeable_weight ?? asText(m.weight_chargeable), revenue_tons: q.revenue_tons ?? asText(m.revenue_tons) };
}

export const UNMATCHED_REASONS = ['expired', 'not_yet_valid', 'equipment', 'weight', 'volume', 'superseded', 'no_exchange_rate'] as const;
export const rateLookupSchema = z.object({
  rates: z.array(
    z.object({
      card_id: z.string(),
      side: z.enum(RATE_SIDES),
      carrier_id: z.string().nullable(),
      carrier_name: z.string().nullable(),
      company_id: z.string().nullable(),
      company_name: z.string().nullable(),
      equipment: z.string().nullable(),
      lines: z.array(z.object({ code: z.string(), amount: z.string() })),
      total: z.string(),
      currency: z.string(),
      /** When converted: the card's own currency and total, and the rate's day. */
      card_currency: z.string(),
      card_total: z.string(),
      rate_date: z.string().nullable(),
    }),
  ),
  unmatched: z.array(z.object({ card_id: z.string(), reason: z.enum(UNMATCHED_REASONS) })),
});
export type RateLookup = z.infer<typeof rateLookupSchema>;

/**
 * `GET /requests/{id}/indicative-price` (issue 40): what the sell card that matches a request would charge (the
 * customer's company's own card, else the public tariff; never a cost). Null with the reason when there is none: the
 * setting is off, the request has no lane a card prices (land by city, a port by name), or no card matches.
 */
export const INDICATIVE_REASONS = ['off', 'no_lane', 'no_card', 'quoted'] as const;
export const indicativePriceSchema = z.object({
  price: z
    .object({ lines: z.array(z.object({ code: z.string(), amount: z.string() })), total: z.string(), currency: z.string(), date: z.string() })
    .nullable(),
  reason: z.enum(INDICATIVE_REASONS).nullable(),
});
export type IndicativePrice = z.infer<typeof indicativePriceSchema>;
