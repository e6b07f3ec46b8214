/**
 * A digest line in its reader's language (issue 42): the values' kinds by their keys' endings, lists, plurals and
 * selects, English as the producers wrote it before, and a line without values (stored before migration 0057) as stored.
 */
import { describe, expect, it } from 'vitest';
import { translatorFor } from '@server/i18n';
import { lineText, readerValues, type DigestLine } from './digest-line';

const en = translatorFor('en');
const tr = translatorFor('tr', 'Europe/Istanbul');
const url = 'http://localhost:3000/x';
const both = (line: Omit<DigestLine, 'url'>) => [lineText(en, { ...line, url }), lineText(tr, { ...line, url })];

describe('digest lines', () => {
  it('write labels, days, moments and money as the reader does, English as before', () => {
    const values = { a_label: 'In Transit', b_day: '2026-12-13', c_time: '2026-01-05T14:30:00.000Z', d_time: '', e_money: '1,234.50 EUR', name: 'In Transit' };
    expect(readerValues(en, values)).toEqual({ a_label: 'In Transit', b_day: '2026-12-13', c_time: '2026-01-05 14:30 UTC', d_time: 'Not set', e_money: '1,234.50 EUR', name: 'In Transit' });
    // Only a label is translated: a name, a reason or a message's text is the person's own.
    expect(readerValues(tr, values)).toEqual({ a_label: 'Yolda', b_day: '13 Aralık 2026', c_time: '5.01.2026 17:30', d_time: 'Belirtilmemiş', e_money: '€1.234,50', name: 'In Transit' });
    expect(readerValues(tr, { x_label: 'Form {A}', y_money: 'about 5 EUR' })).toEqual({ x_label: 'Form {A}', y_money: 'about 5 EUR' });
  });

  it('join a list item by item, money as a sum of totals', () => {
    const values = { items_label: ['Packing List', 'N/A'], totals_money: ['2,400.00 USD', '180.00 EUR'] };
    expect(readerValues(en, values)).toEqual({ items_label: 'Packing List, N/A', totals_money: '2,400.00 USD + 180.00 EUR' });
    expect(readerValues(tr, values)).toEqual({ items_label: 'Çeki Listesi, Yok', totals_money: '$2.400,00 + €180,00' });
  });

  it('fill plurals and selects in either language', () => {
    const overdue = { title: 'Invoice {number}', detail: '{open_money} open, {days, plural, one {# day} other {# days}} overdue', values: { number: 'INV-7', open_money: '1234.50 USD', days: 7 } };
    expect(both(overdue)).toEqual([
      { title: 'Invoice INV-7', detail: '1234.50 USD open, 7 days overdue' },
      { title: 'Fatura INV-7', detail: 'kalan $1.234,50, vadesi 7 gün geçti' },
    ]);
    const created = {
      title: '{reference}',
      detail: 'new {type, select, air {air} sea {sea} land {land} partial {partial} other {{type}}} shipment, {origin_label} → {destination_label}',
      values: { reference: 'SEA-1', type: 'sea', origin_label: 'Bursa, TR', destination_label: 'N/A' },
    };
    expect(both(created)).toEqual([
      { title: 'SEA-1', detail: 'new sea shipment, Bursa, TR → N/A' },
      { title: 'SEA-1', detail: 'yeni deniz yolu sevkiyatı, Bursa, TR → Yok' },
    ]);
    const assigned = { title: '{count, plural, one {# shipment} other {# shipments}}', detail: 'assigned to you by {by}', values: { reference: 'A-1', count: 3, by: 'Ayşe' } };
    expect(both(assigned)).toEqual([
      { title: '3 shipments', detail: 'assigned to you by Ayşe' },
      { title: '3 sevkiyat', detail: 'Ayşe tarafından size atandı' },
    ]);
  });

  it('show a line without values as stored, in any language', () => {
    const old = { title: 'REF-1', detail: 'In Transit {x}' };
    expect(both(old)).toEqual([old, old]);
  });
});
