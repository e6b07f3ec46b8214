/**
 * The demo's money as charge lines (issue 38, decision record 0259): a generated shipment's sixteen fields become its
 * field lines, as migration 0034 turns stored ones into lines (quantity 1 per shipment, unit price = amount = the value).
 */
import { FIELD_LINES, SEED_FIELDS, type SeedField } from '@domain/billing/lines';
import { DEFAULT_CURRENCY } from '@domain/common/enums';
import { fieldDecimal } from '@domain/shipments/index';
import type { charge_lines } from '../schema';

/** A generated shipment's money fields: amounts (2 decimals at most) and their currencies. */
export type SeedMoney = Partial<Record<SeedField, number | null> & Record<`${SeedField}_currency`, string>>;

const MONEY_KEYS = new Set<string>(SEED_FIELDS.flatMap((f) => [f, `${f}_currency`]));

/** The row values without the money fields, and the money fields. */
export function withoutMoney<T extends object>(value: T & SeedMoney): { row: T; money: SeedMoney } {
  const row: Record<string, unknown> = {};
  const money: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) (MONEY_KEYS.has(k) ? money : row)[k] = v;
  return { row: row as T, money: money };
}

/** The field lines of one shipment's money fields (the set ones). */
export function fieldLineRows(shipmentId: string, money: SeedMoney, created_at?: Date): (typeof charge_lines.$inferInsert)[] {
  return SEED_FIELDS.flatMap((f, position) => {
    const amount = money[f];
    if (typeof amount !== 'number') return [];
    const value = fieldDecimal(amount);
    return [{
      shipment_id: shipmentId, position, ...FIELD_LINES[f], quantity: '1', unit: 'shipment' as const, unit_price: value, amount: value,
      currency: money[`${f}_currency`] || DEFAULT_CURRENCY, field: f, ...(created_at ? { created_at, updated_at: created_at } : {}),
    }];
  });
}
