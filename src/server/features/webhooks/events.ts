/**
 * Announcing an event to webhook subscriptions (issue 18, decision record 0243), inside the transaction of the change
 * that causes it, next to the notify(...) of the same event: one delivery per active subscription that takes the event
 * (the company's own and the all-company ones) and one outbox row that sends it. The payload is the Standard Webhooks
 * shape { type, timestamp, data }, and `data` is built from the customer's response shapes only (customerShipmentSchema
 * and named columns), so no subscription ever receives what a customer of the company may not see.
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '@server/db/client';
import { invoices, requests, shipments, webhook_deliveries } from '@server/db/schema';
import { enqueueWebhookSends } from '@server/mail/outbox';
import { customerShipmentSchema } from '@domain/shipments/views-schema';
import type { WebhookEvent } from '@domain/webhooks/schema';
import { moneyString } from '@domain/money/currencies';

/** The Standard Webhooks event types (hierarchical, full-stop delimited) of our events: the adapter's one table. */
export const WEBHOOK_TYPES: Record<WebhookEvent, string> = {
  shipment_created: 'shipment.created',
  status_changed: 'shipment.status_changed',
  dates_changed: 'shipment.dates_changed',
  document_added: 'shipment.document_added',
  message_received: 'message.received',
  quote_sent: 'quote.sent',
  invoice_issued: 'invoice.issued',
};

/** The shipment as a customer's webhook sees it: a subset of the customer's own detail answer, parsed through its schema. */
const webhookShipmentSchema = customerShipmentSchema.pick({
  id: true, reference_number: true, type: true, transport_mode: true, loading_type: true, status: true, company_id: true,
  origin_city: true, origin_country: true, origin_airport: true, origin_port: true,
  destination_city: true, destination_country: true, destination_airport: true, destination_port: true,
  estimated_departure: true, estimated_arrival: true, pickup_date: true, delivery_date: true, customer_reference: true, updated_at: true,
});

/**
 * A time as RFC 3339 in UTC (`2026-11-27T10:10:00.291Z`), whatever form the driver gave it: a Date, or PostgreSQL's
 * text (`2026-11-27 10:10:00.291+00`, which the raw queries of some drivers answer). A calendar date stays a date.
 */
export function iso(d: Date | string | null): string | null {
  if (d === null) return null;
  if (typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d)) return d;
  const at = typeof d === 'string' ? new Date(d.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')) : d;
  return Number.isNaN(at.getTime()) ? String(d) : at.toISOString();
}

async function shipmentData(tx: Tx, id: string) {
  const [s] = await tx
    .select({
      id: shipments.id, reference_number: shipments.reference_number, type: shipments.type, transport_mode: shipments.transport_mode,
      loading_type: shipments.loading_type, status: shipments.status, company_id: shipments.company_id,
      origin_city: shipments.origin_city, origin_country: shipments.origin_country, origin_airport: shipments.origin_airport, origin_port: shipments.origin_port,
      destination_city: shipments.destination_city, destination_country: shipments.destination_country,
      destination_airport: shipments.destination_airport, destination_port: shipments.destination_port,
      estimated_departure: shipments.estimated_departure, estimated_arrival: shipments.estimated_arrival,
      pickup_date: shipments.pickup_date, delivery_date: shipments.delivery_date, customer_reference: shipments.customer_reference, updated_at: shipments.updated_at,
    })
    .from(shipments)
    .where(eq(shipments.id, id));
  if (!s) return null;
  return webhookShipmentSchema.parse({
    ...s,
    estimated_departure: iso(s.estimated_departure), estimated_arrival: iso(s.estimated_arrival),
    pickup_date: iso(s.pickup_date), delivery_date: iso(s.delivery_date), updated_at: iso(s.updated_at),
  });
}

/** What caused the event; `key` is unique per cause (e.g. the shipment event's id), so a cause is delivered once per subscription. */
export type WebhookCause =
  | { event: 'shipment_created' | 'status_changed' | 'dates_changed' | 'document_added'; key: string; shipmentId: string; detail?: Record<string, unknown> }
  | {
      event: 'message_received'; key: string; subject: { kind: 'shipment' | 'request'; id: string; company_id: string };
      message: { id: string; author_name: string; from_staff: boolean; body: string; internal: boolean; created_at: Date | string };
    }
  | { event: 'quote_sent'; key: string; requestId: string; detail: { valid_until: string; sent_at: Date | string } }
  | { event: 'invoice_issued'; key: string; invoiceId: string };

/** The company of the cause and the event's data; null when there is nothing to announce (an internal note). */
async function describe(tx: Tx, cause: WebhookCause): Promise<{ companyId: string; data: Record<string, unknown> } | null> {
  switch (cause.event) {
    case 'message_received': {
      // Internal notes are staff-only: never announced.
      if (cause.message.internal) return null;
      const m = cause.message;
      return {
        companyId: cause.subject.company_id,
        data: {
          subject: { kind: cause.subject.kind, id: cause.subject.id },
          message: { id: m.id, author_name: m.author_name, from_staff: m.from_staff, body: m.body, created_at: iso(m.created_at) },
        },
      };
    }
    case 'quote_sent': {
      const [r] = await tx.select({ id: requests.id, number: requests.number, company_id: requests.company_id }).from(requests).where(eq(requests.id, cause.requestId));
      if (!r) return null;
      return { companyId: r.company_id, data: { request: { id: r.id, number: r.number }, quote: { valid_until: cause.detail.valid_until, sent_at: iso(cause.detail.sent_at) } } };
    }
    case 'invoice_issued': {
      // What the customer's own invoice list shows (never a cost line), and where to fetch the PDF and the e-invoice.
      const [i] = await tx
        .select({
          id: invoices.id, kind: invoices.kind, number: invoices.number, company_id: invoices.company_id, currency: invoices.currency,
          issue_date: invoices.issue_date, due_date: invoices.due_date, payable: invoices.payable, credited_invoice_id: invoices.credited_invoice_id,
        })
        .from(invoices)
        .where(eq(invoices.id, cause.invoiceId));
      if (!i) return null;
      const links = { self: `/api/invoices/${i.id}`, pdf: `/api/invoices/${i.id}/pdf`, ubl: `/api/invoices/${i.id}/ubl` };
      const { company_id, payable, ...rest } = i;
      return { companyId: company_id, data: { invoice: { ...rest, company_id, payable: moneyString(payable, i.currency), links } } };
    }
    default: {
      const shipment = await shipmentData(tx, cause.shipmentId);
      if (!shipment) return null;
      return { companyId: shipment.company_id, data: { shipment, ...cause.detail } };
    }
  }
}

/** Announces `cause` to every active subscription that takes its event: deliveries and their outbox rows, in `tx`. */
export async function announceWebhook(tx: Tx, cause: WebhookCause): Promise<void> {
  // The cheap question first: most installations have few subscriptions and most events none.
  const any = await tx.execute<{ n: number }>(sql`select count(*)::int as n from webhook_subscriptions where status = 'active' and ${cause.event} = any(events)`);
  if (!any.rows[0]?.n) return;
  const described = await describe(tx, cause);
  if (!described) return;
  const subs = await tx.execute<{ id: string; company_id: string | null }>(sql`
    select id, company_id from webhook_subscriptions
    where status = 'active' and ${cause.event} = any(events) and (company_id is null or company_id = ${described.companyId})`);
  if (subs.rows.length === 0) return;
  const now = await tx.execute<{ now: string | Date }>(sql`select now() as now`);
  const body = JSON.stringify({ type: WEBHOOK_TYPES[cause.event], timestamp: iso(now.rows[0]!.now), data: described.data });
  const made = await tx
    .insert(webhook_deliveries)
    .values(subs.rows.map((s) => ({ subscription_id: s.id, company_id: s.company_id, event: cause.event, event_key: cause.key, payload: body })))
    .onConflictDoNothing({ target: [webhook_deliveries.subscription_id, webhook_deliveries.event_key] })
    .returning({ id: webhook_deliveries.id });
  await enqueueWebhookSends(tx, made.map((d) => ({ key: `webhook:${d.id}:0`, deliveryId: d.id })));
}

