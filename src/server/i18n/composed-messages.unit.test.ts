// Messages the domain composes with values (decision 0300): English as before, Turkish found by their template.
import { describe, expect, it } from 'vitest';
import { translatorFor } from './index';
import { AIRPORT_MESSAGES } from '@domain/airports/schema';
import { hasShipmentsMessage } from '@domain/companies/schema';
import { exceptionLabel } from '@domain/exceptions/rules';
import { NOTIFICATION_MESSAGES } from '@domain/notifications/schema';
import { REQUEST_MESSAGES } from '@domain/requests/schema';
import { SHIPMENT_MESSAGES } from '@domain/shipments/messages';
import { STATUS_MESSAGES } from '@domain/shipments/status';
import { HANDLER_MESSAGES } from '@domain/shipments/handlers-schema';

const tr = translatorFor('tr');
const en = translatorFor('en');

describe('composed messages', () => {
  it('keep their English word for word', () => {
    expect(AIRPORT_MESSAGES.inUse('Istanbul Airport', 'IST', 3)).toBe(
      'Istanbul Airport (IST) cannot be deleted: it is the origin or destination airport of 3 shipment(s). Choose another airport on those shipments first.',
    );
    expect(hasShipmentsMessage(2)).toBe('This company has shipments and cannot be deleted. It has 2 shipments on record; delete or move them to another company first. Nothing was deleted.');
    expect(NOTIFICATION_MESSAGES.mode('exceptions')).toBe('Choose one of: Daily digest, Off');
    expect(NOTIFICATION_MESSAGES.mode('status_changed')).toBe('Choose one of: Instant mail, Daily digest, Off');
    expect(exceptionLabel('no_change', { arrival_moved_days: 1, no_change_days: 14 })).toEqual({
      label: 'No change in 14 days',
      rule: 'Nothing about the shipment changed for 14 days and it is not delivered.',
    });
    expect(exceptionLabel('arrival_moved', { arrival_moved_days: 1, no_change_days: 14 }).rule).toBe('The estimated arrival moved by more than 1 day in the last 7 days.');
    expect(en.t(STATUS_MESSAGES.sameStatus('delivered'))).toBe('The shipment is already Delivered');
  });

  it('read in Turkish with their values, a value that is a label translated too', () => {
    expect(tr.t(AIRPORT_MESSAGES.inUse('İstanbul Havalimanı', 'IST', 3))).toBe(
      'İstanbul Havalimanı (IST) silinemez: 3 sevkiyatın çıkış veya varış havalimanı. Önce bu sevkiyatlarda başka bir havalimanı seçin.',
    );
    expect(tr.t(hasShipmentsMessage(2))).toBe('Bu firmanın sevkiyatları olduğu için silinemez. Kayıtlı 2 sevkiyatı var; önce bunları silin veya başka bir firmaya taşıyın. Hiçbir şey silinmedi.');
    expect(tr.t(STATUS_MESSAGES.sameStatus('delivered'))).toBe('Sevkiyatın durumu zaten: Teslim Edildi');
    expect(tr.t(SHIPMENT_MESSAGES.partyNameRequired('Notify Party'))).toBe('Adres girildiğinde İhbar Tarafı adı zorunludur');
    expect(tr.t(REQUEST_MESSAGES.unknownAirport('origin', 'ZZZ'))).toBe('Kalkış havalimanı ZZZ bilinen bir havalimanı değil: listeden birini seçin');
    expect(HANDLER_MESSAGES.wrongDirection('Can Demir', 'import', 'export')).toBe(
      'Can Demir is an Import handler and cannot handle export shipments. Choose an Export handler or an administrator.',
    );
    expect(tr.t(HANDLER_MESSAGES.wrongDirection('Can Demir', 'import', 'export'))).toBe(
      'Can Demir bir ithalat sorumlusu olduğu için ihracat sevkiyatlarını üstlenemez. Bir ihracat sorumlusu veya bir yönetici seçin.',
    );
    expect(tr.t(exceptionLabel('no_change', { arrival_moved_days: 1, no_change_days: 14 }).label)).toBe('14 gündür değişiklik yok');
    expect(exceptionLabel('no_change', { arrival_moved_days: 1, no_change_days: 1 }, tr).rule).toBe('Sevkiyatta 1 gündür hiçbir şey değişmedi ve sevkiyat teslim edilmedi.');
  });

  it('never read what someone typed as ICU: a value with braces stays as typed', () => {
    const typed = 'A-{x, select, other {boom}}';
    expect(tr.t(SHIPMENT_MESSAGES.duplicateReference(typed))).toBe(`${typed} referans numaralı bir sevkiyat zaten var`);
    expect(tr.t(`Destination Airport ${typed} is not known`)).toBe(`Destination Airport ${typed} is not known`);
  });
});
