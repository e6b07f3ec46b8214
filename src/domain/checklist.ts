/**
 * The document checklist of a shipment (issue 16, decision record 0238): the papers it needs, who provides each
 * (the customer or the forwarder), whether it is required, and when it is due, relative to the estimated departure or
 * arrival. Admins keep one template per shipment type and direction; a new shipment copies its template. The rules
 * below (due date, state, overdue) are shared by the pages and the server, whose SQL applies the same overdue rule.
 */
import { z } from 'zod';
import { LOADING_TYPES, SHIPMENT_TYPES, type LoadingType, type ShipmentType } from './enums';
import { listQuerySchema } from './list';

export const CHECKLIST_PROVIDERS = ['customer', 'forwarder'] as const;
export type ChecklistProvider = (typeof CHECKLIST_PROVIDERS)[number];
export const PROVIDER_LABELS: Record<ChecklistProvider, string> = { customer: 'Customer', forwarder: 'Forwarder' };

export const CHECKLIST_ANCHORS = ['departure', 'arrival'] as const;
export type ChecklistAnchor = (typeof CHECKLIST_ANCHORS)[number];

/** What a row shows: nothing yet, a document waiting for review, accepted, or missing past its due date. */
export const CHECKLIST_STATES = ['missing', 'received', 'approved', 'overdue'] as const;
export type ChecklistState = (typeof CHECKLIST_STATES)[number];
export const STATE_LABELS: Record<ChecklistState, string> = { missing: 'Missing', received: 'Received', approved: 'Approved', overdue: 'Overdue' };

/** A shipment in one of these statuses is done: its missing items are no longer overdue. */
export const CHECKLIST_CLOSED_STATUSES = ['delivered', 'completed'] as const;

export const CHECKLIST_LIMITS = { name: 100, items: 20, offsetDays: 90, reason: 500 } as const;

export const CHECKLIST_MESSAGES = {
  name: 'Document is required',
  nameLong: `Document must be at most ${CHECKLIST_LIMITS.name} characters`,
  provider: 'Choose who provides it: customer or forwarder',
  anchor: 'Choose departure or arrival',
  offsetDays: `Choose between ${CHECKLIST_LIMITS.offsetDays} days before and ${CHECKLIST_LIMITS.offsetDays} days after`,
  items: `A checklist holds at most ${CHECKLIST_LIMITS.items} documents`,
  duplicate: (name: string) => `${name} is on the checklist twice`,
  decision: 'Choose approve or reject',
  reason: 'Say why the document is rejected',
  reasonLong: `The reason must be at most ${CHECKLIST_LIMITS.reason} characters`,
  documentName: 'Choose a document',
  type: `type must be one of: ${SHIPMENT_TYPES.join(', ')}`,
  loadingType: `direction must be one of: ${LOADING_TYPES.join(', ')}`,
  notFound: 'Checklist item not found',
  notReceived: 'Only a received document can be approved or rejected',
  alreadyApproved: 'This document is approved already',
  forwarderProvides: 'The forwarder provides this document',
  notYourShipment: 'Only the handler of this shipment or an administrator can change its checklist',
  documentNotOnShipment: 'Choose a document of this shipment',
  draftDocument: 'Make the paper final before it satisfies a checklist item',
  hasChecklist: 'This shipment has a checklist already',
  noTemplate: 'The checklist template for this kind of shipment is empty: add documents to it in Settings first',
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

/** Whole days between the due day and today (both YYYY-MM-DD): 1 the day after it was due. */
export function daysOverdue(due: string, today: string): number {
  return Math.max(0, Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${due}T00:00:00Z`)) / 86_400_000));
}

// --- templates -------------------------------------------------------------------------------------------------

export const templateItemSchema = z.object({
  name: z
    .string({ error: CHECKLIST_MESSAGES.name })
    .trim()
    .min(1, { error: CHECKLIST_MESSAGES.name })
    .max(CHECKLIST_LIMITS.name, { error: CHECKLIST_MESSAGES.nameLong }),
  provider: z.enum(CHECKLIST_PROVIDERS, { error: CHECKLIST_MESSAGES.provider }),
  required: z.boolean({ error: 'required must be true or false' }),
  anchor: z.enum(CHECKLIST_ANCHORS, { error: CHECKLIST_MESSAGES.anchor }),
  offset_days: z
    .number({ error: CHECKLIST_MESSAGES.offsetDays })
    .int({ error: CHECKLIST_MESSAGES.offsetDays })
    .min(-CHECKLIST_LIMITS.offsetDays, { error: CHECKLIST_MESSAGES.offsetDays })
    .max(CHECKLIST_LIMITS.offsetDays, { error: CHECKLIST_MESSAGES.offsetDays }),
});
export type TemplateItem = z.infer<typeof templateItemSchema>;

export const templateInputSchema = z.object({
  items: z
    .array(templateItemSchema, { error: 'items must be a list' })
    .max(CHECKLIST_LIMITS.items, { error: CHECKLIST_MESSAGES.items })
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, i) => {
        const key = item.name.toLocaleLowerCase('en-US');
        if (seen.has(key)) ctx.addIssue({ code: 'custom', message: CHECKLIST_MESSAGES.duplicate(item.name), path: [i, 'name'] });
        seen.add(key);
      });
    }),
});
export type TemplateInput = z.infer<typeof templateInputSchema>;

export const templateKeySchema = z.object({
  type: z.enum(SHIPMENT_TYPES, { error: CHECKLIST_MESSAGES.type }),
  direction: z.enum(LOADING_TYPES, { error: CHECKLIST_MESSAGES.loadingType }),
});

export const checklistTemplateSchema = z.object({
  type: z.enum(SHIPMENT_TYPES),
  direction: z.enum(LOADING_TYPES),
  items: z.array(templateItemSchema),
  updated_at: z.string().nullable(),
  updated_by_name: z.string().nullable(),
});
export type ChecklistTemplate = z.infer<typeof checklistTemplateSchema>;

/** The templates page's order: by type, export before import. */
export const TEMPLATE_KEYS: { type: ShipmentType; direction: LoadingType }[] = SHIPMENT_TYPES.flatMap((type) =>
  LOADING_TYPES.map((direction) => ({ type, direction })),
);

// --- a shipment's checklist --------------------------------------------------------------------------------------

export const checklistItemSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  name: z.string(),
  provider: z.enum(CHECKLIST_PROVIDERS),
  required: z.boolean(),
  anchor: z.enum(CHECKLIST_ANCHORS),
  offset_days: z.number().int(),
  due_on: z.string().nullable(),
  state: z.enum(CHECKLIST_STATES),
  document: z.object({ name: z.string(), original_name: z.string() }).nullable(),
  received_at: z.string().nullable(),
  received_by_name: z.string().nullable(),
  approved_at: z.string().nullable(),
  approved_by_name: z.string().nullable(),
  /** The last rejection: which file, why, by whom and when (kept until another document is received). */
  rejected: z.object({ original_name: z.string().nullable(), reason: z.string(), at: z.string(), by_name: z.string().nullable() }).nullable(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

export const shipmentChecklistSchema = z.object({
  items: z.array(checklistItemSchema),
  /** Whether the signed-in user may attach, review and apply the template (the handler or an administrator). */
  can_manage: z.boolean(),
});
export type ShipmentChecklist = z.infer<typeof shipmentChecklistSchema>;

export const attachInputSchema = z.object({
  document_name: z.string({ error: CHECKLIST_MESSAGES.documentName }).trim().min(1, { error: CHECKLIST_MESSAGES.documentName }).max(300),
});

export const reviewInputSchema = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: CHECKLIST_MESSAGES.decision }),
    reason: z.string({ error: CHECKLIST_MESSAGES.reason }).trim().max(CHECKLIST_LIMITS.reason, { error: CHECKLIST_MESSAGES.reasonLong }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'reject' && !v.reason) ctx.addIssue({ code: 'custom', message: CHECKLIST_MESSAGES.reason, path: ['reason'] });
  });
export type ReviewInput = z.infer<typeof reviewInputSchema>;

// --- the overdue page --------------------------------------------------------------------------------------------

export const overdueRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.enum(CHECKLIST_PROVIDERS),
  due_on: z.string(),
  days_overdue: z.number().int(),
  shipment_id: z.string(),
  reference_number: z.string(),
  type: z.enum(SHIPMENT_TYPES),
  loading_type: z.enum(LOADING_TYPES),
  status: z.string(),
  company_name: z.string().nullable(),
  handler_name: z.string().nullable(),
});
export type OverdueRow = z.infer<typeof overdueRowSchema>;

export const overdueQuerySchema = listQuerySchema.omit({ q: true }).extend({
  provider: z.enum(CHECKLIST_PROVIDERS, { error: CHECKLIST_MESSAGES.provider }).optional(),
});
export type OverdueQuery = z.input<typeof overdueQuerySchema>;

/** The page's URL state: a bad value falls back to the default instead of failing the page. */
export const overdueSearchSchema = z.object({
  provider: z.enum(CHECKLIST_PROVIDERS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  dir: z.enum(['asc', 'desc']).optional().catch(undefined),
});
