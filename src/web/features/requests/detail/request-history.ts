/** The history lines of a request's page (pure; unit tested). */
import { REQUEST_EVENT_LABELS, type RequestEvent } from '@domain/requests/schema';
import { formatDay } from '@web/lib/format';

export const eventTitle = (kind: string): string => REQUEST_EVENT_LABELS[kind] ?? kind.replace(/_/g, ' ');

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : null);

/** What one event adds to its title: the handler, the quote's totals and validity, the reason, the shipment booked, the file added. */
export function eventDetail(e: Pick<RequestEvent, 'kind' | 'detail'>): string | null {
  const d = e.detail;
  switch (e.kind) {
    case 'assigned':
      return text(d.handler) ? `Handler: ${text(d.handler)}` : 'Handler removed: unassigned';
    case 'quote_saved':
      return d.withdrawn === true ? 'The sent quote was withdrawn to be changed' : null;
    case 'quote_sent': {
      const parts = [text(d.totals), text(d.valid_until) ? `valid until ${formatDay(text(d.valid_until))}` : null].filter(Boolean);
      return parts.length ? parts.join(', ') : null;
    }
    case 'declined':
      return text(d.reason) ? `Reason: ${text(d.reason)}` : null;
    case 'accepted':
      return text(d.shipment_reference) ? `Shipment ${text(d.shipment_reference)} booked` : null;
    case 'attachment_added':
      return text(d.file) ? `File: ${text(d.file)}` : null;
    default:
      return null;
  }
}
