/**
 * Small pure helpers of the @mantine/form forms (the shipment form, the request form and its quote): the DOM id of a
 * field's input, a field's value as text, and the unchanged-value checks the forms' memoised parts compare with.
 */

/** The DOM id of a field's input (to focus the field a message names). */
export function fieldId(path: string): string {
  return `shipment-${path.replace(/\./g, '-')}`;
}

/** The current value of a text/select field as a string ('' when empty). */
export function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** A select's value: null when empty. */
export function selectValue(value: unknown): string | null {
  const s = text(value);
  return s === '' ? null : s;
}

/**
 * Whether a value is unchanged: the same, or a list of rows with the same values. (@mantine/form copies the whole
 * state on every change, so the container rows and dimension lines are new objects after any keystroke.)
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((row, i) => sameRow(row, b[i]));
}

/** Two flat rows with equal values (the keys of both, compared with ===). */
export function sameRow(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = Object.keys(ra);
  return keys.length === Object.keys(rb).length && keys.every((k) => ra[k] === rb[k]);
}
