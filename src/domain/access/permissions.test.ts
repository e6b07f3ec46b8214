import { describe, expect, it } from 'vitest';
import { ROLES } from '@domain/common/enums';
import { can, isCustomer, isStaff, NOT_WITH_A_KEY, RULES, type Action } from './permissions';
import { isNavGroup, menuFor, PAGE_RULES, pageRedirect } from './navigation';

const pagesOf = (role: (typeof ROLES)[number]) => menuFor(role).flatMap((e) => (isNavGroup(e) ? e.items.map((i) => i.to) : [e.to]));

describe('the permission table', () => {
  it('names only known roles, each at most once', () => {
    for (const [action, roles] of Object.entries(RULES)) {
      expect(new Set(roles).size, action).toBe(roles.length);
      for (const role of roles) expect(ROLES, action).toContain(role);
    }
  });
  it('answers can() from the table', () => {
    for (const action of Object.keys(RULES) as Action[]) {
      for (const role of ROLES) expect(can(role, action), `${role} ${action}`).toBe((RULES[action] as readonly string[]).includes(role));
    }
  });
  it('keeps the person-only actions in the table', () => {
    for (const action of NOT_WITH_A_KEY) expect(Object.keys(RULES)).toContain(action);
  });
  it('tells staff from customers', () => {
    for (const role of ROLES) expect(isStaff(role)).toBe(!isCustomer(role));
  });
});

describe('menus and page guards agree with the table', () => {
  it('leads no role to a page it is refused', () => {
    for (const role of ROLES) {
      for (const to of pagesOf(role)) expect(pageRedirect(to, role), `${role} ${to}`).toBeNull();
    }
  });
  it('refuses a page exactly to the roles its action leaves out', () => {
    const samples = ['/documents', '/exceptions', '/checklist/overdue', '/carrier-events', '/import', '/shipments/new', '/webhooks', '/requests/new',
      '/shipment/1/edit', '/shipment/1', '/seaports', '/airports/new', '/carriers/1', '/service-providers', '/consolidation-agents', '/staff', '/audit', '/jobs',
      '/settings/letterhead', '/companies', '/companies/1', '/invoices', '/invoices/1', '/invoices/new', '/invoices/ready', '/invoices/1/edit', '/exchange-rates', '/settings/billing', '/my-shipments', '/air-shipments', '/sea-shipments', '/land-shipments', '/partial-shipments'];
    for (const path of samples) {
      const rule = PAGE_RULES.find((r) => r.pattern.test(path));
      expect(rule, path).toBeDefined();
      for (const role of ROLES) expect(pageRedirect(path, role) === null, `${role} ${path}`).toBe(can(role, rule!.action));
    }
  });
});
