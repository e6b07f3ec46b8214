import { describe, expect, it } from 'vitest';
import { SERVICE_TYPES, SERVICE_TYPES_ON_EDIT } from '@domain/common/enums';
import {
  CARRIER_TYPE_HINT_NONE,
  PARTNER_MESSAGES,
  carrierInputSchema,
  carrierListQuerySchema,
  carrierTypeHint,
  carriersFoundText,
  consolidationAgentInputSchema,
  deleteConfirmText,
  isPhone,
  isWebsite,
  serviceProviderCreateSchema,
  serviceProviderUpdateSchema,
  serviceTypeOnEditError,
  serviceTypeOptionsOnEdit,
} from './schema';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('required fields', () => {
  it('carrier: name, country and carrier type, one message for any of them missing or blank', () => {
    const ok = { name: 'Maersk', country: 'Denmark', carrier_type: 'shipping_line' };
    expect(carrierInputSchema.parse(ok)).toMatchObject(ok);
    for (const bad of [{ ...ok, name: '  ' }, { ...ok, country: undefined }, { ...ok, carrier_type: '' }, { ...ok, name: null }, {}]) {
      expect(firstMessage(carrierInputSchema.safeParse(bad))).toBe('Name, country and carrier type are required');
    }
    expect(firstMessage(carrierInputSchema.safeParse({ ...ok, carrier_type: 'boat' }))).toBe(PARTNER_MESSAGES.invalidCarrierType);
  });

  it('service provider: name, country and service type', () => {
    const ok = { name: 'Bursa Customs', country: 'Turkey', service_type: 'Customs Broker' };
    expect(serviceProviderCreateSchema.parse(ok)).toMatchObject(ok);
    for (const bad of [{ ...ok, name: '' }, { ...ok, country: ' ' }, { ...ok, service_type: undefined }]) {
      expect(firstMessage(serviceProviderCreateSchema.safeParse(bad))).toBe('Name, country and service type are required');
    }
    expect(firstMessage(serviceProviderCreateSchema.safeParse({ ...ok, service_type: 'Astrologer' }))).toBe(PARTNER_MESSAGES.invalidServiceType);
    // Editing leaves the check against the stored type to serviceTypeOnEditError.
    expect(serviceProviderUpdateSchema.safeParse({ ...ok, service_type: 'Legacy Type' }).success).toBe(true);
  });

  it('consolidation agent: name and country', () => {
    expect(firstMessage(consolidationAgentInputSchema.safeParse({ name: 'X' }))).toBe('Name and country are required');
    expect(firstMessage(consolidationAgentInputSchema.safeParse({ country: 'DE', name: '' }))).toBe('Name and country are required');
  });
});

describe('optional contact fields', () => {
  const base = { name: '  EuroConsol  ', country: 'Germany' };
  it('trims, and turns blanks into null', () => {
    expect(consolidationAgentInputSchema.parse({ ...base, registration_number: ' ', contact_email: '', contact_phone: null, website: undefined })).toEqual({
      name: 'EuroConsol',
      country: 'Germany',
      registration_number: null,
      contact_email: null,
      contact_phone: null,
      website: null,
    });
  });
  it('checks email, phone and website', () => {
    expect(firstMessage(consolidationAgentInputSchema.safeParse({ ...base, contact_email: 'not-an-email' }))).toBe(PARTNER_MESSAGES.invalidEmail);
    expect(firstMessage(consolidationAgentInputSchema.safeParse({ ...base, contact_phone: 'call me' }))).toBe(PARTNER_MESSAGES.invalidPhone);
    expect(firstMessage(consolidationAgentInputSchema.safeParse({ ...base, website: 'javascript:alert(1)' }))).toBe(PARTNER_MESSAGES.invalidWebsite);
    expect(consolidationAgentInputSchema.parse({ ...base, contact_email: ' a@b.example ', contact_phone: '+49 (40) 555-3300', website: 'euroconsol.example' })).toMatchObject({
      contact_email: 'a@b.example',
      contact_phone: '+49 (40) 555-3300',
      website: 'euroconsol.example',
    });
  });
  it('limits lengths with a message naming the field', () => {
    expect(firstMessage(consolidationAgentInputSchema.safeParse({ ...base, name: 'x'.repeat(201) }))).toBe('Name must be at most 200 characters');
    expect(firstMessage(consolidationAgentInputSchema.safeParse({ ...base, registration_number: 'x'.repeat(101) }))).toBe('Registration number must be at most 100 characters');
  });
});

describe('isPhone', () => {
  it('accepts common notations', () => {
    for (const p of ['+90 212 555 0000', '(040) 555-33', '030/1234567', '+1 555 010 9999 ext. 12', '555.0100']) expect(isPhone(p), p).toBe(true);
  });
  it('refuses letters and too few digits', () => {
    for (const p of ['abc', '12', '+90 212 ABC', '--', '1'.repeat(25)]) expect(isPhone(p), p).toBe(false);
  });
});

describe('isWebsite', () => {
  it('accepts hosts with or without http(s)', () => {
    for (const w of ['maersk.example', 'https://hapag-lloyd.example', 'http://a.b.example/path?x=1', 'www.exämple.com', 'localhost:8080', 'example.com:8080/x']) {
      expect(isWebsite(w), w).toBe(true);
    }
  });
  it('refuses other schemes, credentials, spaces and bare words', () => {
    for (const w of ['javascript:alert(1)', 'ftp://files.example', 'mailto:x@y.example', 'user:pw@site.example', 'my site.com', 'maersk', 'data:text/html,hi']) {
      expect(isWebsite(w), w).toBe(false);
    }
  });
});

describe('service types on edit', () => {
  it('offers the edit options, plus the current type when it is not one of them', () => {
    expect(serviceTypeOptionsOnEdit('Customs Broker')).toEqual([...SERVICE_TYPES_ON_EDIT]);
    expect(serviceTypeOptionsOnEdit('Customs Broker')).not.toContain('Consolidation Agent');
    expect(serviceTypeOptionsOnEdit('Consolidation Agent')).toEqual([...SERVICE_TYPES_ON_EDIT, 'Consolidation Agent']);
    expect(serviceTypeOptionsOnEdit(null)).toHaveLength(SERVICE_TYPES.length - 1);
  });
  it('refuses switching to Consolidation Agent, keeps an unchanged one', () => {
    expect(serviceTypeOnEditError('Consolidation Agent', 'Customs Broker')).toBe(PARTNER_MESSAGES.serviceTypeNotOnEdit);
    expect(serviceTypeOnEditError('Consolidation Agent', 'Consolidation Agent')).toBeNull();
    expect(serviceTypeOnEditError('Other', 'Consolidation Agent')).toBeNull();
    expect(serviceTypeOnEditError('Legacy', 'Legacy')).toBeNull();
    expect(serviceTypeOnEditError('Astrologer', 'Other')).toBe(PARTNER_MESSAGES.invalidServiceType);
  });
});

describe('carrier texts and filter', () => {
  it('says how many carriers were found', () => {
    expect(carriersFoundText(1)).toBe('1 carrier(s) found');
    expect(carriersFoundText(12)).toBe('12 carrier(s) found');
  });
  it('gives a hint per type', () => {
    expect(carrierTypeHint('airline')).toBe('Airlines carry air freight; used for air shipments and partial shipments by air (Break Bulk).');
    expect(carrierTypeHint('shipping_line')).toContain('sea shipments and LCL');
    expect(carrierTypeHint('trucking_company')).toContain('land shipments and LTL');
    expect(carrierTypeHint('')).toBe(CARRIER_TYPE_HINT_NONE);
  });
  it('filters by a known type, empty meaning all', () => {
    expect(carrierListQuerySchema.parse({ carrier_type: 'airline' }).carrier_type).toBe('airline');
    expect(carrierListQuerySchema.parse({ carrier_type: '' }).carrier_type).toBeUndefined();
    expect(firstMessage(carrierListQuerySchema.safeParse({ carrier_type: 'ship' }))).toBe(PARTNER_MESSAGES.invalidCarrierTypeFilter);
  });
  it('words the delete confirmation', () => {
    expect(deleteConfirmText('EuroConsol')).toBe('Are you sure you want to delete EuroConsol? This action cannot be undone.');
  });
});
