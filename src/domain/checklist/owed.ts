/**
 * The papers a customer's company owes (issue 45): every required item it provides that has no document yet, on a
 * shipment still under way, across its shipments. The dashboard's action list shows the pressing ones; the page
 * /checklist/owed lists them all, with an upload on each.
 */
import { z } from 'zod';
import { LOADING_TYPES, SHIPMENT_TYPES } from '@domain/common/enums';
import { OWED_STATES } from './rules';
import { listFilter, listQuerySchema } from '@domain/common/list-schema';

export const owedRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(OWED_STATES),
  due_on: z.string().nullable(),
  /** Days from today to the due day (negative when overdue); null while the shipment's date is unknown. */
  days: z.number().int().nullable(),
  shipment_id: z.string(),
  reference_number: z.string(),
  type: z.enum(SHIPMENT_TYPES),
  loading_type: z.enum(LOADING_TYPES),
  /** Why staff refused what was sent, and the file's name. */
  rejected: z.object({ reason: z.string(), original_name: z.string().nullable(), at: z.string() }).nullable(),
});
export type OwedRow = z.infer<typeof owedRowSchema>;

export const owedQuerySchema = listQuerySchema.extend({ state: listFilter('state', OWED_STATES) });
export type OwedQuery = z.output<typeof owedQuerySchema>;

/** The page's URL state: a bad value falls back to the default instead of failing the page. */
export const owedSearchSchema = z.object({
  state: z.enum(OWED_STATES).optional().catch(undefined),
  q: z.string().optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
