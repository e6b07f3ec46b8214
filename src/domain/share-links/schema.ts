/**
 * Share-tracking links (issue 17, decision record 0228): a read-only page at /t/{token} that shows one shipment's
 * route, status, milestones, dates, containers and tracking map to anyone holding the link, without signing in. No
 * money, no parties or addresses, no internal data, no documents unless the creator ticks final ones to share (issue
 * 16's final versions of generated papers). Shared by the form, the server and the public page.
 */
import { z } from 'zod';
import { CARRIER_EVENT_CLASSIFIERS, CARRIER_EVENT_KINDS } from '@domain/carrier-events/titles';
import { SHIPMENT_STATUSES, SHIPMENT_TYPES } from '@domain/common/enums';
import { SHARE_LINK_DEFAULT_DAYS, SHARE_LINK_MAX_DAYS, SHARE_LINK_MAX_DOCUMENTS, SHARE_LINK_MESSAGES } from './rules';

export * from './rules';

export const shareLinkInputSchema = z.object({
  expires_in_days: z
    .number({ error: SHARE_LINK_MESSAGES.days })
    .int({ error: SHARE_LINK_MESSAGES.days })
    .min(1, { error: SHARE_LINK_MESSAGES.days })
    .max(SHARE_LINK_MAX_DAYS, { error: SHARE_LINK_MESSAGES.days })
    .default(SHARE_LINK_DEFAULT_DAYS),
  /** Final documents of the shipment (their stored names) the page offers for download; none by default. */
  document_names: z
    .array(z.string({ error: SHARE_LINK_MESSAGES.documents }).max(300, { error: SHARE_LINK_MESSAGES.documents }), { error: SHARE_LINK_MESSAGES.documents })
    .max(SHARE_LINK_MAX_DOCUMENTS, { error: SHARE_LINK_MESSAGES.tooManyDocuments })
    .default([]),
});
export type ShareLinkInput = z.input<typeof shareLinkInputSchema>;

export const shareLinkSchema = z.object({
  id: z.string(),
  /** The token's last 6 characters, so a person can tell links apart (the token itself is shown once, at creation). */
  token_hint: z.string(),
  state: z.enum(['active', 'expired', 'revoked']),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  views: z.number().int(),
  last_viewed_at: z.string().nullable(),
  /** The final documents the link shares. */
  documents: z.array(z.object({ name: z.string(), original_name: z.string() })),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** GET /api/shipments/:id/share-links: the links, and the final documents a new link may share. */
export const shareLinkListSchema = z.object({
  rows: z.array(shareLinkSchema),
  shareable: z.array(z.object({ name: z.string(), original_name: z.string() })),
});
export type ShareLinkList = z.infer<typeof shareLinkListSchema>;

export const createdShareLinkSchema = shareLinkSchema.extend({ token: z.string(), url: z.string() });
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;

const place = z.object({ city: z.string().nullable(), country: z.string().nullable(), airport: z.string().nullable(), port: z.string().nullable() });

/** Everything the public page shows; the server builds it from named columns only, never from a whole row. */
export const publicTrackingSchema = z.object({
  reference_number: z.string(),
  type: z.enum(SHIPMENT_TYPES),
  transport_mode: z.enum(['air', 'sea', 'land']).nullable(),
  status: z.enum(SHIPMENT_STATUSES),
  origin: place,
  destination: place,
  estimated_departure: z.string().nullable(),
  estimated_arrival: z.string().nullable(),
  /** Actual dates: cargo picked up and delivered. */
  pickup_date: z.string().nullable(),
  delivery_date: z.string().nullable(),
  containers: z.array(z.object({ number: z.string().nullable(), type: z.string() })),
  milestones: z.array(z.object({ status: z.enum(SHIPMENT_STATUSES), at: z.string(), first: z.boolean() })),
  /** The live map's frame address, when the forwarder configured a tracker and the shipment is tracked by sea. */
  tracking_embed_url: z.string().nullable(),
  tracking_code: z.string().nullable(),
  updated_at: z.string(),
  expires_at: z.string(),
  /** The carrier's events matched to the shipment (issue 45), the latest first: what happened where, on which vessel. */
  carrier_events: z.array(
    z.object({
      kind: z.enum(CARRIER_EVENT_KINDS), code: z.string().nullable(), classifier: z.enum(CARRIER_EVENT_CLASSIFIERS).nullable(), occurred_at: z.string().nullable(),
      location_code: z.string().nullable(), location_name: z.string().nullable(), vessel_name: z.string().nullable(), voyage: z.string().nullable(),
    }),
  ),
  /** The final documents the creator shared: each downloads from `url` (/api/track/{token}/documents/{name}). */
  documents: z.array(z.object({ original_name: z.string(), size: z.number().int(), url: z.string() })),
});
export type PublicTracking = z.infer<typeof publicTrackingSchema>;
