/**
 * Rate cards and the lookup (issue 40, decision record 0268). A card is checked by rateCardInputSchema; two cards of
 * the same lane, side, mode, equipment, carrier and company may overlap in days only with different priorities (the
 * check runs with the table locked against other writers, lookups still reading, so two adds at once, or an add and
 * a sheet's import, cannot both pass it). The lookup reads the lane's cards of
 * the mode, prices each with src/domain/rates/pricing.ts and says why each other card did not match.
 */
import { msg } from '@domain/common/i18n';
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { NotPriceable, priceCard, validOn, type Freight, type Surcharge } from '@domain/rates/pricing';
import {
  RATE_MESSAGES, ZONE_CODE_PATTERN, lookupCargo, rateCardInputSchema, zoneKindOf, type RateCard, type RateCardCopy, type RateCardInput, type RateCardListQuery, type RateLookup, type RateLookupQuery,
} from '@domain/rates/schema';
import { convert, NoRateError } from '@domain/money/exchange';
import { dec, sum } from '@domain/money/decimal';
import { moneyString } from '@domain/money/currencies';
import type { Page } from '@domain/common/list-schema';
import { recordAudit } from '@server/audit/audit-log';
import type { Db, Tx } from '@server/db/client';
import { carriers, companies, rate_cards } from '@server/db/schema';
import type { Actor } from '@server/http/context';
import { AppError, conflict, notFound } from '@server/http/errors';
import { offsetOf, toPage } from '@server/http/list';
import { storedRateLookup } from '@server/features/exchange-rates';
import { getBillingSettings } from '@server/features/billing-settings';

const carrier = alias(carriers, 'carrier');
const company = alias(companies, 'company');
const COLUMNS = {
  id: rate_cards.id, side: rate_cards.side, mode: rate_cards.mode, origin: rate_cards.origin, destination: rate_cards.destination,
  equipment: rate_cards.equipment, currency: rate_cards.currency, valid_from: rate_cards.valid_from, valid_to: rate_cards.valid_to,
  priority: rate_cards.priority, carrier_id: rate_cards.carrier_id, carrier_name: carrier.name, company_id: rate_cards.company_id,
  company_name: company.name, freight: rate_cards.freight, surcharges: rate_cards.surcharges, created_at: rate_cards.created_at,
};
type Row = { [K in keyof typeof COLUMNS]: unknown } & { created_at: Date };
const toCard = (r: Row): RateCard => ({ ...(r as unknown as RateCard), created_at: r.created_at.toISOString() });

const selectCards = (db: Db | Tx) =>
  db.select(COLUMNS).from(rate_cards).leftJoin(carrier, eq(carrier.id, rate_cards.carrier_id)).leftJoin(company, eq(company.id, rate_cards.company_id));

/** The same card in all but days: lane, side, mode, equipment, carrier and company (nulls equal). */
const sameKind = (c: RateCardInput): SQL =>
  and(
    eq(rate_cards.side, c.side),
    eq(rate_cards.mode, c.mode),
    eq(rate_cards.origin, c.origin),
    eq(rate_cards.destination, c.destination),
    sql`${rate_cards.equipment} is not distinct from ${c.equipment ?? null}`,
    sql`${rate_cards.carrier_id} is not distinct from ${c.carrier_id ?? null}::uuid`,
    sql`${rate_cards.company_id} is not distinct from ${c.company_id ?? null}::uuid`,
  )!;

/** Card writers (an add, a sheet's import) one at a time; readers are not held (SHARE ROW EXCLUSIVE). */
export const lockRateCards = (tx: Tx) => tx.execute(sql`lock table rate_cards in share row exclusive mode`);

/**
 * The ends of a card's lane that Cargodesk does not know, each with its message: an airport (air) or a port (sea) not
 * in the reference data, or a zone (@...) that is not a zone of the mode's places. A land lane's codes are checked by
 * form only (no full UN/LOCODE list ships).
 */
export async function unknownPlaces(db: Db | Tx, c: Pick<RateCardInput, 'mode' | 'origin' | 'destination'>): Promise<{ end: 'origin' | 'destination'; message: string }[]> {
  const ends = ['origin', 'destination'] as const;
  const zones = ends.filter((end) => ZONE_CODE_PATTERN.test(c[end])).map((end) => c[end]);
  const places = ends.filter((end) => !ZONE_CODE_PATTERN.test(c[end])).map((end) => c[end]);
  const knownZones = zones.length
    ? (await db.execute<{ code: string }>(sql`select code from rate_zones where kind = ${zoneKindOf(c.mode)} and code in (${sql.join(zones.map((z) => sql`${z}`), sql`, `)})`)).rows
    : [];
  const knownPlaces =
    !places.length || c.mode === 'land'
      ? places.map((code) => ({ code }))
      : c.mode === 'air'
        ? (await db.execute<{ code: string }>(sql`select iata_code as code from airports where iata_code in (${sql.join(places.map((p) => sql`${p}`), sql`, `)})`)).rows
        : (await db.execute<{ code: string }>(sql`select un_code as code from seaports where un_code in (${sql.join(places.map((p) => sql`${p}`), sql`, `)})`)).rows;
  const found = new Set([...knownZones, ...knownPlaces].map((r) => r.code));
  return ends
    .filter((end) => !found.has(c[end]))
    .map((end) => ({
      end,
      message: ZONE_CODE_PATTERN.test(c[end]) ? RATE_MESSAGES.unknownZone(c[end]) : c.mode === 'air' ? RATE_MESSAGES.unknownAirport(c[end]) : RATE_MESSAGES.unknownPort(c[end]),
    }));
}

/** New cards of a sheet's import, in multi-row statements (the caller holds lockRateCards). */
export async function insertImportedCards(tx: Tx, cards: readonly RateCardInput[], by: { importId: string; userId: string }) {
  if (!cards.length) return;
  await tx.insert(rate_cards).values(
    cards.map((c) => ({
      side: c.side, mode: c.mode, origin: c.origin, destination: c.destination, equipment: c.equipment ?? null, currency: c.currency,
      valid_from: c.valid_from, valid_to: c.valid_to, priority: c.priority, carrier_id: c.carrier_id ?? null, company_id: c.company_id ?? null,
      freight: { basis: c.freight.basis, minimum: c.freight.minimum ?? null, breaks: c.freight.breaks }, surcharges: c.surcharges,
      created_by: by.userId, import_id: by.importId,
    })),
  );
}

/** New prices for cards already here (an import in update mode): answers how many had changed since the check. */
export async function updateImportedCards(tx: Tx, rows: readonly { id: string; base: Date | null; card: RateCardInput }[]): Promise<number> {
  let moved = 0;
  for (const { id, base, card: c } of rows) {
    const done = await tx
      .update(rate_cards)
      .set({ currency: c.currency, freight: { basis: c.freight.basis, minimum: c.freight.minimum ?? null, breaks: c.freight.breaks }, surcharges: c.surcharges, updated_at: sql`now()` })
      .where(and(eq(rate_cards.id, id), sql`date_trunc('milliseconds', ${rate_cards.updated_at}) is not distinct from ${base}`))
      .returning({ id: rate_cards.id });
    if (!done.length) moved += 1;
  }
  return moved;
}

/** A card of the import that overlaps another of its kind with the same priority (one added since the check), or null. */
export async function importedOverlap(tx: Tx, importId: string): Promise<{ valid_from: string; valid_to: string } | null> {
  const r = await tx.execute<{ valid_from: string; valid_to: string }>(sql`
    select o.valid_from::text as valid_from, o.valid_to::text as valid_to from rate_cards n join rate_cards o
      on o.mode = n.mode and o.origin = n.origin and o.destination = n.destination and o.id <> n.id and o.side = n.side
     and o.equipment is not distinct from n.equipment and o.carrier_id is not distinct from n.carrier_id
     and o.company_id is not distinct from n.company_id and o.priority = n.priority
     and o.valid_to >= n.valid_from and o.valid_from <= n.valid_to
    where n.import_id = ${importId} limit 1`);
  return r.rows[0] ?? null;
}

/** A zone an imported card names that is gone (removed since the check), or null. */
export async function importedMissingZone(tx: Tx, importId: string): Promise<string | null> {
  const r = await tx.execute<{ code: string }>(sql`
    select e.code from rate_cards c cross join lateral (values (c.origin), (c.destination)) as e(code)
    where c.import_id = ${importId} and e.code like '@%' and not exists (select 1 from rate_zones z where z.code = e.code) limit 1`);
  return r.rows[0]?.code ?? null;
}

/** Undoes a failed import on the embedded database: up to `limit` of its cards removed; answers how many. */
export async function removeImportedCards(tx: Tx, importId: string, limit: number): Promise<number> {
  const r = await tx.execute(sql`delete from rate_cards where id in (select id from rate_cards where import_id = ${importId} limit ${limit})`);
  return r.rowCount ?? 0;
}

/** Adds a card; 409 when it overlaps another of its kind with the same priority, 400 when its carrier or company is unknown. */
export async function createRateCard(db: Db, input: RateCardInput, actor: Actor, copyOf?: string): Promise<RateCard> {
  const c = rateCardInputSchema.parse(input);
  const id = await db.transaction(async (tx) => {
    await lockRateCards(tx);
    if (c.carrier_id && !(await tx.select({ id: carriers.id }).from(carriers).where(eq(carriers.id, c.carrier_id))).length) {
      throw new AppError('invalid_input', msg('Carrier not found'), { carrier_id: msg('Carrier not found') });
    }
    if (c.company_id && !(await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, c.company_id))).length) {
      throw new AppError('invalid_input', msg('Company not found'), { company_id: msg('Company not found') });
    }
    const unknown = await unknownPlaces(tx, c);
    if (unknown.length) throw new AppError('invalid_input', unknown[0]!.message, Object.fromEntries(unknown.map((u) => [u.end, u.message])));
    const [overlap] = await tx
      .select({ id: rate_cards.id })
      .from(rate_cards)
      .where(and(sameKind(c), eq(rate_cards.priority, c.priority), lte(rate_cards.valid_from, c.valid_to), gte(rate_cards.valid_to, c.valid_from)))
      .limit(1);
    if (overlap) throw conflict(RATE_MESSAGES.overlap, { priority: RATE_MESSAGES.overlap });
    const [row] = await tx
      .insert(rate_cards)
      .values({
        side: c.side, mode: c.mode, origin: c.origin, destination: c.destination, equipment: c.equipment ?? null, currency: c.currency,
        valid_from: c.valid_from, valid_to: c.valid_to, priority: c.priority, carrier_id: c.carrier_id ?? null, company_id: c.company_id ?? null,
        freight: { basis: c.freight.basis, minimum: c.freight.minimum ?? null, breaks: c.freight.breaks }, surcharges: c.surcharges, created_by: actor.user.id,
      })
      .returning({ id: rate_cards.id });
    await recordAudit(tx, {
      action: 'money.rate_card_added', actor: actor.user, target: `${c.side} ${c.mode} ${c.origin}-${c.destination}${c.equipment ? ` ${c.equipment}` : ''}`,
      details: { rate_card_id: row!.id, valid_from: c.valid_from, valid_to: c.valid_to, currency: c.currency, ...(copyOf ? { copy_of: copyOf } : {}) }, ip: actor.ip,
    });
    return row!.id;
  });
  return getRateCard(db, id);
}

/** The card for new days (a carrier's next month): the same lane, prices, carrier or customer; checked and audited as an add. */
export async function copyRateCard(db: Db, id: string, copy: RateCardCopy, actor: Actor): Promise<RateCard> {
  const c = await getRateCard(db, id);
  const input: RateCardInput = {
    side: c.side, mode: c.mode, origin: c.origin, destination: c.destination, currency: c.currency, equipment: c.equipment as RateCardInput['equipment'],
    carrier_id: c.carrier_id, company_id: c.company_id, freight: c.freight, surcharges: c.surcharges,
    valid_from: copy.valid_from, valid_to: copy.valid_to, priority: copy.priority ?? c.priority,
  };
  return createRateCard(db, input, actor, id);
}

export async function getRateCard(db: Db, id: string): Promise<RateCard> {
  const [row] = await selectCards(db).where(eq(rate_cards.id, id));
  if (!row) throw notFound(RATE_MESSAGES.notFound);
  return toCard(row);
}

export async function deleteRateCard(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(rate_cards).where(eq(rate_cards.id, id)).returning();
    if (!row) throw notFound(RATE_MESSAGES.notFound);
    await recordAudit(tx, {
      action: 'money.rate_card_removed', actor: actor.user, target: `${row.side} ${row.mode} ${row.origin}-${row.destination}${row.equipment ? ` ${row.equipment}` : ''}`,
      details: { rate_card_id: row.id, valid_from: row.valid_from, valid_to: row.valid_to }, ip: actor.ip,
    });
  });
}

const today = () => new Date().toISOString().slice(0, 10);
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export async function listRateCards(db: Db, q: RateCardListQuery): Promise<Page<RateCard>> {
  const where = and(
    q.mode ? eq(rate_cards.mode, q.mode) : undefined,
    q.side ? eq(rate_cards.side, q.side) : undefined,
    q.origin ? eq(rate_cards.origin, q.origin) : undefined,
    q.destination ? eq(rate_cards.destination, q.destination) : undefined,
    q.carrier_id ? eq(rate_cards.carrier_id, q.carrier_id) : undefined,
    q.valid_on ? and(lte(rate_cards.valid_from, q.valid_on), gte(rate_cards.valid_to, q.valid_on)) : undefined,
    q.expiring_within !== undefined ? and(gte(rate_cards.valid_to, today()), lte(rate_cards.valid_to, plusDays(today(), q.expiring_within))) : undefined,
  );
  const order = q.dir === 'asc' ? [asc(rate_cards.created_at), asc(rate_cards.id)] : [desc(rate_cards.created_at), desc(rate_cards.id)];
  const [rows, [total]] = await Promise.all([
    selectCards(db).where(where).orderBy(...order).limit(q.pageSize).offset(offsetOf(q.page, q.pageSize)),
    db.select({ n: sql<number>`count(*)::int` }).from(rate_cards).where(where),
  ]);
  return toPage(rows.map((r) => toCard(r as Row)), Number(total?.n ?? 0), q.page, q.pageSize);
}

/** A lane's ends as cards may name them: each place, and every zone of the mode's places that holds it. */
async function laneEnds(db: Db, q: Pick<RateLookupQuery, 'mode' | 'origin' | 'destination'>): Promise<{ origins: string[]; destinations: string[] }> {
  const zones = (await db.execute<{ code: string; at_origin: boolean; at_destination: boolean }>(sql`
    select code, ${q.origin}::text = any(members) as at_origin, ${q.destination}::text = any(members) as at_destination
    from rate_zones where kind = ${zoneKindOf(q.mode)} and members && array[${q.origin}::text, ${q.destination}::text]`)).rows;
  return {
    origins: [q.origin, ...zones.filter((z) => z.at_origin).map((z) => z.code)],
    destinations: [q.destination, ...zones.filter((z) => z.at_destination).map((z) => z.code)],
  };
}

type Candidate = {
  id: string; side: 'buy' | 'sell'; equipment: string | null; currency: string; valid_from: string; valid_to: string; priority: number;
  carrier_id: string | null; carrier_name: string | null; company_id: string | null; company_name: string | null; freight: Freight; surcharges: Surcharge[];
};

/**
 * Every card of the lane and mode priced for the cargo on the day: matched ones cheapest first (converted to `currency`
 * at the day's stored rate when asked), the others with their reason. Of cards of one kind overlapping on the day,
 * the highest priority prices; the others are "superseded".
 */
export async function lookupRates(db: Db, q: RateLookupQuery): Promise<RateLookup> {
  const cargo = lookupCargo(q);
  const ends = await laneEnds(db, q);
  const { rates_next_break: nextBreak } = await getBillingSettings(db);
  const cards = (await db
    .select({
      id: rate_cards.id, side: rate_cards.side, equipment: rate_cards.equipment, currency: rate_cards.currency, valid_from: rate_cards.valid_from,
      valid_to: rate_cards.valid_to, priority: rate_cards.priority, carrier_id: rate_cards.carrier_id, carrier_name: carrier.name,
      company_id: rate_cards.company_id, company_name: company.name, freight: rate_cards.freight, surcharges: rate_cards.surcharges,
    })
    .from(rate_cards)
    .leftJoin(carrier, eq(carrier.id, rate_cards.carrier_id))
    .leftJoin(company, eq(company.id, rate_cards.company_id))
    .where(and(eq(rate_cards.mode, q.mode), inArray(rate_cards.origin, ends.origins), inArray(rate_cards.destination, ends.destinations)))) as Candidate[];

  const unmatched: RateLookup['unmatched'] = [];
  const valid: Candidate[] = [];
  for (const c of cards) {
    if (validOn(q.date, c.valid_from, c.valid_to)) valid.push(c);
    else unmatched.push({ card_id: c.id, reason: q.date > c.valid_to ? 'expired' : 'not_yet_valid' });
  }
  const kindOf = (c: Candidate) => [c.side, c.equipment, c.carrier_id, c.company_id].join('|');
  const best = new Map<string, number>();
  for (const c of valid) best.set(kindOf(c), Math.max(best.get(kindOf(c)) ?? -1, c.priority));

  const currencies = new Set(valid.map((c) => c.currency));
  if (q.currency) currencies.add(q.currency);
  const rates = q.currency ? await storedRateLookup(db, currencies, q.date) : null;
  const priced: RateLookup['rates'] = [];
  for (const c of valid) {
    if (c.priority < best.get(kindOf(c))!) {
      unmatched.push({ card_id: c.id, reason: 'superseded' });
      continue;
    }
    const containers = c.equipment ? (q.containers ?? []).filter((x) => x.type === c.equipment).reduce((n, x) => n + x.count, 0) : 0;
    try {
      const p = priceCard(c, { ...cargo, containers }, { nextBreak });
      const target = q.currency ?? c.currency;
      let lines = p.lines;
      let total = p.total;
      let rateDate: string | null = null;
      if (target !== c.currency) {
        const to = (amount: string) => convert(amount, c.currency, target, q.date, rates!);
        const converted = lines.map((l) => ({ code: l.code, amount: to(l.amount).amount }));
        const whole = to(p.total);
        // The converted lines sum to the converted total: a rounding cent goes to the freight line.
        const diff = dec(whole.amount).minus(sum(converted.map((l) => dec(l.amount))));
        if (!diff.eq(0) && converted[0]) converted[0] = { code: converted[0].code, amount: moneyString(dec(converted[0].amount).plus(diff), target) };
        lines = converted;
        total = whole.amount;
        rateDate = whole.rate_date;
      }
      priced.push({
        card_id: c.id, side: c.side, carrier_id: c.carrier_id, carrier_name: c.carrier_name, company_id: c.company_id, company_name: c.company_name, equipment: c.equipment,
        lines, total, currency: target, card_currency: c.currency, card_total: p.total, rate_date: rateDate,
      });
    } catch (e) {
      if (e instanceof NotPriceable) unmatched.push({ card_id: c.id, reason: e.reason });
      else if (e instanceof NoRateError) unmatched.push({ card_id: c.id, reason: 'no_exchange_rate' });
      else throw e;
    }
  }
  priced.sort((a, b) => (a.currency === b.currency ? dec(a.total).cmp(dec(b.total)) : a.currency < b.currency ? -1 : 1));
  return { rates: priced, unmatched };
}
