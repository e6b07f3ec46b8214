/**
 * Share-tracking links' limits, texts and pure rules without their schemas (decision records 0228 and 0283): the
 * shipment page's section shows and checks these without building zod schemas; `schema.ts` re-exports them.
 */
import { msg } from '@domain/common/i18n';

export const SHARE_LINK_DEFAULT_DAYS = 30;
export const SHARE_LINK_MAX_DAYS = 180;
/** Active links per shipment: enough for every party of a shipment, few enough to review at a glance. */
export const SHARE_LINK_MAX_ACTIVE = 20;
/** The public page's answers per client address and minute. */
export const SHARE_PAGE_RATE = { max: 60, windowSeconds: 60 } as const;

/** Final documents one link may share. */
export const SHARE_LINK_MAX_DOCUMENTS = 10;

export const SHARE_LINK_MESSAGES = {
  documents: msg('Only final documents of this shipment can be shared'),
  tooManyDocuments: msg('A link shares at most 10 documents'),
  days: msg('Choose between 1 and 180 days'),
  tooMany: msg('This shipment has 20 active tracking links. Revoke one before creating another.'),
  notFound: msg('Tracking link not found'),
  /** One neutral answer for an unknown, expired or revoked token: the page says nothing about which. */
  unavailable: msg('This tracking link is not available. It may have expired or been withdrawn; ask the sender for a new one.'),
} as const;

export type ShareLinkState = 'active' | 'expired' | 'revoked';

/** Revoked wins over expired: the list says what someone did, not only what time did. */
export function shareLinkState(link: { expires_at: string | Date; revoked_at: string | Date | null }, now: Date = new Date()): ShareLinkState {
  if (link.revoked_at) return 'revoked';
  return new Date(link.expires_at).getTime() <= now.getTime() ? 'expired' : 'active';
}

/** Where a link leads: the site's address and the token. */
export const shareLinkUrl = (base: string, token: string) => `${base.replace(/\/$/, '')}/t/${token}`;

/** Tokens are 32 random bytes in base64url: 43 characters. Anything else is not looked up. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Keys a public answer must never hold (tests check the answer and its JSON against them). */
export const NEVER_PUBLIC = [
  'service_charge', 'customs_charge', 'handling_charge', 'freight_cost', 'handling_cost', 'total_cost', 'total_revenue', 'profit_margin',
  'cargo_value', 'cargo_insurance_value', 'internal_notes', 'special_instructions', 'shipper_address', 'consignee_address', 'notify_address',
  'origin_address', 'destination_address', 'company_id', 'company_name', 'handler_id', 'handler_name', 'payment_terms', 'customs_declaration_number',
] as const;
