import { describe, expect, it } from 'vitest';
import { SHIPMENT_STATUSES } from '@domain/common/enums';
import { allowedNextStatuses, statusChangeProblem, statusColor, statusLabel } from './status';

describe('status labels and colours', () => {
  it('shows in_progress as In Progress and capitalises the others', () => {
    expect(SHIPMENT_STATUSES.map(statusLabel)).toEqual([
      'Pending', 'Pending Approval', 'Approved', 'In Progress', 'In Transit', 'Customs Check', 'Delivered', 'Completed',
    ]);
    expect(statusLabel(null)).toBe('Unknown');
  });

  it('colours pending yellow, in_progress green, others blue', () => {
    expect(statusColor('pending')).toBe('yellow');
    expect(statusColor('in_progress')).toBe('green');
    for (const s of ['pending_approval', 'approved', 'in_transit', 'customs_check', 'delivered', 'completed', 'odd']) expect(statusColor(s)).toBe('blue');
  });
});

describe('status changes (decision 0141)', () => {
  it('lets any status move to any other, never to itself', () => {
    for (const from of SHIPMENT_STATUSES.filter((s) => s !== 'completed')) {
      for (const to of SHIPMENT_STATUSES) {
        const problem = statusChangeProblem(from, to, 'export');
        if (from === to) expect(problem).toBe(`The shipment is already ${statusLabel(to)}`);
        else expect(problem).toBeNull();
      }
    }
  });

  it('lets only an admin reopen a completed shipment', () => {
    expect(statusChangeProblem('completed', 'in_transit', 'import')).toBe('Only an administrator can reopen a completed shipment');
    expect(statusChangeProblem('completed', 'in_transit', 'admin')).toBeNull();
    expect(allowedNextStatuses('completed', 'export')).toEqual([]);
    expect(allowedNextStatuses('completed', 'admin')).toHaveLength(7);
    expect(allowedNextStatuses('in_progress', 'export')).not.toContain('in_progress');
  });

  it('refuses unknown statuses', () => {
    expect(statusChangeProblem('pending', 'lost', 'admin')).toMatch(/^Status must be one of: pending, pending_approval/);
  });
});
