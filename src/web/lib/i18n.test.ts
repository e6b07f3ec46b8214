import { describe, expect, it } from 'vitest';
import { loadCompiler, t } from './i18n';

describe('t (issue 42)', () => {
  it('fills placeholders without the ICU compiler, and keeps an apostrophe', () => {
    expect(t('Shipment {number} saved', { number: 'CD-1' })).toBe('Shipment CD-1 saved');
    expect(t("It's {count}", { count: 3 })).toBe("It's 3");
    expect(t('Save')).toBe('Save');
  });

  it('writes plurals once the compiler is here', async () => {
    await loadCompiler();
    const message = '{count, plural, one {# shipment} other {# shipments}}';
    expect(t(message, { count: 1 })).toBe('1 shipment');
    expect(t(message, { count: 3 })).toBe('3 shipments');
  });
});
