/**
 * Delay and exception alerts (issue 17, decision record 0230): the rules that put a shipment on the staff's
 * Exceptions page. The server computes them in SQL (migration 0019 keeps their counts current); this module holds
 * the same rules as plain functions, the thresholds' limits and the schemas, shared by the page and the server.
 */
import { z } from 'zod';
import { CHECKLIST_PROVIDERS } from '@domain/checklist/schema';
import { listQuerySchema } from '@domain/common/list-schema';
import { shipmentRouteShape } from '@domain/shipments/list-schema';
import { EXCEPTION_KINDS, EXCEPTION_MESSAGES, EXCEPTION_LIMITS, EXCEPTION_TABS } from './rules';

export * from './rules';

const dayCount = (message: string, limits: { min: number; max: number }) =>
  z.number({ error: message }).int({ error: message }).min(limits.min, { error: message }).max(limits.max, { error: message });

export const exceptionSettingsSchema = z.object({
  arrival_moved_days: dayCount(EXCEPTION_MESSAGES.arrivalMovedDays, EXCEPTION_LIMITS.arrival_moved_days),
  no_change_days: dayCount(EXCEPTION_MESSAGES.noChangeDays, EXCEPTION_LIMITS.no_change_days),
});

export const exceptionSettingsViewSchema = exceptionSettingsSchema.extend({
  updated_at: z.string().nullable(),
  updated_by_name: z.string().nullable(),
});
export type ExceptionSettingsView = z.infer<typeof exceptionSettingsViewSchema>;

export const exceptionListQuerySchema = listQuerySchema.omit({ q: true }).extend({
  kind: z.enum(EXCEPTION_KINDS, { message: EXCEPTION_MESSAGES.kind }).default('departure_overdue'),
});
export type ExceptionListQuery = z.input<typeof exceptionListQuerySchema>;

/** The page's URL state: a bad value falls back to the default instead of failing the page. */
export const exceptionSearchSchema = z.object({
  kind: z.enum(EXCEPTION_TABS).optional().catch(undefined),
  /** The documents tab's filter: who provides the document. */
  provider: z.enum(CHECKLIST_PROVIDERS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  dir: z.enum(['asc', 'desc']).optional().catch(undefined),
});

export const exceptionCountsSchema = z.object({
  departure_overdue: z.number().int(),
  arrival_overdue: z.number().int(),
  arrival_moved: z.number().int(),
  no_change: z.number().int(),
  /** Required checklist documents past their due date (documents, not shipments). */
  checklist_overdue: z.number().int(),
  /** Whose shipments: a handler's own, or every shipment for an admin. */
  scope: z.enum(['mine', 'all']),
  settings: exceptionSettingsSchema,
});
export type ExceptionCounts = z.infer<typeof exceptionCountsSchema>;

export const exceptionRowSchema = z.object({
  id: z.string(),
  reference_number: z.string(),
  type: z.string(),
  status: z.string(),
  company_name: z.string().nullable(),
  handler_name: z.string().nullable(),
  ...shipmentRouteShape,
  updated_at: z.string(),
  /** The time the rule is counted from: the departure, the arrival, the arrival's change, or the last change. */
  since: z.string(),
  /** The arrival's last move in days (later is positive), for 'arrival_moved'. */
  shift_days: z.number().nullable(),
});
export type ExceptionRow = z.infer<typeof exceptionRowSchema>;
