/**
 * Payments, statements, ageing and overdue invoices (issue 38): the list and report schemas beside the contract in
 * schema.ts (paymentInputSchema and paymentSchema stay there: an invoice carries its payments). Rules live in
 * receivables.ts.
 */
import { z } from 'zod';
import { listQuerySchema, pageSchema } from '@domain/common/list-schema';
import { AGEING_BUCKETS } from '@domain/money/ageing';
import { currencySchema, isoDateSchema, paymentSchema } from './schema';
import { msg } from '@domain/common/i18n';

/** GET /payments: newest first; by company, invoice and days received. */
export const paymentListQuerySchema = listQuerySchema.omit({ q: true }).extend({
  company_id: z.uuid({ message: msg('company_id must be a company id') }).optional(),
  invoice_id: z.uuid({ message: msg('invoice_id must be an invoice id') }).optional(),
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

export const statementQuerySchema = z.object({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  currency: currencySchema.optional(),
});
/** A company's statement per currency: opening balance, each invoice, credit note and payment, closing balance. */
export const statementSchema = z.object({
  company_id: z.string(),
  company_name: z.string(),
  from: z.string().nullable(),
  to: z.string(),
  currencies: z.array(
    z.object({
      currency: z.string(),
      opening: z.string(),
      entries: z.array(
        z.object({
          date: z.string(),
          kind: z.enum(['invoice', 'credit_note', 'payment']),
          id: z.string(),
          number: z.string().nullable(),
          reference: z.string().nullable(),
          due_date: z.string().nullable(),
          debit: z.string(),
          credit: z.string(),
          balance: z.string(),
        }),
      ),
      closing: z.string(),
      /** Open invoice amounts by ageing bucket as of `to`; unapplied payments and credit reduce `closing` only. */
      ageing: z.record(z.enum(AGEING_BUCKETS), z.string()),
    }),
  ),
});
export type Statement = z.infer<typeof statementSchema>;

/** The ageing report's companies per page: a page of companies (each with a row per currency), totals over all. */
export const AGEING_PAGE_SIZE = 50;
export const ageingQuerySchema = z.object({
  as_of: isoDateSchema.optional(),
  company_id: z.uuid().optional(),
  currency: currencySchema.optional(),
  page: z.coerce.number({ message: msg('page must be a number') }).int().min(1, msg('page must be 1 or more')).max(100_000, msg('page must be at most 100000')).default(1),
  pageSize: z.coerce.number({ message: msg('pageSize must be a number') }).int().min(1, msg('pageSize must be 1 or more')).max(500, msg('pageSize must be at most 500')).default(AGEING_PAGE_SIZE),
});
export const ageingSchema = z.object({
  as_of: z.string(),
  /** Companies with something open (the rows hold a page of them); page and pageSize count companies. */
  companies: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  rows: z.array(
    z.object({
      company_id: z.string(),
      company_name: z.string(),
      currency: z.string(),
      buckets: z.record(z.enum(AGEING_BUCKETS), z.string()),
      total: z.string(),
    }),
  ),
  totals: z.array(z.object({ currency: z.string(), buckets: z.record(z.enum(AGEING_BUCKETS), z.string()), total: z.string() })),
});
export type Ageing = z.infer<typeof ageingSchema>;
