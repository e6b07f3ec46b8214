import { describe, expect, it } from 'vitest';
import { ENGLISH } from './i18n';
import { messageFinder, translator } from './message-finder';

const find = messageFinder([
  'Save',
  'The invoice has no line {position}',
  'The invoice is in {currency}: record the payment in {currency}, or without an invoice as a credit on the account',
  '{name} cannot be deleted: it is the carrier of {count} shipment(s). Choose another carrier on those shipments first.',
  '{name} cannot be deleted: it is the origin or destination port of {count} shipment(s). Choose another port on those shipments first.',
  'Origin Airport {code} is not a known airport: choose one from the list',
  '{count, plural, one {# shipment} other {# shipments}}',
  'Hello {name},',
  '{name}',
]);

describe('messageFinder', () => {
  it('finds a key as it is', () => {
    expect(find('Save')).toEqual({ id: 'Save' });
  });

  it('finds a composed text by its template, with the values read back', () => {
    const text = ENGLISH.t('The invoice has no line {position}', { position: 7 });
    expect(find(text)).toEqual({ id: 'The invoice has no line {position}', values: { position: '7' } });
    expect(find('Anatolia Textiles cannot be deleted: it is the carrier of 3 shipment(s). Choose another carrier on those shipments first.')).toEqual({
      id: '{name} cannot be deleted: it is the carrier of {count} shipment(s). Choose another carrier on those shipments first.',
      values: { name: 'Anatolia Textiles', count: '3' },
    });
  });

  it('reads values with ICU syntax and regular-expression characters as plain text', () => {
    expect(find('Origin Airport {x, plural, other {#}} is not a known airport: choose one from the list')?.values).toEqual({ code: '{x, plural, other {#}}' });
    expect(find('Origin Airport .*$( is not a known airport: choose one from the list')?.values).toEqual({ code: '.*$(' });
  });

  it('reads an apostrophe as text, and an empty value', () => {
    const apostrophe = messageFinder(["The bill's total cannot be less than what was paid already ({paid})", 'Not a date: "{date}"', '{label} for {key}']);
    expect(apostrophe("The bill's total cannot be less than what was paid already (EUR 10.00)")?.values).toEqual({ paid: 'EUR 10.00' });
    expect(apostrophe('Not a date: ""')?.values).toEqual({ date: '' });
    // Too little text beside the placeholders to be sure: a sentence with " for " in it is not this template.
    expect(apostrophe('No exchange rate for USD on 2026-01-02')).toBeUndefined();
  });

  it('needs a placeholder used twice to read the same twice', () => {
    expect(find('The invoice is in EUR: record the payment in EUR, or without an invoice as a credit on the account')?.values).toEqual({ currency: 'EUR' });
    expect(find('The invoice is in EUR: record the payment in USD, or without an invoice as a credit on the account')).toBeUndefined();
  });

  it('finds nothing for other text: a name, a translated message, a plural template, a bare placeholder', () => {
    expect(find('Anatolia Textiles')).toBeUndefined();
    expect(find('Faturanın 7. satırı yok')).toBeUndefined();
    expect(find('3 shipments')).toBeUndefined();
    expect(find('Hello Ada')).toBeUndefined();
    expect(find(`The invoice has no line ${'9'.repeat(3000)}`)).toBeUndefined();
  });
});

describe('translator', () => {
  // A stand-in for a Lingui instance with a two-entry Turkish catalog; `formatted` records what it was asked to format.
  const catalog: Record<string, string> = { Delivered: 'Teslim edildi', 'The shipment is already {status}': 'Sevkiyat zaten {status}' };
  const formatted: string[] = [];
  const runtime = (locale: string) => ({
    locale,
    _: (id: string, values?: Record<string, unknown>) => {
      formatted.push(id);
      if (id.includes('{x,')) throw new Error('not ICU');
      return ENGLISH.t(locale === 'en' ? id : (catalog[id] ?? id), values);
    },
  });
  const finder = messageFinder(Object.keys(catalog));
  const tr = translator(runtime('tr'), 'en', () => finder);
  const en = translator(runtime('en'), 'en', () => finder);

  it('translates a key, and a composed text with its values (a value that is a key translated too)', () => {
    expect(tr('Delivered')).toBe('Teslim edildi');
    expect(tr('The shipment is already Delivered')).toBe('Sevkiyat zaten Teslim edildi');
    expect(tr('The shipment is already {x, select, other {y}}')).toBe('Sevkiyat zaten {x, select, other {y}}');
  });

  it('gives any other text back as it is, never formatting it', () => {
    formatted.length = 0;
    expect(tr('Origin Airport {x, plural, other {#}} is not known')).toBe('Origin Airport {x, plural, other {#}} is not known');
    expect(tr('{')).toBe('{');
    expect(en('Destination {7*7}')).toBe('Destination {7*7}');
    expect(formatted).toEqual([]);
  });

  it('formats the code’s own message with values, and shows it as written when it cannot be formatted', () => {
    expect(en('The shipment is already {status}', { status: 'Delivered' })).toBe('The shipment is already Delivered');
    expect(tr('The shipment is already {status}', { status: 'x' })).toBe('Sevkiyat zaten x');
    expect(tr('{x, bad', { x: 1 })).toBe('{x, bad');
  });
});

describe('a message with its context for translators', () => {
  const en = translator({ locale: 'en', _: () => 'formatted' }, 'en', () => messageFinder([]));
  it('reads in English as the word inside, without the ICU compiler', () => {
    expect(en('{column, select, other {Charge}}')).toBe('Charge');
    expect(en('{menu, select, other {Import}}')).toBe('Import');
    expect(en('{a, select, one {x} other {y}}')).toBe('{a, select, one {x} other {y}}');
  });
});
