import type { Db } from '@server/db/client';
import type { SessionUser } from '@server/http/context';
import type { CustomerActions } from '@domain/analytics/schema';
import { invoiceListQuerySchema } from '@domain/billing/schema';
import { owedQuerySchema } from '@domain/checklist/owed';
import { requestListQuerySchema } from '@domain/requests/schema';
import { listOwed } from '@server/features/checklist/index';
import { listInvoices } from '@server/features/invoices/index';
import { listThreads } from '@server/features/messages/index';
import { listRequests } from '@server/features/requests/index';

/** How many of each kind the action list shows; the total says how many more wait on their page. */
export const ACTIONS_SHOWN = 5;

/**
 * The customer dashboard's action list (issue 45), each part read the way its own page reads it (same scope, same row
 * rules): papers owed now, quotes waiting for an answer, unread conversations, invoices with an amount open.
 */
export async function customerActions(db: Db, user: SessionUser): Promise<CustomerActions> {
  const invoicesIn = (state: 'overdue' | 'partly_paid' | 'issued') =>
    listInvoices(db, user, invoiceListQuerySchema.parse({ state, kind: 'invoice', sort: 'due_date', dir: 'asc', pageSize: ACTIONS_SHOWN }));
  // One after another: each is a short read in the customer's row-level scope, which holds a connection of its own.
  const papers = await listOwed(db, user, { ...owedQuerySchema.parse({ pageSize: ACTIONS_SHOWN }), soon: true });
  const quotes = await listRequests(db, user, requestListQuerySchema.parse({ status: 'quoted', pageSize: 100 }));
  const threads = await listThreads(db, user, true);
  const overdue = await invoicesIn('overdue');
  const partly = await invoicesIn('partly_paid');
  const issued = await invoicesIn('issued');
  // Quotes: the soonest to expire first (the list's own sort is by creation); a company has few waiting at once.
  const waitingQuotes = [...quotes.rows].sort((a, b) => (a.valid_until ?? '9999').localeCompare(b.valid_until ?? '9999') || a.number.localeCompare(b.number));
  const open = [...overdue.rows, ...[...partly.rows, ...issued.rows].sort((a, b) => (a.due_date ?? '9999').localeCompare(b.due_date ?? '9999'))];
  return {
    papers: { total: papers.total, rows: papers.rows },
    quotes: {
      total: quotes.total,
      rows: waitingQuotes.slice(0, ACTIONS_SHOWN).map((q) => ({ id: q.id, number: q.number, origin: q.origin, destination: q.destination, valid_until: q.valid_until })),
    },
    messages: {
      total: threads.unread,
      rows: threads.items.slice(0, ACTIONS_SHOWN).map((m) => ({ kind: m.kind, subject_id: m.subject_id, label: m.label, last_author: m.last_author, last_excerpt: m.last_excerpt, last_at: m.last_at })),
    },
    invoices: {
      total: overdue.total + partly.total + issued.total,
      rows: open.slice(0, ACTIONS_SHOWN).map((i) => ({ id: i.id, number: i.number, due_date: i.due_date, currency: i.currency, open: i.open, overdue: i.state === 'overdue' })),
    },
  };
}
