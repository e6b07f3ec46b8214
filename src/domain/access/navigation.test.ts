import { describe, expect, it } from 'vitest';
import { isNavGroup, menuFor, pageRedirect } from './navigation';
import { returnTarget, safeRedirect } from './redirects';

const targets = (role: Parameters<typeof menuFor>[0]) =>
  menuFor(role).flatMap((e) => (isNavGroup(e) ? e.items.map((i) => i.to) : [e.to]));

describe('menuFor', () => {
  it('gives the admin the full menu in the spec order', () => {
    expect(targets('admin')).toEqual([
      '/dashboard', '/companies', '/all-shipments', '/air-shipments', '/sea-shipments', '/land-shipments', '/partial-shipments', '/requests', '/messages',
      '/invoices', '/invoices/ready', '/billing/statement', '/billing/ageing', '/billing/exports', '/supplier-bills', '/billing/payables', '/exchange-rates', '/rates', '/settings/billing', '/settings/accounting',
      '/service-providers', '/carriers', '/airports', '/seaports', '/consolidation-agents', '/charge-codes', '/documents', '/checklist/overdue', '/carrier-events', '/import', '/staff',
    ]);
  });
  it('gives export and import handlers dashboard, companies, my shipments, requests, messages, documents, overdue documents, carrier events, billing', () => {
    for (const role of ['export', 'import'] as const) {
      expect(targets(role)).toEqual(['/dashboard', '/companies', '/my-shipments', '/requests', '/messages', '/invoices', '/invoices/ready', '/billing/statement', '/supplier-bills', '/exchange-rates', '/rates', '/documents', '/checklist/overdue', '/carrier-events', '/import']);
    }
  });
  it('gives customers dashboard, Company Profiles, All Shipments, Papers to send, Requests, Messages, Invoices and Statement', () => {
    expect(menuFor('customer').map((e) => ('to' in e ? e.label : ''))).toEqual(['Dashboard', 'Company Profiles', 'All Shipments', 'Papers to send', 'Requests', 'Messages', 'Invoices', 'Statement']);
    expect(targets('customer')).toEqual(['/dashboard', '/company', '/all-shipments', '/checklist/owed', '/requests', '/messages', '/invoices', '/billing/statement']);
    // Issue 45: the papers owed are the customer's page; staff are sent to the overdue documents.
    expect(pageRedirect('/checklist/owed', 'customer')).toBeNull();
    for (const role of ['admin', 'export', 'import'] as const) expect(pageRedirect('/checklist/owed', role)).toBe('/checklist/overdue');
  });
  it('groups staff billing pages under Billing, settings for administrators only (issue 38)', () => {
    const billing = (role: Parameters<typeof menuFor>[0]) => menuFor(role).find((e) => isNavGroup(e) && e.key === 'billing');
    expect(billing('admin')).toEqual({ key: 'billing', label: 'Billing', items: [
      { label: 'Invoices', to: '/invoices' }, { label: 'Ready to invoice', to: '/invoices/ready' },
      { label: 'Statement', to: '/billing/statement' }, { label: 'Ageing report', to: '/billing/ageing' },
      { label: 'Accounting exports', to: '/billing/exports' },
      { label: 'Supplier bills', to: '/supplier-bills' }, { label: 'Payables ageing', to: '/billing/payables' },
      { label: 'Exchange rates', to: '/exchange-rates' }, { label: 'Rate cards', to: '/rates' }, { label: 'Billing settings', to: '/settings/billing' },
      { label: 'Accounting settings', to: '/settings/accounting' },
    ] });
    expect(billing('export')).toEqual({ key: 'billing', label: 'Billing', items: [
      { label: 'Invoices', to: '/invoices' }, { label: 'Ready to invoice', to: '/invoices/ready' },
      { label: 'Statement', to: '/billing/statement' }, { label: 'Supplier bills', to: '/supplier-bills' }, { label: 'Exchange rates', to: '/exchange-rates' },
      { label: 'Rate cards', to: '/rates' },
    ] });
    expect(billing('customer')).toBeUndefined();
  });
  it('shows the ageing report to administrators only (issue 38)', () => {
    expect(pageRedirect('/billing/ageing', 'admin')).toBeNull();
    for (const role of ['export', 'import', 'customer'] as const) expect(pageRedirect('/billing/ageing', role)).toBe('/billing/statement');
    for (const role of ['admin', 'export', 'import', 'customer'] as const) expect(pageRedirect('/billing/statement', role)).toBeNull();
  });
  it('supplier bills are staff pages; the payables ageing is the administrators\' (issue 39)', () => {
    for (const role of ['admin', 'export', 'import'] as const) {
      expect(pageRedirect('/supplier-bills', role)).toBeNull();
      expect(pageRedirect('/supplier-bills/new', role)).toBeNull();
      expect(pageRedirect('/supplier-bills/7b0f8a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', role)).toBeNull();
    }
    // A customer is sent to the list, which sends them on to their dashboard.
    for (const path of ['/supplier-bills', '/supplier-bills/x']) expect(pageRedirect(path, 'customer'), path).toBe('/dashboard');
    for (const path of ['/supplier-bills/new', '/billing/payables']) expect(pageRedirect(path, 'customer'), path).toBe('/supplier-bills');
    expect(pageRedirect('/billing/payables', 'admin')).toBeNull();
    // Issue 40: rate cards are staff's; a customer is sent to the dashboard.
    for (const role of ['admin', 'export', 'import'] as const) expect(pageRedirect('/rates', role)).toBeNull();
    expect(pageRedirect('/rates', 'customer')).toBe('/dashboard');
    for (const role of ['export', 'import'] as const) expect(pageRedirect('/billing/payables', role)).toBe('/supplier-bills');
  });
  it('a customer requests again from a copy; staff have no requests of their own to copy (issue 45)', () => {
    expect(pageRedirect('/requests/7b0f8a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b/again', 'customer')).toBeNull();
    for (const role of ['admin', 'export', 'import'] as const) expect(pageRedirect('/requests/x/again', role)).toBe('/requests');
    expect(pageRedirect('/requests/x/again/more', 'export')).toBeNull();
  });

  it('sends each role away from the billing pages it may not open', () => {
    expect(pageRedirect('/invoices', 'customer')).toBeNull();
    expect(pageRedirect('/invoices/abc', 'customer')).toBeNull();
    expect(pageRedirect('/invoices/new', 'customer')).toBe('/invoices');
    expect(pageRedirect('/invoices/ready', 'customer')).toBe('/invoices');
    expect(pageRedirect('/invoices/abc/edit', 'customer')).toBe('/invoices/abc');
    expect(pageRedirect('/invoices/new', 'export')).toBeNull();
    expect(pageRedirect('/exchange-rates', 'customer')).toBe('/dashboard');
    expect(pageRedirect('/exchange-rates', 'import')).toBeNull();
    expect(pageRedirect('/settings/billing', 'export')).toBe('/dashboard');
    expect(pageRedirect('/settings/billing', 'admin')).toBeNull();
    // Issue 39: the books are the administrators'.
    for (const role of ['export', 'import', 'customer'] as const) {
      expect(pageRedirect('/billing/exports', role)).toBe('/dashboard');
      expect(pageRedirect('/settings/accounting', role)).toBe('/dashboard');
    }
    expect(pageRedirect('/billing/exports', 'admin')).toBeNull();
    expect(pageRedirect('/settings/accounting', 'admin')).toBeNull();
  });
  it('lets every role open the messages page', () => {
    for (const role of ['admin', 'export', 'import', 'customer'] as const) expect(pageRedirect('/messages', role)).toBeNull();
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
    expect(pageRedirect('/jobs', 'export')).toBe('/dashboard');
    expect(pageRedirect('/jobs', 'customer')).toBe('/dashboard');
    expect(pageRedirect('/exceptions', 'customer')).toBe('/dashboard');
    expect(pageRedirect('/exceptions', 'import')).toBeNull();
    expect(pageRedirect('/carrier-events', 'customer')).toBe('/dashboard');
    expect(pageRedirect('/carrier-events', 'export')).toBeNull();
    expect(pageRedirect('/import', 'customer')).toBe('/dashboard');
    expect(pageRedirect('/import', 'import')).toBeNull();
    expect(pageRedirect('/checklist/overdue', 'customer')).toBe('/dashboard');
    expect(pageRedirect('/checklist/overdue', 'export')).toBeNull();
    expect(pageRedirect('/checklist/overdue', 'admin')).toBeNull();
    expect(pageRedirect('/settings/letterhead', 'export')).toBe('/dashboard');
    expect(pageRedirect('/settings/checklists', 'export')).toBe('/dashboard');
    expect(pageRedirect('/settings/checklists', 'import')).toBe('/dashboard');
    expect(pageRedirect('/settings/checklists', 'customer')).toBe('/dashboard');
    expect(pageRedirect('/airports/new', 'import')).toBe('/dashboard');
    expect(pageRedirect('/shipment/1/edit', 'export')).toBe('/dashboard');
    expect(pageRedirect('/shipment/1', 'customer')).toBe('/all-shipments/1');
  });
  it('keeps the new-request form for customers and sends staff to the request queue', () => {
    expect(pageRedirect('/requests/new', 'customer')).toBeNull();
    for (const role of ['admin', 'export', 'import'] as const) {
      expect(pageRedirect('/requests/new', role)).toBe('/requests');
      expect(pageRedirect('/requests', role)).toBeNull();
      expect(pageRedirect('/requests/8f2c1e7a-1d2b-4c3d-9e8f-001122334455', role)).toBeNull();
    }
    expect(pageRedirect('/requests', 'customer')).toBeNull();
    expect(pageRedirect('/requests/8f2c1e7a-1d2b-4c3d-9e8f-001122334455', 'customer')).toBeNull();
  });
  it('lets each role open its own pages', () => {
    expect(pageRedirect('/staff', 'admin')).toBeNull();
    expect(pageRedirect('/audit', 'admin')).toBeNull();
    expect(pageRedirect('/jobs', 'admin')).toBeNull();
    expect(pageRedirect('/settings/letterhead', 'admin')).toBeNull();
    expect(pageRedirect('/settings/checklists', 'admin')).toBeNull();
    expect(pageRedirect('/companies', 'export')).toBeNull();
    expect(pageRedirect('/documents', 'import')).toBeNull();
    expect(pageRedirect('/company', 'customer')).toBeNull();
    expect(pageRedirect('/all-shipments/1', 'customer')).toBeNull();
    expect(pageRedirect('/dashboard', 'customer')).toBeNull();
  });
});

describe('safeRedirect', () => {
  it('honours same-site relative paths, with their search and hash', () => {
    expect(safeRedirect('/companies')).toBe('/companies');
    expect(safeRedirect('/shipment/8f2c1e7a-1d2b-4c3d-9e8f-001122334455')).toBe('/shipment/8f2c1e7a-1d2b-4c3d-9e8f-001122334455');
    expect(safeRedirect('/companies?page=2&q=anatolia')).toBe('/companies?page=2&q=anatolia');
    expect(safeRedirect('/documents#top')).toBe('/documents#top');
    // Encoded slashes stay a path on this site.
    expect(safeRedirect('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });
  it('refuses other sites, schemes and the tricks browsers read as another host', () => {
    for (const bad of [
      '//evil.example', '//evil.example/path', '///evil.example', 'http://evil.example', 'https://evil.example/x', 'HTTP://evil.example',
      'javascript:alert(1)', 'data:text/html,hi', 'evil.example', 'companies', ' /companies', '',
      '/\\evil.example', '\\evil.example', '/\\/evil.example', '/\tevil', '/\t/evil.example', '/\n/evil.example', '/x\u0000',
    ]) {
      expect(safeRedirect(bad), JSON.stringify(bad)).toBeUndefined();
    }
  });
  it('refuses what is not a string, and overlong values', () => {
    for (const bad of [undefined, null, 42, true, ['/companies'], { to: '/companies' }]) expect(safeRedirect(bad)).toBeUndefined();
    expect(safeRedirect(`/${'a'.repeat(2000)}`)).toBeUndefined();
  });
  it('does not send anyone back to the sign-in or sign-up forms', () => {
    for (const loop of ['/signin', '/signin/', '/signin?redirect=/companies', '/SignIn', '/signup', '/signup?x=1']) expect(safeRedirect(loop), loop).toBeUndefined();
    expect(safeRedirect('/signing-sheet')).toBe('/signing-sheet');
  });
});

describe('returnTarget', () => {
  it('keeps the address a signed-out person was sent away from', () => {
    expect(returnTarget('/companies')).toBe('/companies');
    expect(returnTarget('/shipment/42')).toBe('/shipment/42');
    expect(returnTarget('/air-shipments?page=3')).toBe('/air-shipments?page=3');
  });
  it('leaves out the home page, where sign-in lands anyway, and anything unsafe', () => {
    expect(returnTarget('/dashboard')).toBeUndefined();
    expect(returnTarget('/dashboard?x=1')).toBeUndefined();
    expect(returnTarget('/')).toBeUndefined();
    expect(returnTarget('//evil.example')).toBeUndefined();
    expect(returnTarget('/signin')).toBeUndefined();
  });
});
