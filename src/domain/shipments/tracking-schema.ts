/**
 * Live container tracking (spec sections 1, 2 and 7; decision record 0161). The tracker is an external
 * provider shown in a frame built from the API's `tracking_embed_url` (TRACKING_EMBED_URL with {container}
 * replaced by the URL-encoded BL Number). The frame may ask the page to load another container code with
 * a small message; only messages from the tracker's own origin, of the documented shape, are followed.
 */
import { z } from 'zod';
import { CONTAINER_CODE, trackerOrigin } from './tracking';

export * from './tracking';

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
