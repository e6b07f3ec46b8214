/** The history lines of a request's page (pure; unit tested). */
import { QUOTE_DECLINE_REASON_LABELS, REQUEST_EVENT_LABELS, type QuoteDeclineReason, type RequestEvent } from '@domain/requests/schema';
import { formatDay } from '@web/lib/format';
import { t } from '@web/lib/i18n';

export const eventTitle = (kind: string): string => {
  const label = REQUEST_EVENT_LABELS[kind];
  return label === undefined ? kind.replace(/_/g, ' ') : t(label);
};

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : null);

/** What one event adds to its title: the handler, the quote's totals and validity, the reason, the shipment booked, the file added. */
export function eventDetail(e: Pick<RequestEvent, 'kind' | 'detail'>): string | null {
  const d = e.detail;
  switch (e.kind) {
    case 'assigned':
      return text(d.handler) ? t('Handler: {name}', { name: text(d.handler) }) : t('Handler removed: unassigned');
    case 'quote_saved':
      return d.withdrawn === true ? t('The sent quote was withdrawn to be changed') : null;
    case 'quote_sent': {
      const parts = [text(d.totals), text(d.valid_until) ? t('valid until {date}', { date: formatDay(text(d.valid_until)) }) : null].filter(Boolean);
      return parts.length ? parts.join(', ') : null;
    }
    case 'declined':
      return text(d.reason) ? t('Reason: {reason}', { reason: text(d.reason) }) : null;
    case 'quote_declined': {
      const reason = text(d.reason);
      const label = reason && reason in QUOTE_DECLINE_REASON_LABELS ? t(QUOTE_DECLINE_REASON_LABELS[reason as QuoteDeclineReason]) : reason;
      return [label, text(d.note)].filter(Boolean).join(' — ') || null;
    }
    case 'revision_requested':
      return text(d.note) ? t('Asked: {note}', { note: text(d.note) }) : null;
    case 'accepted':
      return text(d.shipment_reference) ? t('Shipment {reference} booked', { reference: text(d.shipment_reference) }) : null;
    case 'attachment_added':
      return text(d.file) ? t('File: {file}', { file: text(d.file) }) : null;
    default:
      return null;
  }
}
