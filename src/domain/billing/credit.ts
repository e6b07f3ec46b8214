/**
 * Credit notes (issue 38, decision records 0258 and 0261): which quantities of an issued invoice's lines a credit note
 * may still take back, and the credit note's lines. A credit note's line keeps the invoiced line's position (so what
 * was credited is known per line) and a quantity above 0; a returned line (a negative quantity, as in Peppol's example)
 * is credited as its quantity with the price's sign turned, so the credit note's net equals the line's. Pure.
 */
import { dec, ZERO, type Decimal } from '@domain/money/decimal';
import { lineNet } from '@domain/money/vat';
import { minorUnitOf } from '@domain/money/currencies';
import { ENGLISH, msg } from '@domain/common/i18n';

export type CreditableLine = { position: number; description: string; quantity: string; unit: string; unit_price: string };
export type CreditRequest = { position: number; quantity: string };
export type CreditLine = { position: number; quantity: string; unit_price: string; net: string };

type CreditMessages = { nothingLeft: string; unknownPosition(p: number): string; tooMuch(p: number, left: string): string; twice(p: number): string };

export const CREDIT_MESSAGES: CreditMessages = {
  nothingLeft: msg('Everything on this invoice has been credited already'),
  unknownPosition: (p) => ENGLISH.t(msg('The invoice has no line {position}'), { position: p }),
  tooMuch: (p, left) => ENGLISH.t(msg('Line {position}: at most {quantity} can still be credited'), { position: p, quantity: left }),
  twice: (p) => ENGLISH.t(msg('Line {position} is named twice'), { position: p }),
};

/**
 * The same problems found when a credit note drafted earlier is issued: other credit notes issued since may have taken
 * what it credits. Whole messages (a problem's own message with the reason after it), so each reads in one language.
 */
export const CREDIT_MESSAGES_AT_ISSUE: CreditMessages = {
  nothingLeft: msg('Everything on this invoice has been credited already: other credit notes were issued since this one was drafted'),
  unknownPosition: (p) => ENGLISH.t(msg('The invoice has no line {position}: other credit notes were issued since this one was drafted'), { position: p }),
  tooMuch: (p, left) =>
    ENGLISH.t(msg('Line {position}: at most {quantity} can still be credited: other credit notes were issued since this one was drafted'), { position: p, quantity: left }),
  twice: (p) => ENGLISH.t(msg('Line {position} is named twice: other credit notes were issued since this one was drafted'), { position: p }),
};

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
 * lines, or a problem (keyed by the request's index when it is about one of them), worded by `messages`.
 */
export function creditLines(
  lines: readonly CreditableLine[],
  credited: ReadonlyMap<number, string>,
  currency: string,
  request?: readonly CreditRequest[],
  messages: CreditMessages = CREDIT_MESSAGES,
): { lines: CreditLine[] } | { problem: string; index?: number } {
  const left = creditableQuantities(lines, credited);
  const byPosition = new Map(lines.map((l) => [l.position, l]));
  const wanted: { position: number; quantity: Decimal }[] = [];
  if (!request) {
    for (const l of lines) {
      const q = left.get(l.position)!;
      if (q.gt(0)) wanted.push({ position: l.position, quantity: q });
    }
    if (wanted.length === 0) return { problem: messages.nothingLeft };
  } else {
    const seen = new Set<number>();
    for (const [index, r] of request.entries()) {
      if (!byPosition.has(r.position)) return { problem: messages.unknownPosition(r.position), index };
      if (seen.has(r.position)) return { problem: messages.twice(r.position), index };
      seen.add(r.position);
      const q = dec(r.quantity);
      const rest = left.get(r.position)!;
      if (q.gt(rest)) return { problem: messages.tooMuch(r.position, rest.toFixed()), index };
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
