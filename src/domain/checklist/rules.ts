/**
 * The document checklist's states, labels, limits, messages and due-date rules (issue 16, decision record 0238), in
 * a module without schemas: the shipment page shows a checklist before anything on it validates (decision 0248).
 * `checklist.ts` re-exports them with the schemas.
 */
import { ENGLISH, msg } from '@domain/common/i18n';

export const CHECKLIST_PROVIDERS = ['customer', 'forwarder'] as const;
export type ChecklistProvider = (typeof CHECKLIST_PROVIDERS)[number];
export const PROVIDER_LABELS: Record<ChecklistProvider, string> = { customer: msg('Customer'), forwarder: msg('Forwarder') };
/** Which shipments a template row fits (issue 41): every one, or only those with dangerous goods or temperature control. */
export const CHECKLIST_CONDITIONS = ['always', 'dangerous_goods', 'temperature_controlled'] as const;
export type ChecklistCondition = (typeof CHECKLIST_CONDITIONS)[number];
export const CONDITION_LABELS: Record<ChecklistCondition, string> = {
  always: msg('Every shipment'),
  dangerous_goods: msg('Only with dangerous goods'),
  temperature_controlled: msg('Only temperature controlled'),
};
/** Whether a row of condition `c` fits the shipment (the server's SQL applies the same rule: checklist/items.ts). */
export function conditionFits(c: ChecklistCondition, s: { dangerous_goods: boolean; temperature_controlled: boolean }): boolean {
  return c === 'always' || (c === 'dangerous_goods' ? s.dangerous_goods : s.temperature_controlled);
}

export const CHECKLIST_ANCHORS = ['departure', 'arrival'] as const;
export type ChecklistAnchor = (typeof CHECKLIST_ANCHORS)[number];

/** What a row shows: nothing yet, a document waiting for review, accepted, or missing past its due date. */
export const CHECKLIST_STATES = ['missing', 'received', 'approved', 'overdue'] as const;
export type ChecklistState = (typeof CHECKLIST_STATES)[number];
export const STATE_LABELS: Record<ChecklistState, string> = { missing: msg('Missing'), received: msg('Received'), approved: msg('Approved'), overdue: msg('Overdue') };

/** A shipment in one of these statuses is done: its missing items are no longer overdue. */
export const CHECKLIST_CLOSED_STATUSES = ['delivered', 'completed'] as const;

export const CHECKLIST_LIMITS = { name: 100, items: 20, offsetDays: 90, reason: 500 } as const;

export const CHECKLIST_MESSAGES = {
  name: msg('Document is required'),
  nameLong: msg('Document must be at most 100 characters'),
  provider: msg('Choose who provides it: customer or forwarder'),
  anchor: msg('Choose departure or arrival'),
  offsetDays: msg('Choose between 90 days before and 90 days after'),
  items: msg('A checklist holds at most 20 documents'),
  duplicate: (name: string) => ENGLISH.t(msg('{name} is on the checklist twice'), { name }),
  decision: msg('Choose approve or reject'),
  reason: msg('Say why the document is rejected'),
  reasonLong: msg('The reason must be at most 500 characters'),
  documentName: msg('Choose a document'),
  type: msg('type must be one of: air, sea, land, partial'),
  loadingType: msg('direction must be one of: export, import'),
  notFound: msg('Checklist item not found'),
  notReceived: msg('Only a received document can be approved or rejected'),
  alreadyApproved: msg('This document is approved already'),
  forwarderProvides: msg('The forwarder provides this document'),
  notYourShipment: msg('Only the handler of this shipment or an administrator can change its checklist'),
  documentNotOnShipment: msg('Choose a document of this shipment'),
  draftDocument: msg('Make the paper final before it satisfies a checklist item'),
  hasChecklist: msg('This shipment has a checklist already'),
  noTemplate: msg('The checklist template for this kind of shipment is empty: add documents to it in Settings first'),
} as const;

/** The day (YYYY-MM-DD, UTC) an item is due: its anchor's day moved by offset days; null while the anchor date is unknown. */
export function dueOn(anchorDate: string | Date | null | undefined, offsetDays: number): string | null {
  if (anchorDate === null || anchorDate === undefined || anchorDate === '') return null;
  const t = new Date(anchorDate).getTime();
  if (Number.isNaN(t)) return null;
  const day = new Date(Date.UTC(new Date(t).getUTCFullYear(), new Date(t).getUTCMonth(), new Date(t).getUTCDate() + offsetDays));
  return day.toISOString().slice(0, 10);
}

/** Today's UTC day (YYYY-MM-DD): the day the overdue rule compares with, as the server's SQL does. */
export const utcToday = (now: Date): string => now.toISOString().slice(0, 10);

/** "3 days before departure", "on arrival", "1 day after arrival". */
export function dueRule(anchor: ChecklistAnchor, offsetDays: number): string {
  if (offsetDays === 0) return `on ${anchor}`;
  const n = Math.abs(offsetDays);
  return `${n} ${n === 1 ? 'day' : 'days'} ${offsetDays < 0 ? 'before' : 'after'} ${anchor}`;
}

export type ChecklistFacts = {
  /** Whether a document satisfies the item now, and whether staff approved it. */
  has_document: boolean;
  approved: boolean;
  required: boolean;
  due_on: string | null;
  shipment_status: string;
};

/**
 * The state a row shows on `today` (YYYY-MM-DD): approved, received (a document waits for review), overdue (a required
 * item without a document, due before today, on a shipment not yet delivered), else missing. An optional item is
 * never overdue; an item is due through the whole of its due day.
 */
export function checklistState(f: ChecklistFacts, today: string): ChecklistState {
  if (f.has_document) return f.approved ? 'approved' : 'received';
  const open = !(CHECKLIST_CLOSED_STATUSES as readonly string[]).includes(f.shipment_status);
  if (f.required && open && f.due_on !== null && f.due_on < today) return 'overdue';
  return 'missing';
}

/**
 * A rejected paper the customer provides is urgent when it is due within this many days, or overdue: their contacts
 * are mailed at once, even those who chose the daily digest for "Documents due" (issue 45). Those who turned it off
 * are not.
 */
export const URGENT_REJECTION_DAYS = 2;

/** Whether a rejection of an item due on `due` (YYYY-MM-DD; null while its date is unknown) is urgent on `today`. */
export function urgentRejection(due: string | null, today: string): boolean {
  if (due === null) return false;
  const limit = new Date(Date.parse(`${today}T00:00:00Z`) + URGENT_REJECTION_DAYS * 86_400_000).toISOString().slice(0, 10);
  return due <= limit;
}

/** Whole days between the due day and today (both YYYY-MM-DD): 1 the day after it was due. */
export function daysOverdue(due: string, today: string): number {
  return Math.max(0, Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${due}T00:00:00Z`)) / 86_400_000));
}

// --- the papers a customer's company owes (issue 45; the schemas: owed.ts) ----------------------------------------

/**
 * Rejected (sent, refused with a reason: send it again), overdue (past its due day), due (a day ahead, or not known
 * yet); a rejection first, as it says what to fix. The server's SQL decides it (features/checklist/owed.ts).
 */
export const OWED_STATES = ['rejected', 'overdue', 'due'] as const;
export type OwedState = (typeof OWED_STATES)[number];
export const OWED_STATE_LABELS: Record<OwedState, string> = { rejected: msg('Rejected'), overdue: msg('Overdue'), due: msg('Due') };

/** The dashboard's action list: every rejected and overdue paper, and those due within this many days. */
export const DUE_SOON_DAYS = 7;
