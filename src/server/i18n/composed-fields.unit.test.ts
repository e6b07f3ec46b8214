// Field and import messages the domain composes (decision 0300): English as before, found by their template in Turkish.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { translatorFor } from './index';
import { flag, optionalChoice, optionalDate, optionalText, SHIPMENT_FIELD_LABELS } from '@domain/shipments/fields-schema';
import { optionalNumber } from '@domain/common/number-schema';
import { containerNumberProblem, duplicateContainerMessage } from '@domain/cargo/trade-numbers';
import { IMPORT_MESSAGES, countsSentence, EMPTY_COUNTS } from '@domain/imports/schema';
import { RATE_MESSAGES, ZONE_MESSAGES } from '@domain/rates/schema';
import { RATE_SHEET_MESSAGES } from '@domain/rates/sheet';
import { deleteConfirmText } from '@domain/partners/schema';
import { parseEventsBody } from '@server/features/carrier-events/dcsa';

const tr = translatorFor('tr');
const en = translatorFor('en');

/** The message of the one problem a field schema finds in a value. */
const problem = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error('expected a problem');
  return r.error.issues[0]!.message;
};

describe('composed field messages', () => {
  it('a field label is translated with the message', () => {
    const text = problem(optionalText(SHIPMENT_FIELD_LABELS.origin_airport!, 100), 'x'.repeat(101));
    expect(text).toBe('Origin Airport must be at most 100 characters');
    expect(en.t(text)).toBe('Origin Airport must be at most 100 characters');
    expect(tr.t(text)).toBe('Kalkış Havalimanı en fazla 100 karakter olabilir');
    expect(tr.t('Origin Airport must be text')).toBe('Kalkış Havalimanı metin olmalıdır');
  });

  it('numbers, choices, flags and dates', () => {
    const weight = problem(optionalNumber(SHIPMENT_FIELD_LABELS.weight_gross!, { max: 1e6 }), 'heavy');
    expect(weight).toBe('Gross Weight must be a number');
    expect(tr.t(weight)).toBe('Brüt Ağırlık bir sayı olmalıdır');
    const min = problem(optionalNumber('Gross Weight', { min: 1, max: 1e6 }), 0);
    expect(min).toBe('Gross Weight must be at least 1');
    expect(tr.t(min)).toBe('Brüt Ağırlık en az 1 olmalıdır');
    const mode = problem(optionalChoice('Transport Mode', ['air', 'sea', 'land']), 'rail');
    expect(mode).toBe('Transport Mode must be one of: air, sea, land');
    expect(tr.t(mode)).toBe('Taşıma Şekli şunlardan biri olmalıdır: air, sea, land');
    const dangerous = problem(flag('Dangerous Goods'), 'maybe');
    expect(dangerous).toBe('Dangerous Goods must be true or false');
    expect(tr.t(dangerous)).toBe('Tehlikeli Madde true veya false olmalıdır');
    const day = problem(optionalDate('Pickup Date'), '2026-02-30');
    expect(day).toBe('Pickup Date must be a date (YYYY-MM-DD)');
    expect(tr.t(day)).toBe('Teslim Alma Tarihi bir tarih olmalıdır (YYYY-AA-GG)');
  });

  it('container numbers', () => {
    expect(containerNumberProblem('CSQU3054384')).toBe('Container number CSQU3054384 has an invalid check digit (expected 3)');
    expect(tr.t('Container number CSQU3054384 has an invalid check digit (expected 3)')).toBe('Konteyner numarası CSQU3054384: kontrol basamağı geçersiz (olması gereken: 3)');
    expect(duplicateContainerMessage('CSQU3054383')).toBe('Container number CSQU3054383 appears more than once on this shipment');
    expect(tr.t('Container number CSQU3054383 appears more than once on this shipment')).toBe('Konteyner numarası CSQU3054383 bu sevkiyatta birden fazla kez geçiyor');
  });

  it('a delete confirmation keeps the name as it is', () => {
    expect(deleteConfirmText('EuroConsol')).toBe('Are you sure you want to delete EuroConsol? This action cannot be undone.');
    expect(tr.t('Are you sure you want to delete EuroConsol? This action cannot be undone.')).toBe('EuroConsol kaydını silmek istediğinizden emin misiniz? Bu işlem geri alınamaz.');
  });
});

describe('composed import messages', () => {
  it('cell counts: one cell and several', () => {
    expect(IMPORT_MESSAGES.cellCount(1, 8)).toBe('This row has 1 cell but the header row has 8; check its separators, quotes and line breaks');
    expect(IMPORT_MESSAGES.cellCount(2, 8)).toBe('This row has 2 cells but the header row has 8; check its separators, quotes and line breaks');
    expect(tr.t('This row has 1 cell but the header row has 8; check its separators, quotes and line breaks')).toBe(
      'Bu satırda 1 hücre var ancak başlık satırında 8 hücre var; ayırıcıları, tırnak işaretlerini ve satır sonlarını kontrol edin',
    );
    expect(tr.t('This row has 2 cells but the header row has 8; check its separators, quotes and line breaks')).toBe(
      'Bu satırda 2 hücre var ancak başlık satırında 8 hücre var; ayırıcıları, tırnak işaretlerini ve satır sonlarını kontrol edin',
    );
  });

  it('a missing column names the file’s English header, untranslated', () => {
    expect(IMPORT_MESSAGES.missingColumn('Reference Number')).toBe('The file has no “Reference Number” column (use the template’s header row)');
    expect(tr.t('The file has no “Reference Number” column (use the template’s header row)')).toBe('Dosyada “Reference Number” sütunu yok (şablonun başlık satırını kullanın)');
  });

  it('rows, names and records', () => {
    expect(IMPORT_MESSAGES.repeatedEmail('ali@example.com', 2)).toBe('The email ali@example.com is already on row 2 of this file');
    expect(tr.t('The email ali@example.com is already on row 2 of this file')).toBe('E-posta adresi ali@example.com bu dosyanın 2. satırında zaten var');
    // check-shipments still composes 'Reference number ...' itself: the same text, found by its own template.
    expect(IMPORT_MESSAGES.repeated('Reference number IMP-1', 3)).toBe(IMPORT_MESSAGES.repeatedReference('IMP-1', 3));
    expect(tr.t('Reference number IMP-1 is already on row 3 of this file')).toBe('Referans numarası IMP-1 bu dosyanın 3. satırında zaten var');
    expect(IMPORT_MESSAGES.ambiguous('companies', 'Acme', 2)).toBe('2 companies are named “Acme”; rename one of them first');
    expect(tr.t('2 companies are named “Acme”; rename one of them first')).toBe('“Acme” adlı 2 firma var; önce birinin adını değiştirin');
    expect(IMPORT_MESSAGES.changedSince(1)).toBe('1 record changed since the preview; upload the file again to see the changes');
    expect(IMPORT_MESSAGES.changedSince(3)).toBe('3 records changed since the preview; upload the file again to see the changes');
    expect(tr.t('3 records changed since the preview; upload the file again to see the changes')).toBe('Önizlemeden bu yana 3 kayıt değişti; değişiklikleri görmek için dosyayı yeniden yükleyin');
    expect(countsSentence({ ...EMPTY_COUNTS, create: 2, update: 1 }, false)).toBe('Will create 2, update 1, skip 0');
    expect(tr.t('Will create 2, update 1, skip 0')).toBe('Oluşturulacak 2, güncellenecek 1, atlanacak 0');
  });
});

describe('composed rate messages', () => {
  it('places, zones and bases', () => {
    expect(RATE_MESSAGES.unknownAirport('XQZ')).toBe('XQZ is not an airport in Cargodesk; check the IATA code');
    expect(tr.t('XQZ is not an airport in Cargodesk; check the IATA code')).toBe('XQZ Cargodesk’te kayıtlı bir havalimanı değil; IATA kodunu kontrol edin');
    expect(ZONE_MESSAGES.inUse(1)).toBe('A rate card names this zone; remove or change them first');
    expect(ZONE_MESSAGES.inUse(4)).toBe('4 rate cards name this zone; remove or change them first');
    expect(tr.t('4 rate cards name this zone; remove or change them first')).toBe('Bu bölgeyi 4 fiyat kartı kullanıyor; önce bu kartları kaldırın veya değiştirin');
    expect(RATE_MESSAGES.basis('air')).toBe('A air card prices per_kg');
    expect(RATE_MESSAGES.basis('land')).toBe('A land card prices per_load or per_kg');
    expect(RATE_MESSAGES.basis('')).toBe('A  card prices by its basis');
    expect(tr.t('A land card prices per_load or per_kg')).toBe('land kartı per_load veya per_kg esasına göre fiyatlandırır');
    expect(RATE_SHEET_MESSAGES.overlapCard('2026-03-01', '2026-03-31')).toBe(
      'Overlaps a card already in Cargodesk (valid 2026-03-01 to 2026-03-31) with the same priority: give this one a higher priority or change the days',
    );
    expect(tr.t('Overlaps a card already in Cargodesk (valid 2026-03-01 to 2026-03-31) with the same priority: give this one a higher priority or change the days')).toBe(
      'Cargodesk’te zaten olan bir kartla (2026-03-01 – 2026-03-31 arası geçerli) aynı öncelikte çakışıyor: bu karta daha yüksek öncelik verin ya da günleri değiştirin',
    );
  });
});

describe('composed carrier event messages', () => {
  it('a problem of a Track & Trace event', () => {
    const one = parseEventsBody({ eventID: 'e1', isRetracted: true, eventLocation: { locationName: 5 } });
    expect(one).toMatchObject({ ok: false, message: 'Invalid event: eventLocation.locationName: locationName must be text' });
    expect(tr.t('Invalid event: eventLocation.locationName: locationName must be text')).toBe('Geçersiz olay: eventLocation.locationName: locationName must be text');
    expect(tr.t('locationName must be text')).toBe('locationName metin olmalıdır');
    const many = parseEventsBody(Array.from({ length: 1001 }, () => ({})));
    expect(many).toMatchObject({ ok: false, message: 'At most 1000 events in one request', fields: { _: 'At most 1000 events' } });
    expect(tr.t('At most 1000 events in one request')).toBe('Bir istekte en fazla 1000 olay olabilir');
  });
});
