import { describe, expect, it } from 'vitest';
import { ENUM_WORDS, enumWord } from '@domain/shipments/enum-words';
import { translatorFor } from '@server/i18n';
import { customsStatus, packageType, paymentTermsWords, truckType } from './format';

const en = translatorFor('en');
const tr = translatorFor('tr');

describe('enumWord: a stored enumeration in the reader’s words, the same on the pages and the papers', () => {
  it('names a word two enumerations share by each one’s own message ("box": a package, a truck body)', () => {
    expect(enumWord(en, ENUM_WORDS.packageType, 'box')).toBe('Box');
    expect(enumWord(en, ENUM_WORDS.truckType, 'box')).toBe('Box');
    expect(enumWord(tr, ENUM_WORDS.packageType, 'box')).toBe('Kutu');
    expect(enumWord(tr, ENUM_WORDS.truckType, 'box')).toBe('Kapalı Kasa');
  });

  it('writes English as statusLabel does, names "other" and none, and keeps a value it does not know readable', () => {
    expect(enumWord(en, ENUM_WORDS.paymentTerms, 'net_30')).toBe('Net 30');
    expect(enumWord(en, ENUM_WORDS.customsStatus, 'documentation_required')).toBe('Documentation Required');
    expect(enumWord(en, ENUM_WORDS.truckType, 'other')).toBe('Other');
    expect(enumWord(en, ENUM_WORDS.truckType, null)).toBe('Unknown');
    expect(enumWord(en, ENUM_WORDS.truckType, 'low_loader')).toBe('Low Loader');
    expect(enumWord(tr, ENUM_WORDS.truckType, 'other')).toBe('Diğer');
    expect(enumWord(tr, ENUM_WORDS.loadingType, 'import')).toBe('İthalat');
  });

  it('is what the papers print, and a paper prints nothing for a value not given', () => {
    expect(truckType(tr, 'reefer')).toBe('Frigorifik');
    expect(truckType(tr, 'box')).toBe('Kapalı Kasa');
    expect(packageType(tr, 'pallet')).toBe('Palet');
    expect(paymentTermsWords(en, 'net_60')).toBe('Net 60');
    expect(customsStatus(en, 'held')).toBe('Held');
    for (const none of [null, undefined, '']) expect([truckType(en, none), packageType(en, none), paymentTermsWords(en, none), customsStatus(en, none)]).toEqual(['', '', '', '']);
  });
});
