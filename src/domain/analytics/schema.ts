import { z } from 'zod';
import { SHIPMENT_TYPES } from '@domain/common/enums';
import { shipmentListRowSchema } from '@domain/shipments/list-schema';
import { overdueRowSchema } from '@domain/checklist/schema';
import { owedRowSchema } from '@domain/checklist/owed';
import { SUBJECT_KINDS } from '@domain/messages/schema';
import { msg } from '@domain/common/i18n';

/** Overdue checklist documents (issue 16): how many in the user's scope, and the longest overdue. */
export const checklistOverdueSchema = z.object({ total: z.number().int(), rows: z.array(overdueRowSchema) });

const countItem = z.object({ name: z.string(), count: z.number().int() });
const monthItem = z.object({ month: z.string(), label: z.string(), count: z.number().int() });
const change = z.object({ current: z.number().int(), previous: z.number().int(), percent: z.number(), direction: z.enum(['up', 'down', 'flat']) });

export const typeAnalyticsQuerySchema = z.object({ type: z.enum(SHIPMENT_TYPES, { message: msg('type must be air, sea, land or partial') }) });

/** One call answers a per-type page's cards and charts (spec section 2, Shipment lists per type). */
export const typeAnalyticsSchema = z.object({
  type: z.enum(SHIPMENT_TYPES),
  total: z.number().int(),
  active: z.number().int(),
  completed: z.number().int(),
  active_change: change,
  monthly: z.array(monthItem),
  /** Top 5 airports (air), ports (sea) or routes (land), origin and destination counted. */
  top: z.array(countItem),
  /** Vehicle types (land), transport modes (partial), container types (sea, top 5 + Other). */
  distribution: z.array(countItem),
});
export type TypeAnalytics = z.infer<typeof typeAnalyticsSchema>;

/**
 * Per currency, from the finance rollups of the charge lines: decimal strings with the currency's minor units. The cost
 * is actual where supplier bills are matched to costs (issue 39), the accrued cost beside it.
 */
export const currencyFinanceSchema = z.object({
  currency: z.string(),
  revenue: z.string(),
  cost: z.string(),
  cost_accrued: z.string(),
  profit: z.string(),
  margin_percent: z.string(),
});

/** Revenue categories of the admin dashboard; 'Other' gathers documentation, storage, delivery and other charges. */
export const REVENUE_CATEGORIES = ['Freight', 'Customs', 'Insurance', 'Handling', 'Other'] as const;

/** Requests for staff (issue 45): new ones waiting for a handler, and the customers' answers to quotes in the last 7 days. */
export const requestQueueSchema = z.object({ waiting: z.number().int(), answered: z.number().int() });

export const adminDashboardSchema = z.object({
  kind: z.literal('admin'),
  total: z.number().int(),
  active: z.number().int(),
  completed: z.number().int(),
  type_distribution: z.array(countItem),
  /** Shipments without a handler (issue 21): the card links to the list's Unassigned filter. */
  unassigned: z.number().int(),
  revenue_distribution: z.array(z.object({ currency: z.string(), categories: z.array(z.object({ name: z.enum(REVENUE_CATEGORIES), amount: z.string() })) })),
  finance: z.array(currencyFinanceSchema),
  monthly: z.array(monthItem.extend({ air: z.number().int(), sea: z.number().int(), land: z.number().int(), partial: z.number().int() })),
  recent: z.array(shipmentListRowSchema),
  checklist_overdue: checklistOverdueSchema,
  requests: requestQueueSchema,
});

export const handlerDashboardSchema = z.object({
  kind: z.literal('handler'),
  total: z.number().int(),
  active: z.number().int(),
  completed: z.number().int(),
  status_distribution: z.array(countItem),
  recent: z.array(shipmentListRowSchema),
  checklist_overdue: checklistOverdueSchema,
  requests: requestQueueSchema,
});

/** How many are waiting in all, and the first few. */
const waiting = <T extends z.ZodType>(row: T) => z.object({ total: z.number().int(), rows: z.array(row) });

/**
 * The customer's action list (issue 45): what waits for their answer, each row one tap from where it is done. Papers
 * rejected, overdue or due within a week (the nearest due first); quotes to accept, decline or revise (the soonest to
 * expire first); conversations with a message they have not read; invoices with an amount open (overdue first).
 */
export const customerActionsSchema = z.object({
  papers: waiting(owedRowSchema),
  quotes: waiting(z.object({ id: z.string(), number: z.string(), origin: z.string(), destination: z.string(), valid_until: z.string().nullable() })),
  messages: waiting(z.object({ kind: z.enum(SUBJECT_KINDS), subject_id: z.string(), label: z.string(), last_author: z.string(), last_excerpt: z.string(), last_at: z.string() })),
  invoices: waiting(z.object({ id: z.string(), number: z.string().nullable(), due_date: z.string().nullable(), currency: z.string(), open: z.string(), overdue: z.boolean() })),
});
export type CustomerActions = z.infer<typeof customerActionsSchema>;

export const customerDashboardSchema = z.object({
  kind: z.literal('customer'),
  company_name: z.string(),
  total: z.number().int(),
  active: z.number().int(),
  pending: z.number().int(),
  delivered: z.number().int(),
  recent: z.array(shipmentListRowSchema),
  checklist_overdue: checklistOverdueSchema,
  actions: customerActionsSchema,
});

export const dashboardSchema = z.discriminatedUnion('kind', [adminDashboardSchema, handlerDashboardSchema, customerDashboardSchema]);
export type Dashboard = z.infer<typeof dashboardSchema>;
