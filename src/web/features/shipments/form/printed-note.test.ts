import { describe, expect, it } from 'vitest';
import { printedNote } from './form-context';

describe('a printed field’s note on the edit form', () => {
  const notes = { weight_gross: 'Printed on HBL v2, final', containers: 'Printed on HBL v2, final' };

  it('shows once the field is edited, for a container’s inputs too', () => {
    expect(printedNote(notes, 'weight_gross', () => true)).toBe('Printed on HBL v2, final');
    expect(printedNote(notes, 'weight_gross', () => false)).toBeUndefined();
    expect(printedNote(notes, 'containers.3.number', () => true)).toBe('Printed on HBL v2, final');
    expect(printedNote(notes, 'internal_notes', () => true)).toBeUndefined();
  });
});
