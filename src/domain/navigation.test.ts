import { describe, expect, it } from 'vitest';
import { isNavGroup, menuFor, pageRedirect } from './navigation';

const targets = (role: Parameters<typeof menuFor>[0]) =>
  menuFor(role).flatMap((e) => (isNavGroup(e) ? e.items.map((i) => i.to) : [e.to]));

describe('menuFor', () => {
  it('gives the admin the full menu in the spec order', () => {
    expect(targets('admin')).toEqual([
      '/dashboard', '/companies', '/all-shipments', '/air-shipments', '/sea-shipments', '/land-shipments', '/partial-shipments',
      '/service-providers', '/carriers', '/airports', '/seaports', '/consolidation-agents', '/documents', '/staff',
    ]);
  });
  it('gives export and import handlers dashboard, companies, my shipments, documents', () => {
    for (const role of ['export', 'import'] as const) {
      expect(targets(role)).toEqual(['/dashboard', '/companies', '/my-shipments', '/documents']);
    }
  });
  it('gives customers dashboard, Company Profiles and All Shipments', () => {
    expect(menuFor('customer').map((e) => ('to' in e ? e.label : ''))).toEqual(['Dashboard', 'Company Profiles', 'All Shipments']);
    expect(targets('customer')).toEqual(['/dashboard', '/company', '/all-shipments']);
  });
});

describe('pageRedirect', () => {
  it('sends customers from /documents to /dashboard and from /shipments/new to /all-shipments', () => {
    expect(pageRedirect('/documents', 'customer')).toBe('/dashboard');
    expect(pageRedirect('/shipments/new', 'customer')).toBe('/all-shipments');
  });
  it('refuses staff-only pages to customers and admin-only pages to handlers', () => {
    expect(pageRedirect('/companies', 'customer')).toBe('/dashboard');
    expect(pageRedirect('/companies/abc', 'customer')).toBe('/dashboard');
    expect(pageRedirect('/staff', 'export')).toBe('/dashboard');
    expect(pageRedirect('/audit', 'import')).toBe('/dashboard');
    expect(pageRedirect('/audit', 'customer')).toBe('/dashboard');
    expect(pageRedirect('/airports/new', 'import')).toBe('/dashboard');
    expect(pageRedirect('/shipment/1/edit', 'export')).toBe('/dashboard');
    expect(pageRedirect('/shipment/1', 'customer')).toBe('/all-shipments/1');
  });
  it('lets each role open its own pages', () => {
    expect(pageRedirect('/staff', 'admin')).toBeNull();
    expect(pageRedirect('/audit', 'admin')).toBeNull();
    expect(pageRedirect('/companies', 'export')).toBeNull();
    expect(pageRedirect('/documents', 'import')).toBeNull();
    expect(pageRedirect('/company', 'customer')).toBeNull();
    expect(pageRedirect('/all-shipments/1', 'customer')).toBeNull();
    expect(pageRedirect('/dashboard', 'customer')).toBeNull();
  });
});
