/**
 * Live container tracking's rules without its message schema (decision records 0161 and 0283): which shipments show
 * the map, the frame's size, address and sandbox. `tracking-schema.ts` re-exports them, with the tracker message's
 * schema, which the map's frame loads with it.
 */
/** Frame heights of the spec: the staff 'Live Tracking' map and the customer 'Container Tracking' map. */
export const TRACKING_FRAME_HEIGHT = { staff: 550, customer: 600 } as const;

/**
 * A container or bill-of-lading code the tracker may ask for: letters and digits with inner '-', '/' or '.',
 * 4 to 35 characters ('MSKU1234567', 'MEDU-AB123456'). Surrounding spaces are ignored.
 */
export const CONTAINER_CODE = /^[A-Za-z0-9](?:[A-Za-z0-9./-]{2,33})[A-Za-z0-9]$/;

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
