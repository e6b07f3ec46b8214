/**
 * Checks rate-sheet rows (a card a row, src/domain/rates/sheet.ts) with the API's own schema and rules
 * (rateCardInputSchema; the lane's airports and ports known; no overlap of the same kind of card with the same
 * priority, in the file or in Cargodesk), and stages them. A card already here with the same kind, days and priority
 * is the row's own: skipped, or its prices updated (mode update), so the same sheet imported twice makes nothing twice.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { findByName, indexByName, type ImportMode, type ImportProblem } from '@domain/imports/schema';
import { RATE_MESSAGES, ZONE_CODE_PATTERN, rateCardInputSchema, zoneKindOf, type RateCardInput } from '@domain/rates/schema';
import { RATE_MODES } from '@domain/rates/pricing';
import { RATE_SHEET_MESSAGES, rateCardFromRow } from '@domain/rates/sheet';
import type { Checker, CheckedRow, Header, SourceRow, StagedRow } from './checker';

export type RateCardPayload = { card: RateCardInput };

/** The same card in all but days and prices: side, mode, lane, equipment, carrier and customer. */
type Kind = { side: string; mode: string; origin: string; destination: string; equipment?: string | null; carrier_id?: string | null; company_id?: string | null };
const kindOf = (c: Kind) =>
  [c.side, c.mode, c.origin, c.destination, c.equipment ?? '', c.carrier_id ?? '', c.company_id ?? ''].join('|');
const overlaps = (a: { valid_from: string; valid_to: string }, b: { valid_from: string; valid_to: string }) => a.valid_from <= b.valid_to && b.valid_from <= a.valid_to;

type Existing = {
  id: string; side: 'buy' | 'sell'; mode: RateCardInput['mode']; origin: string; destination: string; equipment: string | null; carrier_id: string | null;
  company_id: string | null; priority: number; valid_from: string; valid_to: string; updated_at: Date;
};

export async function rateCardChecker(db: Db, mode: ImportMode, header: Header): Promise<Checker> {
  const [zoneRows, airportRows, portRows, carrierRows, companyRows] = await Promise.all([
    db.execute<{ code: string; kind: string }>(sql`select code, kind from rate_zones`),
    db.execute<{ code: string }>(sql`select iata_code as code from airports`),
    db.execute<{ code: string }>(sql`select un_code as code from seaports where un_code is not null`),
    db.execute<{ id: string; name: string }>(sql`select id, name from carriers`),
    db.execute<{ id: string; name: string }>(sql`select id, name from companies`),
  ]);
  const zones = new Map(zoneRows.rows.map((r) => [r.code, r.kind]));
  const airports = new Set(airportRows.rows.map((r) => r.code.toUpperCase()));
  const ports = new Set(portRows.rows.map((r) => r.code.toUpperCase()));
  const carrierIndex = indexByName(carrierRows.rows);
  const companyIndex = indexByName(companyRows.rows);
  const labelOf = (field: string) => header.labels.get(field) ?? field;
  /** The file's cards so far, by kind: their row, days and priority. */
  const inFile = new Map<string, { row: number; valid_from: string; valid_to: string; priority: number }[]>();

  /** A row's card, or its problems (every one, each with its column). */
  function parse({ row, cells, problems: cellProblems }: SourceRow): { row: number; problems: ImportProblem[]; card?: RateCardInput } {
    const problems: ImportProblem[] = [...cellProblems];
    const add = (column: string, message: string) => problems.push({ row, column, message });
    const name = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');
    const found = (index: typeof carrierIndex, cell: unknown, column: string, notFound: string, what: string): string | null => {
      if (name(cell) === '') return null;
      const f = findByName(index, name(cell), notFound, what);
      if ('problem' in f) {
        add(labelOf(column), f.problem);
        return null;
      }
      return f.id;
    };
    const ids = {
      carrier_id: found(carrierIndex, cells.carrier, 'carrier', RATE_SHEET_MESSAGES.carrierNotFound, 'carriers'),
      company_id: found(companyIndex, cells.customer, 'customer', RATE_SHEET_MESSAGES.customerNotFound, 'companies'),
    };
    const { input, columnOf } = rateCardFromRow(cells, header.positions, labelOf, ids);
    const parsed = rateCardInputSchema.safeParse(input);
    const issues = parsed.success ? [] : parsed.error.issues;
    for (const i of issues) add(columnOf(i.path), i.message);
    // The lane's places are checked even when another cell has a problem, so one upload names them all.
    const mode = String(input.mode);
    const places = mode === 'air' ? airports : mode === 'sea_fcl' || mode === 'sea_lcl' ? ports : null;
    for (const end of ['origin', 'destination'] as const) {
      const code = String(input[end]).toUpperCase();
      if (!code || issues.some((i) => i.path[0] === end)) continue;
      if (ZONE_CODE_PATTERN.test(code)) {
        if ((RATE_MODES as readonly string[]).includes(mode) && zones.get(code) !== zoneKindOf(mode)) add(labelOf(end), RATE_MESSAGES.unknownZone(code));
      } else if (places && !places.has(code)) add(labelOf(end), mode === 'air' ? RATE_MESSAGES.unknownAirport(code) : RATE_MESSAGES.unknownPort(code));
    }
    if (!parsed.success || problems.length) return { row, problems };
    const card = parsed.data;
    const earlier = inFile.get(kindOf(card)) ?? [];
    const clash = earlier.find((e) => e.priority === card.priority && overlaps(e, card));
    if (clash) add(labelOf('priority'), RATE_SHEET_MESSAGES.overlapRow(clash.row));
    else inFile.set(kindOf(card), [...earlier, { row, valid_from: card.valid_from, valid_to: card.valid_to, priority: card.priority }]);
    return clash ? { row, problems } : { row, problems, card };
  }

  /** The cards already here on the lanes of a batch, by kind. */
  async function existingOf(cards: RateCardInput[]): Promise<Map<string, Existing[]>> {
    const lanes = [...new Set(cards.map((c) => `${c.mode}|${c.origin}|${c.destination}`))].map((l) => l.split('|'));
    const byKind = new Map<string, Existing[]>();
    if (!lanes.length) return byKind;
    const rows = await db.execute<Existing>(sql`
      select id, side, mode, origin, destination, equipment, carrier_id, company_id, priority, valid_from::text as valid_from, valid_to::text as valid_to,
             date_trunc('milliseconds', updated_at) as updated_at
      from rate_cards where (mode, origin, destination) in (${sql.join(lanes.map(([m, o, d]) => sql`(${m}, ${o}, ${d})`), sql`, `)})`);
    for (const r of rows.rows) byKind.set(kindOf(r), [...(byKind.get(kindOf(r)) ?? []), { ...r, updated_at: new Date(r.updated_at) }]);
    return byKind;
  }

  return {
    async check(batch: SourceRow[]): Promise<CheckedRow[]> {
      const parsed = batch.map(parse);
      const existing = await existingOf(parsed.flatMap((p) => (p.card ? [p.card] : [])));
      return parsed.map(({ row, problems, card }): CheckedRow => {
        if (!card) return { row, problems };
        const same = (existing.get(kindOf(card)) ?? []).filter((e) => e.priority === card.priority && overlaps(e, card));
        const own = same.find((e) => e.valid_from === card.valid_from && e.valid_to === card.valid_to);
        const other = same.find((e) => e !== own);
        if (other) return { row, problems: [{ row, column: labelOf('priority'), message: RATE_SHEET_MESSAGES.overlapCard(other.valid_from, other.valid_to) }] };
        const action: StagedRow['action'] = !own ? 'create' : mode === 'update' ? 'update' : 'skip';
        const key = `${kindOf(card)}|${card.valid_from}|${card.valid_to}|${card.priority}`;
        const payload: RateCardPayload = { card };
        return { row, problems: [], staged: [{ row, action, key, target_id: own?.id ?? null, base_updated_at: own?.updated_at ?? null, payload }] };
      });
    },
    finish: () => Promise.resolve([]),
  };
}
