import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGLISH, type Reader } from '@domain/common/i18n';
import { poMessages } from '@domain/common/po';
import {
  COMPANY_MESSAGES, companyInputSchema, companySearchSchema, contactInputSchema, deleteCompanyMessage, hasShipmentsMessage,
  isValidPhone, sameNameWarning, shipmentCountLabel,
} from './schema';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('companyInputSchema', () => {
  it('requires a name of 2 to 100 characters after trimming', () => {
    expect(firstMessage(companyInputSchema.safeParse({}))).toBe('Company name is required');
    expect(firstMessage(companyInputSchema.safeParse({ name: '' }))).toBe('Company name is required');
    expect(firstMessage(companyInputSchema.safeParse({ name: '   ' }))).toBe('Company name is required');
    expect(companyInputSchema.safeParse({ name: '' }).error?.issues).toHaveLength(1);
    expect(firstMessage(companyInputSchema.safeParse({ name: 'A' }))).toBe('Company name must be between 2 and 100 characters');
    expect(firstMessage(companyInputSchema.safeParse({ name: ' A ' }))).toBe('Company name must be between 2 and 100 characters');
    expect(firstMessage(companyInputSchema.safeParse({ name: 'x'.repeat(101) }))).toBe('Company name must be between 2 and 100 characters');
    expect(companyInputSchema.parse({ name: 'x'.repeat(100) }).name).toHaveLength(100);
    expect(companyInputSchema.parse({ name: '  AB  ' })).toEqual({ name: 'AB', address: null });
  });
  it('keeps the address optional: empty becomes null', () => {
    expect(companyInputSchema.parse({ name: 'Acme', address: '' }).address).toBeNull();
    expect(companyInputSchema.parse({ name: 'Acme', address: null }).address).toBeNull();
    expect(companyInputSchema.parse({ name: 'Acme', address: ' 1 Main St ' }).address).toBe('1 Main St');
    expect(firstMessage(companyInputSchema.safeParse({ name: 'Acme', address: 'x'.repeat(501) }))).toBe(COMPANY_MESSAGES.addressLength);
  });
});

describe('contactInputSchema', () => {
  const valid = { first_name: 'Ada', last_name: 'Lovelace' };
  it('requires first and last name, in that order', () => {
    expect(firstMessage(contactInputSchema.safeParse({}))).toBe('First name is required');
    expect(firstMessage(contactInputSchema.safeParse({ first_name: ' ', last_name: 'X' }))).toBe('First name is required');
    expect(firstMessage(contactInputSchema.safeParse({ first_name: 'Ada' }))).toBe('Last name is required');
    expect(firstMessage(contactInputSchema.safeParse({ first_name: 'Ada', last_name: '' }))).toBe('Last name is required');
  });
  it('checks the email type and lowercases it; empty is allowed', () => {
    expect(firstMessage(contactInputSchema.safeParse({ ...valid, email: 'not-an-email' }))).toBe('Please enter a valid email address');
    expect(contactInputSchema.parse({ ...valid, email: ' Ada@Example.COM ' }).email).toBe('ada@example.com');
    expect(contactInputSchema.parse({ ...valid, email: '' }).email).toBeNull();
    expect(contactInputSchema.parse(valid)).toEqual({ ...valid, email: null, phone: null, position: null, is_primary_contact: false });
  });
  it('checks the phone type', () => {
    expect(firstMessage(contactInputSchema.safeParse({ ...valid, phone: 'call me' }))).toBe('Please enter a valid phone number');
    expect(contactInputSchema.parse({ ...valid, phone: '+90 224 555 0101' }).phone).toBe('+90 224 555 0101');
    expect(contactInputSchema.parse({ ...valid, phone: '' }).phone).toBeNull();
  });
  it('keeps position optional and the primary flag boolean', () => {
    expect(contactInputSchema.parse({ ...valid, position: ' Buyer ', is_primary_contact: true })).toMatchObject({ position: 'Buyer', is_primary_contact: true });
    expect(contactInputSchema.safeParse({ ...valid, is_primary_contact: 'yes' }).success).toBe(false);
  });
});

describe('isValidPhone', () => {
  it('accepts international numbers with separators and refuses letters or too few digits', () => {
    for (const ok of ['+1 (973) 555-0190', '0212 555 00 00', '+44 20 5550 7788', '12345']) expect(isValidPhone(ok)).toBe(true);
    for (const bad of ['1234', 'abc', '+90 555 CALL', '++90 1234567', '1'.repeat(21)]) expect(isValidPhone(bad)).toBe(false);
  });
});

describe('messages of the company screens', () => {
  it('says in the delete dialog that contacts go too, after the spec sentence', () => {
    expect(deleteCompanyMessage(2)).toBe('Are you sure you want to delete this company? This action cannot be undone. Its 2 contacts will be deleted too.');
    expect(deleteCompanyMessage(1)).toMatch(/Its 1 contact will be deleted too\.$/);
    expect(deleteCompanyMessage(0)).toMatch(/^Are you sure you want to delete this company\? This action cannot be undone\. It has no contacts\.$/);
  });
  it('explains a refused delete', () => {
    expect(hasShipmentsMessage(3)).toMatch(/^This company has shipments and cannot be deleted\. It has 3 shipments on record/);
    expect(hasShipmentsMessage(1)).toContain('It has 1 shipment on record');
  });
  it('counts shipments', () => {
    expect(shipmentCountLabel(1)).toBe('1 shipment');
    expect(shipmentCountLabel(0)).toBe('0 shipments');
    expect(shipmentCountLabel(27)).toBe('27 shipments');
  });
});

describe('companySearchSchema', () => {
  it('keeps valid search params and drops bad ones', () => {
    expect(companySearchSchema.parse({ q: ' acme ', page: 2 })).toEqual({ q: 'acme', page: 2 });
    expect(companySearchSchema.parse({ page: -1, q: 5 })).toEqual({ q: undefined, page: undefined });
    expect(companySearchSchema.parse({ page: 1.5 })).toEqual({ q: undefined, page: undefined });
    expect(companySearchSchema.parse({ page: 'x' })).toEqual({ q: undefined, page: undefined });
  });
});

describe('sameNameWarning', () => {
  it('names the companies already using the name and says saving is still possible', () => {
    expect(sameNameWarning([])).toBe('');
    expect(sameNameWarning(['Müller Spedition'])).toBe('A company named “Müller Spedition” already exists. You can still save if this is a different company.');
    expect(sameNameWarning(['Şişli Tekstil', 'SISLI TEKSTIL'])).toBe(
      'Companies named “Şişli Tekstil” and “SISLI TEKSTIL” already exist. You can still save if this is a different company.',
    );
  });

  it("reads in the reader's language, the names joined by its list format (the form's warning)", () => {
    const catalog = poMessages(readFileSync(path.resolve(__dirname, '../../locales/tr.po'), 'utf8'));
    const tr: Reader = { locale: 'tr', t: (m, values) => ENGLISH.t(catalog[m] ?? m, values) };
    expect(sameNameWarning(['Şişli Tekstil'], tr)).toBe('“Şişli Tekstil” adlı bir firma zaten var. Bu farklı bir firmaysa yine de kaydedebilirsiniz.');
    expect(sameNameWarning(['Şişli Tekstil', 'SISLI TEKSTIL', 'Sisli Tekstil'], tr)).toBe(
      '“Şişli Tekstil”, “SISLI TEKSTIL” ve “Sisli Tekstil” adlı firmalar zaten var. Bu farklı bir firmaysa yine de kaydedebilirsiniz.',
    );
  });
});
