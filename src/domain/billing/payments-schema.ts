/**
 * Payments, statements, ageing and overdue invoices (issue 38): the list and report schemas beside the contract in
 * schema.ts (paymentInputSchema, statementSchema, ageingSchema stay there). Rules live in receivables.ts.
 */
import { z } from 'zod';
import { listQuerySchema, pageSchema } from '@domain/common/list-schema';
import { isoDateSchema, paymentSchema } from './schema';

/** GET /payments: newest first; by company, invoice and days received. */
export const paymentListQuerySchema = listQuerySchema.omit({ q: true }).extend({
  company_id: z.uuid({ message: 'company_id must be a company id' }).optional(),
  invoice_id: z.uuid({ message: 'invoice_id must be an invoice id' }).optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;
export const paymentPageSchema = pageSchema(paymentSchema.extend({ company_name: z.string() }));

/** GET /reports/overdue-invoices: issued invoices past their due day with something open, as of a day (default today). */
export const overdueQuerySchema = listQuerySchema.omit({ q: true }).extend({ as_of: isoDateSchema.optional() });
export const overdueInvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  currency: z.string(),
  issue_date: z.string(),
  due_date: z.string(),
  payable: z.string(),
  open: z.string(),
  days_overdue: z.number().int(),
  /** The last reminder mailed to the company's contacts (its overdue day), if any. */
  last_reminder_day: z.number().int().nullable(),
});
export type OverdueInvoice = z.infer<typeof overdueInvoiceSchema>;
export const overduePageSchema = pageSchema(overdueInvoiceSchema).extend({ as_of: z.string() });
