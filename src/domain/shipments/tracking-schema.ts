/**
 * Live container tracking (spec sections 1, 2 and 7; decision record 0161). The tracker is an external
 * provider shown in a frame built from the API's `tracking_embed_url` (TRACKING_EMBED_URL with {container}
 * replaced by the URL-encoded BL Number). The frame may ask the page to load another container code with
 * a small message; only messages from the tracker's own origin, of the documented shape, are followed.
 */
import { z } from 'zod';

/** Frame heights of the spec: the staff 'Live Tracking' map and the customer 'Container Tracking' map. */
export const TRACKING_FRAME_HEIGHT = { staff: 550, customer: 600 } as const;

/**
 * A container or bill-of-lading code the tracker may ask for: letters and digits with inner '-', '/' or '.',
 * 4 to 35 characters ('MSKU1234567', 'MEDU-AB123456'). Surrounding spaces are ignored.
 */
export const CONTAINER_CODE = /^[A-Za-z0-9](?:[A-Za-z0-9./-]{2,33})[A-Za-z0-9]$/;

const containerCodeSchema = z.string().trim().regex(CONTAINER_CODE);

/**
 * The one message the page follows: `{ type: 'load-container', container: 'MSKU1234567' }`, sent by the
 * tracker frame with `window.parent.postMessage(message, '*')` (or the page's origin). The same object as a
 * JSON string is accepted, since some widgets can only post strings. Extra keys are ignored.
 */
export const trackerMessageSchema = z.preprocess(
  (data) => {
    if (typeof data !== 'string' || data.length > 1000) return data;
    try {
      return JSON.parse(data) as unknown;
    } catch {
      return data;
    }
  },
  z.object({ type: z.literal('load-container'), container: containerCodeSchema }),
);
export type TrackerMessage = z.infer<typeof trackerMessageSchema>;

/** The origin of an http(s) frame address ('https://tracker.example'), or null for anything else. */
export function trackerOrigin(embedUrl: string | null | undefined): string | null {
  if (!embedUrl) return null;
  try {
    const url = new URL(embedUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The container code a `message` event asks for, or null when the event must be ignored: a sender other
 * than the tracker's own origin (new URL(tracking_embed_url).origin), no tracker configured, or data that is
 * not a valid load-container message.
 */
export function containerRequestFrom(event: { origin: string; data: unknown }, embedUrl: string | null | undefined): string | null {
  const expected = trackerOrigin(embedUrl);
  if (!expected || event.origin !== expected) return null;
  const parsed = trackerMessageSchema.safeParse(event.data);
  return parsed.success ? parsed.data.container : null;
}

/**
 * The frame address for another container code: the embed address the API built for `currentCode`, with
 * that (URL-encoded) code replaced by the new one in its path, query and fragment (never in its origin).
 * Null when the address is not a tracker address or does not contain the current code.
 */
export function embedUrlForContainer(embedUrl: string, currentCode: string, nextCode: string): string | null {
  const origin = trackerOrigin(embedUrl);
  const current = encodeURIComponent(currentCode.trim());
  if (!origin || !current || !embedUrl.startsWith(origin)) return null;
  const rest = embedUrl.slice(origin.length);
  if (!rest.includes(current)) return null;
  const next = `${origin}${rest.split(current).join(encodeURIComponent(nextCode.trim()))}`;
  return trackerOrigin(next) === origin ? next : null;
}

/**
 * The frame's sandbox (decision record 0161): scripts and the tracker's own storage, popups for its links;
 * no forms, top navigation, downloads or modals. A tracker on the page's own origin would escape a sandbox
 * that allows both scripts and same-origin, so it loses same-origin (and with it its messages).
 */
export function trackerSandbox(embedUrl: string, pageOrigin: string): string {
  const sameOrigin = trackerOrigin(embedUrl) === pageOrigin;
  return ['allow-scripts', ...(sameOrigin ? [] : ['allow-same-origin']), 'allow-popups', 'allow-popups-to-escape-sandbox'].join(' ');
}

/**
 * Whether a shipment's tracking map shows (spec section 2): only when it is trackable and has a BL Number (the
 * tracked code). The customer view's 'Container Tracking' map is for sea shipments (spec: "for sea shipments with
 * a customer reference"); Trackable off hides it there too (issue 21: trackable means trackable for customers).
 */
export function showsTrackingMap(
  s: { trackable: boolean; customer_reference: string | null },
  view: 'staff' | 'customer',
  transport: 'air' | 'sea' | 'land' | null,
): boolean {
  if (!s.trackable || !s.customer_reference) return false;
  return view === 'staff' || transport === 'sea';
}
