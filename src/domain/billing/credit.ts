/**
 * Credit notes (issue 38, decision records 0258 and 0261): which quantities of an issued invoice's lines a credit note
 * may still take back, and the credit note's lines. A credit note's line keeps the invoiced line's position (so what
 * was credited is known per line) and a quantity above 0; a returned line (a negative quantity, as in Peppol's example)
 * is credited as its quantity with the price's sign turned, so the credit note's net equals the line's. Pure.
 */
import { dec, ZERO, type Decimal } from '@domain/money/decimal';
import { lineNet } from '@domain/money/vat';
import { minorUnitOf } from '@domain/money/currencies';
import { msg } from '@domain/common/i18n';

export type CreditableLine = { position: number; description: string; quantity: string; unit: string; unit_price: string };
export type CreditRequest = { position: number; quantity: string };
export type CreditLine = { position: number; quantity: string; unit_price: string; net: string };

export const CREDIT_MESSAGES = {
  nothingLeft: msg('Everything on this invoice has been credited already'),
  unknownPosition: (p: number) => `The invoice has no line ${p}`,
  tooMuch: (p: number, left: string) => `Line ${p}: at most ${left} can still be credited`,
  twice: (p: number) => `Line ${p} is named twice`,
} as const;

/** What is left to credit of each line: |invoiced quantity| - credited (never below 0). */
export function creditableQuantities(lines: readonly CreditableLine[], credited: ReadonlyMap<number, string>): Map<number, Decimal> {
  const left = new Map<number, Decimal>();
  for (const l of lines) {
    const rest = dec(l.quantity).abs().minus(dec(credited.get(l.position) ?? '0'));
    left.set(l.position, rest.lt(0) ? ZERO : rest);
  }
  return left;
}

/**
 * The credit note's lines: all that is left of every line (no request), or the requested quantities. Returns the
 * lines, or a problem (keyed by the request's index when it is about one of them).
 */
export function creditLines(
  lines: readonly CreditableLine[],
  credited: ReadonlyMap<number, string>,
  currency: string,
  request?: readonly CreditRequest[],
): { lines: CreditLine[] } | { problem: string; index?: number } {
  const left = creditableQuantities(lines, credited);
  const byPosition = new Map(lines.map((l) => [l.position, l]));
  const wanted: { position: number; quantity: Decimal }[] = [];
  if (!request) {
    for (const l of lines) {
      const q = left.get(l.position)!;
      if (q.gt(0)) wanted.push({ position: l.position, quantity: q });
    }
    if (wanted.length === 0) return { problem: CREDIT_MESSAGES.nothingLeft };
  } else {
    const seen = new Set<number>();
    for (const [index, r] of request.entries()) {
      if (!byPosition.has(r.position)) return { problem: CREDIT_MESSAGES.unknownPosition(r.position), index };
      if (seen.has(r.position)) return { problem: CREDIT_MESSAGES.twice(r.position), index };
      seen.add(r.position);
      const q = dec(r.quantity);
      const rest = left.get(r.position)!;
      if (q.gt(rest)) return { problem: CREDIT_MESSAGES.tooMuch(r.position, rest.toFixed()), index };
      wanted.push({ position: r.position, quantity: q });
    }
  }
  const places = minorUnitOf(currency);
  return {
    lines: wanted.map(({ position, quantity }) => {
      const l = byPosition.get(position)!;
      const price = dec(l.quantity).lt(0) ? dec(l.unit_price).times(-1) : dec(l.unit_price);
      return { position, quantity: quantity.toFixed(), unit_price: price.toFixed(), net: lineNet(quantity.toFixed(), price.toFixed(), currency).toFixed(places) };
    }),
  };
}
