import { describe, expect, it } from 'vitest';
import { eventDetail, eventTitle } from './request-history';

describe('request history lines', () => {
  it('titles events by their label, and an unknown kind readably', () => {
    expect(eventTitle('quote_sent')).toBe('Quote sent');
    expect(eventTitle('something_new')).toBe('something new');
  });
  it('adds what each event changed', () => {
    expect(eventDetail({ kind: 'assigned', detail: { handler: 'Ayse Export' } })).toBe('Handler: Ayse Export');
    expect(eventDetail({ kind: 'assigned', detail: { handler: null } })).toBe('Handler removed: unassigned');
    expect(eventDetail({ kind: 'quote_saved', detail: { withdrawn: false } })).toBeNull();
    expect(eventDetail({ kind: 'quote_saved', detail: { withdrawn: true } })).toBe('The sent quote was withdrawn to be changed');
    expect(eventDetail({ kind: 'quote_sent', detail: { totals: '1,250.00 USD + 300.00 EUR', valid_until: '2026-04-30' } })).toBe(
      '1,250.00 USD + 300.00 EUR, valid until 30 Apr 2026',
    );
    expect(eventDetail({ kind: 'declined', detail: { reason: 'No space' } })).toBe('Reason: No space');
    expect(eventDetail({ kind: 'accepted', detail: { shipment_reference: 'CD-2611-0042' } })).toBe('Shipment CD-2611-0042 booked');
    expect(eventDetail({ kind: 'cancelled', detail: {} })).toBeNull();
    // Issue 45: the customer's answers.
    expect(eventDetail({ kind: 'quote_declined', detail: { reason: 'too_expensive', note: 'Another offer at 1.90/kg' } })).toBe('Too expensive — Another offer at 1.90/kg');
    expect(eventDetail({ kind: 'quote_declined', detail: { reason: 'transit_too_long', note: null } })).toBe('Transit time too long');
    expect(eventDetail({ kind: 'revision_requested', detail: { note: 'A 40HC instead?' } })).toBe('Asked: A 40HC instead?');
    expect(eventTitle('revision_requested')).toBe('Revision asked for by the customer');
    expect(eventDetail({ kind: 'attachment_added', detail: { file: 'packing-list.pdf' } })).toBe('File: packing-list.pdf');
    expect(eventDetail({ kind: 'attachment_added', detail: {} })).toBeNull();
  });
});
