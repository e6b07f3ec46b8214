/** Record ids are UUIDs (any version: the database makes them, demo data and old rows included). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` can be a record id; anything else is answered as not found without asking the database. */
export const isRecordId = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);
