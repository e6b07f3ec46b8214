/**
 * Rate zones (issue 40, decision record 0269): a named group of airports or UN/LOCODEs that a card's origin or
 * destination names instead of one place ("@DE-SOUTH"). Staff; each change audited; a zone named by a card is not
 * removed (409), nor is its kind changed.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { ZONE_MESSAGES, rateZoneInputSchema, type RateZone, type RateZoneInput } from '@domain/rates/schema';
import { recordAudit } from '@server/audit/audit-log';
import type { Db, Tx } from '@server/db/client';
import { rate_zones } from '@server/db/schema';
import type { Actor } from '@server/http/context';
import { AppError, conflict, isUniqueViolation, notFound } from '@server/http/errors';
import { lockRateCards } from './service';

/** How many cards name the zone (as origin or destination). */
const cardsNaming = sql<number>`(select count(*)::int from rate_cards c where c.origin = ${rate_zones.code} or c.destination = ${rate_zones.code})`;

const columns = {
  id: rate_zones.id, code: rate_zones.code, name: rate_zones.name, kind: rate_zones.kind, members: rate_zones.members, created_at: rate_zones.created_at,
};
type Row = { id: string; code: string; name: string; kind: 'airports' | 'locodes'; members: string[]; created_at: Date; cards: number };
const toZone = (r: Row): RateZone => ({ ...r, cards: Number(r.cards), created_at: r.created_at.toISOString() });

export async function listRateZones(db: Db): Promise<{ rows: RateZone[] }> {
  const rows = await db.select({ ...columns, cards: cardsNaming }).from(rate_zones).orderBy(asc(rate_zones.code));
  return { rows: rows.map((r) => toZone(r)) };
}

async function getZone(db: Db | Tx, id: string): Promise<Row> {
  const [row] = await db.select({ ...columns, cards: cardsNaming }).from(rate_zones).where(eq(rate_zones.id, id));
  if (!row) throw notFound(ZONE_MESSAGES.notFound);
  return row;
}

/** The airports of an airport zone that Cargodesk does not know (a UN/LOCODE zone's places are checked by form). */
async function unknownMembers(tx: Tx, z: RateZoneInput): Promise<AppError | null> {
  if (z.kind !== 'airports') return null;
  const known = await tx.execute<{ code: string }>(sql`select iata_code as code from airports where iata_code in (${sql.join(z.members.map((m) => sql`${m}`), sql`, `)})`);
  const found = new Set(known.rows.map((r) => r.code));
  const missing = z.members.map((m, i) => [m, i] as const).filter(([m]) => !found.has(m));
  if (!missing.length) return null;
  return new AppError('invalid_input', ZONE_MESSAGES.airport(missing[0]![0]), Object.fromEntries(missing.map(([m, i]) => [`members.${i}`, ZONE_MESSAGES.airport(m)])));
}

export async function createRateZone(db: Db, input: RateZoneInput, actor: Actor): Promise<RateZone> {
  const z = rateZoneInputSchema.parse(input);
  try {
    const id = await db.transaction(async (tx) => {
      const problem = await unknownMembers(tx, z);
      if (problem) throw problem;
      const [row] = await tx.insert(rate_zones).values({ ...z, created_by: actor.user.id }).returning({ id: rate_zones.id });
      await recordAudit(tx, { action: 'money.rate_zone_saved', actor: actor.user, target: z.code, details: { rate_zone_id: row!.id, kind: z.kind, members: z.members }, ip: actor.ip });
      return row!.id;
    });
    return toZone(await getZone(db, id));
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(ZONE_MESSAGES.taken, { code: ZONE_MESSAGES.taken });
    throw e;
  }
}

/** Replaces a zone's name and places; its code and kind stay while a card names it. */
export async function updateRateZone(db: Db, id: string, input: RateZoneInput, actor: Actor): Promise<RateZone> {
  const z = rateZoneInputSchema.parse(input);
  try {
    await db.transaction(async (tx) => {
      const before = await getZone(tx, id);
      if (before.cards > 0 && (before.code !== z.code || before.kind !== z.kind)) throw conflict(ZONE_MESSAGES.inUse(before.cards), { code: ZONE_MESSAGES.inUse(before.cards) });
      const problem = await unknownMembers(tx, z);
      if (problem) throw problem;
      await tx.update(rate_zones).set(z).where(eq(rate_zones.id, id));
      await recordAudit(tx, { action: 'money.rate_zone_saved', actor: actor.user, target: z.code, details: { rate_zone_id: id, kind: z.kind, members: z.members, before: before.members }, ip: actor.ip });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(ZONE_MESSAGES.taken, { code: ZONE_MESSAGES.taken });
    throw e;
  }
  return toZone(await getZone(db, id));
}

export async function deleteRateZone(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    // Card writers wait, so no card can name the zone meanwhile.
    await lockRateCards(tx);
    const zone = await getZone(tx, id);
    if (zone.cards > 0) throw conflict(ZONE_MESSAGES.inUse(zone.cards));
    await tx.delete(rate_zones).where(eq(rate_zones.id, id));
    await recordAudit(tx, { action: 'money.rate_zone_removed', actor: actor.user, target: zone.code, details: { rate_zone_id: id, members: zone.members }, ip: actor.ip });
  });
}
