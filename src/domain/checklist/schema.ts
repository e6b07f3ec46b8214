/**
 * The document checklist of a shipment (issue 16, decision record 0238): the papers it needs, who provides each
 * (the customer or the forwarder), whether it is required, and when it is due, relative to the estimated departure or
 * arrival. Admins keep one template per shipment type and direction; a new shipment copies its template. The rules
 * (due date, state, overdue: checklist/rules.ts) are shared by the pages and the server, whose SQL applies the same
 * overdue rule; the schemas are here.
 */
import { z } from 'zod';
import { LOADING_TYPES, SHIPMENT_TYPES, type LoadingType, type ShipmentType } from '@domain/common/enums';
import { listQuerySchema } from '@domain/common/list-schema';
import { CHECKLIST_ANCHORS, CHECKLIST_CONDITIONS, CHECKLIST_LIMITS, CHECKLIST_MESSAGES, CHECKLIST_PROVIDERS, CHECKLIST_STATES } from './rules';
import { msg } from '@domain/common/i18n';

export * from './rules';

// --- templates -------------------------------------------------------------------------------------------------

export const templateItemSchema = z.object({
  name: z
    .string({ error: CHECKLIST_MESSAGES.name })
    .trim()
    .min(1, { error: CHECKLIST_MESSAGES.name })
    .max(CHECKLIST_LIMITS.name, { error: CHECKLIST_MESSAGES.nameLong }),
  provider: z.enum(CHECKLIST_PROVIDERS, { error: CHECKLIST_MESSAGES.provider }),
  required: z.boolean({ error: msg('required must be true or false') }),
  anchor: z.enum(CHECKLIST_ANCHORS, { error: CHECKLIST_MESSAGES.anchor }),
  offset_days: z
    .number({ error: CHECKLIST_MESSAGES.offsetDays })
    .int({ error: CHECKLIST_MESSAGES.offsetDays })
    .min(-CHECKLIST_LIMITS.offsetDays, { error: CHECKLIST_MESSAGES.offsetDays })
    .max(CHECKLIST_LIMITS.offsetDays, { error: CHECKLIST_MESSAGES.offsetDays }),
  /** Every shipment (the default), or only one with dangerous goods or temperature control (issue 41). */
  applies_when: z.enum(CHECKLIST_CONDITIONS, { error: msg('applies_when must be always, dangerous_goods or temperature_controlled') }).default('always'),
});
export type TemplateItem = z.infer<typeof templateItemSchema>;

export const templateInputSchema = z.object({
  items: z
    .array(templateItemSchema, { error: msg('items must be a list') })
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
