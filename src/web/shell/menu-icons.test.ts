import { describe, expect, it } from 'vitest';
import { isNavGroup, menuFor } from '@domain/access/navigation';
import { ROLES } from '@domain/common/enums';
import { GROUP_ICONS, MENU_ICONS } from './menu-icons';

describe('menu icons', () => {
  it("every role's menu entry and group has its own icon, not the fallback", () => {
    const missing: string[] = [];
    for (const role of ROLES) {
      for (const entry of menuFor(role)) {
        if (isNavGroup(entry)) {
          if (!Object.hasOwn(GROUP_ICONS, entry.key ?? entry.label)) missing.push(`${role}: group ${entry.key ?? entry.label}`);
          for (const item of entry.items) if (!Object.hasOwn(MENU_ICONS, item.to)) missing.push(`${role}: ${item.to}`);
        } else if (!Object.hasOwn(MENU_ICONS, entry.to)) missing.push(`${role}: ${entry.to}`);
      }
    }
    expect(missing).toEqual([]);
    // The customer's menu, where Papers to send and Statement showed the same fallback globe.
    expect(MENU_ICONS['/checklist/owed']).not.toBe(MENU_ICONS['/billing/statement']);
  });
});
