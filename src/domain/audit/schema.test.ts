import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditDetailLine, auditQuerySchema, auditSearchSchema } from './schema';

describe('audit labels and details', () => {
  it('labels known actions and shows unknown ones as written', () => {
    expect(auditActionLabel('auth.sign_in_failed')).toBe('Failed sign-in');
    expect(auditActionLabel('document.download')).toBe('Document downloaded');
    expect(auditActionLabel('something.new')).toBe('something.new');
    expect(auditActionLabel('toString')).toBe('toString');
  });

  it('turns details into one readable line, changes only when something changed', () => {
    expect(auditDetailLine({ full_name: { old: 'Ada', new: 'Ada' }, role: { old: 'export', new: 'import' } })).toBe('role: export → import');
    expect(auditDetailLine({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' })).toBe('status: 401, code: INVALID_EMAIL_OR_PASSWORD');
    expect(auditDetailLine({ code: null, nested: { a: 1 } })).toBe('');
  });

  it('validates the list query and forgives a bad URL', () => {
    expect(auditQuerySchema.parse({})).toMatchObject({ page: 1, pageSize: 20, q: '' });
    expect(auditQuerySchema.safeParse({ category: 'nope' }).success).toBe(false);
    expect(auditSearchSchema.parse({ category: 'nope', page: '-3', q: 'x' })).toEqual({ q: 'x' });
  });
});
