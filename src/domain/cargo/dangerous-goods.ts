/**
 * The dangerous goods entry of a road transport document (ADR 5.4.1.1.1, issue 41): the UN number preceded by
 * "UN", the proper shipping name, the class (with any subsidiary hazard in brackets, as the class field holds it),
 * the packing group, and the tunnel restriction code in brackets, in that order, separated by commas:
 * 'UN 1098 ALLYL ALCOHOL, 6.1 (3), I, (C/D)'. The name is the goods' description as the shipment holds it.
 */
export type AdrGoods = {
  un_number: string | null;
  proper_shipping_name: string | null;
  hazard_class: string | null;
  packing_group: string | null;
  tunnel_code: string | null;
};

/** 'UN 1098' from the stored 'UN1098' (or '1098'); null without a number. */
export function unLabel(unNumber: string | null): string | null {
  const digits = unNumber?.replace(/\D/g, '') ?? '';
  return digits ? `UN ${digits}` : null;
}

/** The entry, or null when the goods have no UN number (ADR's entry starts with it). */
export function adrEntry(g: AdrGoods): string | null {
  const un = unLabel(g.un_number);
  if (!un) return null;
  const head = [un, g.proper_shipping_name?.trim().toLocaleUpperCase('en-US')].filter(Boolean).join(' ');
  // '-' is ADR's 'no tunnel restriction': its bracketed code is '(-)'.
  const tunnel = g.tunnel_code ? `(${g.tunnel_code})` : null;
  return [head, g.hazard_class?.trim() || null, g.packing_group, tunnel].filter(Boolean).join(', ');
}
