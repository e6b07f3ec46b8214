import { describe, expect, it } from 'vitest';
import {
  createStaffSchema, deleteStaffMessage, roleDescription, STAFF_MESSAGES, STAFF_ROLE_OPTIONS, staffInputIssues,
  staffQuerySchema, staffSearchSchema, updateStaffSchema,
} from './schema';
import { roleLabel } from '@domain/common/enums';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('createStaffSchema', () => {
  it('accepts a full record, trimming and lower-casing the email', () => {
    expect(createStaffSchema.parse({ full_name: '  Ada Lovelace ', email: ' Ada@Example.COM ', role: 'export' })).toEqual({
      full_name: 'Ada Lovelace',
      email: 'ada@example.com',
      role: 'export',
    });
  });

  it("answers 'Please fill in all required fields' for each missing field, before any format rule", () => {
    const r = createStaffSchema.safeParse({ full_name: ' ', email: 'not-an-email', role: null });
    expect(firstMessage(r)).toBe('Please fill in all required fields');
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['full_name', 'role']);
    expect(firstMessage(createStaffSchema.safeParse({}))).toBe(STAFF_MESSAGES.required);
    expect(firstMessage(createStaffSchema.safeParse({ full_name: 'A', role: 'admin' }))).toBe(STAFF_MESSAGES.required);
  });

  it('then checks the email, the role and the lengths', () => {
    expect(firstMessage(createStaffSchema.safeParse({ full_name: 'A', email: 'nope', role: 'admin' }))).toBe(STAFF_MESSAGES.invalidEmail);
    expect(firstMessage(createStaffSchema.safeParse({ full_name: 'A', email: 'a@b.co', role: 'customer' }))).toBe(STAFF_MESSAGES.invalidRole);
    expect(firstMessage(createStaffSchema.safeParse({ full_name: 'x'.repeat(101), email: 'a@b.co', role: 'import' }))).toBe(STAFF_MESSAGES.nameTooLong);
    expect(createStaffSchema.safeParse({ full_name: 'x'.repeat(100), email: 'a@b.co', role: 'import' }).success).toBe(true);
    expect(firstMessage(createStaffSchema.safeParse({ full_name: 'A', email: `${'a'.repeat(250)}@b.co`, role: 'import' }))).toBe(STAFF_MESSAGES.emailTooLong);
  });

  it('refuses a non-text value', () => {
    expect(createStaffSchema.safeParse({ full_name: 42, email: 'a@b.co', role: 'admin' }).success).toBe(false);
  });
});

describe('updateStaffSchema', () => {
  it('needs full_name and role only, and ignores an email', () => {
    expect(updateStaffSchema.parse({ full_name: 'Bo', role: 'import', email: 'changed@x.y' })).toEqual({ full_name: 'Bo', role: 'import' });
    const r = updateStaffSchema.safeParse({ full_name: '', role: '' });
    expect(firstMessage(r)).toBe('Please fill in all required fields');
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['full_name', 'role']);
    expect(firstMessage(updateStaffSchema.safeParse({ full_name: 'Bo', role: 'root' }))).toBe(STAFF_MESSAGES.invalidRole);
  });
});

describe('staffInputIssues', () => {
  it('lists nothing for a valid input', () => {
    expect(staffInputIssues({ full_name: 'A', email: 'a@b.co', role: 'admin' })).toEqual([]);
    expect(staffInputIssues({ full_name: 'A', role: 'admin' })).toEqual([]);
  });
});

describe('labels and texts', () => {
  it('names roles from the one label table and describes them in spec section 6 words', () => {
    expect(STAFF_ROLE_OPTIONS).toEqual([
      { value: 'admin', label: 'Admin' },
      { value: 'export', label: 'Export' },
      { value: 'import', label: 'Import' },
    ]);
    expect(roleLabel('import')).toBe('Import');
    expect(roleLabel('customer')).toBe('Customer');
    expect(roleDescription('admin')).toBe('Administrator: full system access and management');
    expect(roleDescription('export')).toBe('Export Handler: manages export shipments and related operations');
    expect(roleDescription('import')).toBe('Import Handler: manages import shipments and related operations');
    expect(roleDescription('customer')).toBe('');
    expect(roleDescription(null)).toBe('');
  });

  it('words the delete confirmation as the spec does', () => {
    expect(deleteStaffMessage('Deniz Arslan')).toBe('Are you sure you want to delete Deniz Arslan? This action cannot be undone.');
  });
});

describe('search', () => {
  it('trims q, defaults to empty and caps its length', () => {
    expect(staffQuerySchema.parse({})).toEqual({ q: '' });
    expect(staffQuerySchema.parse({ q: '  ada ' })).toEqual({ q: 'ada' });
    expect(staffQuerySchema.safeParse({ q: 'x'.repeat(201) }).success).toBe(false);
    expect(staffSearchSchema.parse({ q: 42 })).toEqual({ q: undefined });
  });
});
