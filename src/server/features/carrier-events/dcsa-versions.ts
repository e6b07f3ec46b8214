/** Messages of another Track & Trace version than the 3.0 we take (issue 37, decision 0251): recognised by shape. */

/** The one problem a Track & Trace 2.x message gets, instead of one per field 3.0 moved. */
export const VERSION_2_MESSAGE =
  'This is a DCSA Track & Trace 2.2 message (eventType, eventClassifierCode and eventCreatedDateTime at the top of each event): this address takes Track & Trace 3.0 events, with eventClassification. Send version 3.0 events, or ask the sender to.';

/**
 * A T&T 2.x event: no 3.0 `eventClassification`, and 2.x's own top-level fields (`eventType`, `eventClassifierCode`,
 * `eventCreatedDateTime`). Such a message is answered once, naming the version, not field by field.
 */
export function isVersion2Event(item: unknown): boolean {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return false;
  const o = item as Record<string, unknown>;
  return !('eventClassification' in o) && ('eventType' in o || 'eventClassifierCode' in o || 'eventCreatedDateTime' in o);
}
