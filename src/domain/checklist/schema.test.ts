import { describe, expect, it } from 'vitest';
import {
  CHECKLIST_MESSAGES, checklistState, daysOverdue, dueOn, dueRule, reviewInputSchema, templateInputSchema, urgentRejection, utcToday, type ChecklistFacts,
} from './schema';

describe('dueOn: the anchor date’s UTC day moved by the offset', () => {
  it('counts days before and after, across month and year ends and a leap day', () => {
    expect(dueOn('2026-03-01T09:30:00.000Z', -5)).toBe('2026-02-24');
    expect(dueOn('2028-03-01T09:30:00.000Z', -1)).toBe('2028-02-29');
    expect(dueOn('2026-12-30T12:00:00.000Z', 3)).toBe('2027-01-02');
    expect(dueOn('2026-06-10T00:00:00.000Z', 0)).toBe('2026-06-10');
  });
  it('takes the UTC day of the date, not the local one', () => {
    // 23:30 in Istanbul on the 9th is 20:30 UTC on the 9th; 01:00 Istanbul on the 10th is 22:00 UTC on the 9th.
    expect(dueOn('2026-06-10T01:00:00+03:00', 0)).toBe('2026-06-09');
    expect(dueOn(new Date(Date.UTC(2026, 5, 9, 23, 59)), 1)).toBe('2026-06-10');
  });
  it('has no due day while the date is unknown or not a date', () => {
    expect(dueOn(null, -3)).toBeNull();
    expect(dueOn(undefined, -3)).toBeNull();
    expect(dueOn('', -3)).toBeNull();
    expect(dueOn('not a date', -3)).toBeNull();
  });
});

describe('checklistState', () => {
  const facts = (f: Partial<ChecklistFacts>): ChecklistFacts => ({ has_document: false, approved: false, required: true, due_on: '2026-11-20', shipment_status: 'in_progress', ...f });
  const today = '2026-11-26';
  it('a document is received until approved, whatever the date', () => {
    expect(checklistState(facts({ has_document: true }), today)).toBe('received');
    expect(checklistState(facts({ has_document: true, approved: true }), today)).toBe('approved');
  });
  it('a required item without a document is overdue the day after its due day, not on it', () => {
    expect(checklistState(facts({ due_on: '2026-11-25' }), today)).toBe('overdue');
    expect(checklistState(facts({ due_on: '2026-11-26' }), today)).toBe('missing');
    expect(checklistState(facts({ due_on: '2026-12-01' }), today)).toBe('missing');
  });
  it('an optional item, an item without a due day and a delivered or completed shipment are never overdue', () => {
    expect(checklistState(facts({ required: false }), today)).toBe('missing');
    expect(checklistState(facts({ due_on: null }), today)).toBe('missing');
    expect(checklistState(facts({ shipment_status: 'delivered' }), today)).toBe('missing');
    expect(checklistState(facts({ shipment_status: 'completed' }), today)).toBe('missing');
    expect(checklistState(facts({ shipment_status: 'customs_check' }), today)).toBe('overdue');
  });
  it('today is the UTC day', () => {
    expect(utcToday(new Date('2026-11-26T23:30:00-05:00'))).toBe('2026-11-27');
  });
});

describe('days overdue and the due rule in words', () => {
  it('counts whole days', () => {
    expect(daysOverdue('2026-11-25', '2026-11-26')).toBe(1);
    expect(daysOverdue('2026-10-27', '2026-11-26')).toBe(30);
    expect(daysOverdue('2026-11-27', '2026-11-26')).toBe(0);
  });
  it('says before, on or after', () => {
    expect(dueRule('departure', -3)).toBe('3 days before departure');
    expect(dueRule('arrival', 1)).toBe('1 day after arrival');
    expect(dueRule('departure', 0)).toBe('on departure');
  });
});

describe('template and review input', () => {
  const item = { name: 'Commercial Invoice', provider: 'customer', required: true, anchor: 'departure', offset_days: -5 };
  const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
  it('accepts a valid template and trims names', () => {
    const r = templateInputSchema.safeParse({ items: [{ ...item, name: '  Packing List ' }] });
    expect(r.success && r.data.items[0]!.name).toBe('Packing List');
    expect(templateInputSchema.safeParse({ items: [] }).success).toBe(true);
  });
  it('names each problem', () => {
    expect(firstMessage(templateInputSchema.safeParse({ items: [item, { ...item, name: 'COMMERCIAL INVOICE' }] }))).toBe(CHECKLIST_MESSAGES.duplicate('COMMERCIAL INVOICE'));
    expect(firstMessage(templateInputSchema.safeParse({ items: [{ ...item, offset_days: -91 }] }))).toBe(CHECKLIST_MESSAGES.offsetDays);
    expect(firstMessage(templateInputSchema.safeParse({ items: [{ ...item, offset_days: 1.5 }] }))).toBe(CHECKLIST_MESSAGES.offsetDays);
    expect(firstMessage(templateInputSchema.safeParse({ items: [{ ...item, name: 'x'.repeat(101) }] }))).toBe(CHECKLIST_MESSAGES.nameLong);
    expect(firstMessage(templateInputSchema.safeParse({ items: [{ ...item, anchor: 'pickup' }] }))).toBe(CHECKLIST_MESSAGES.anchor);
    expect(firstMessage(templateInputSchema.safeParse({ items: Array.from({ length: 21 }, (_, i) => ({ ...item, name: `D${i}` })) }))).toBe(CHECKLIST_MESSAGES.items);
  });
  it('a rejection needs a reason; an approval does not', () => {
    expect(reviewInputSchema.safeParse({ decision: 'approve' }).success).toBe(true);
    expect(firstMessage(reviewInputSchema.safeParse({ decision: 'reject', reason: '   ' }))).toBe(CHECKLIST_MESSAGES.reason);
    expect(firstMessage(reviewInputSchema.safeParse({ decision: 'reject' }))).toBe(CHECKLIST_MESSAGES.reason);
    expect(reviewInputSchema.safeParse({ decision: 'reject', reason: 'Not signed' }).success).toBe(true);
    expect(firstMessage(reviewInputSchema.safeParse({ decision: 'maybe' }))).toBe(CHECKLIST_MESSAGES.decision);
  });
});

describe('urgentRejection: a rejected paper due within two days, or overdue, is mailed at once', () => {
  it('counts whole UTC days, across a month end', () => {
    expect(urgentRejection('2026-11-29', '2026-11-27')).toBe(true);
    expect(urgentRejection('2026-11-30', '2026-11-27')).toBe(false);
    expect(urgentRejection('2026-12-02', '2026-11-30')).toBe(true);
    expect(urgentRejection('2026-12-03', '2026-11-30')).toBe(false);
  });
  it('an overdue or today\'s paper is urgent; one without a date yet is not', () => {
    expect(urgentRejection('2026-10-01', '2026-11-27')).toBe(true);
    expect(urgentRejection('2026-11-27', '2026-11-27')).toBe(true);
    expect(urgentRejection(null, '2026-11-27')).toBe(false);
  });
});
