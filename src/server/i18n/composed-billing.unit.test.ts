// Billing's composed messages (decision 0300): English as it always read, and in Turkish found by their template.
import { describe, expect, it } from 'vitest';
import { translatorFor } from './index';
import { CREDIT_MESSAGES, CREDIT_MESSAGES_AT_ISSUE } from '@domain/billing/credit';
import { CHARGE_MESSAGES } from '@domain/billing/charge-rules';
import { SUPPLIER_BILL_MESSAGES } from '@domain/billing/supplier-bills';
import { EXCHANGE_MESSAGES } from '@domain/money/exchange';
import { IBAN_MESSAGES } from '@domain/money/iban';
import { QUOTE_MESSAGES } from '@domain/requests/quote-schema';

const tr = translatorFor('tr');
const en = translatorFor('en');

describe('composed billing messages', () => {
  it('credit notes', () => {
    expect(CREDIT_MESSAGES.unknownPosition(3)).toBe('The invoice has no line 3');
    expect(tr.t('The invoice has no line 3')).toBe('Faturada 3. kalem yok');
    expect(CREDIT_MESSAGES.tooMuch(2, '1.5')).toBe('Line 2: at most 1.5 can still be credited');
    expect(tr.t('Line 2: at most 1.5 can still be credited')).toBe('2. kalem: en fazla 1.5 daha iade edilebilir');
    // Issued later: the problem and its reason are one message, so the reader reads it in one language.
    expect(CREDIT_MESSAGES_AT_ISSUE.tooMuch(2, '1.5')).toBe('Line 2: at most 1.5 can still be credited: other credit notes were issued since this one was drafted');
    expect(tr.t('Line 2: at most 1.5 can still be credited: other credit notes were issued since this one was drafted')).toBe(
      '2. kalem: en fazla 1.5 daha iade edilebilir: bu taslak hazırlandıktan sonra başka iade faturaları düzenlendi',
    );
  });

  it('charge codes and locked lines, a value that is a label translated too', () => {
    expect(CHARGE_MESSAGES.codeUnknown('THC')).toBe('Charge code THC is not in the list; an administrator can add it under Charge Codes');
    expect(tr.t('Charge code THC is not in the list; an administrator can add it under Charge Codes')).toBe('THC masraf kodu listede yok; bir yönetici bunu Masraf Kodları bölümünden ekleyebilir');
    expect(CHARGE_MESSAGES.codeCategory('THC', 'customs')).toBe('THC is a Customs code: choose the category Customs or another code');
    expect(tr.t('THC is a Customs code: choose the category Customs or another code')).toBe('THC bir Gümrük kodudur: Gümrük kategorisini ya da başka bir kod seçin');
    expect(CHARGE_MESSAGES.billed('INV-2026-000004')).toBe('This line is billed on invoice INV-2026-000004 and cannot be changed or removed; correct it with a credit note');
    expect(tr.t('This line is billed on invoice INV-2026-000004 and cannot be changed or removed; correct it with a credit note')).toBe(
      'Bu kalem INV-2026-000004 numaralı faturada olduğu için değiştirilemez veya kaldırılamaz; iade faturasıyla düzeltin',
    );
    expect(QUOTE_MESSAGES.unknownCode('XYZ')).toBe('Charge code XYZ is not in the list of charge codes');
    expect(tr.t('Charge code XYZ is not in the list of charge codes')).toBe('XYZ masraf kodu, masraf kodları listesinde yok');
    // The shipment form's field lines (src/server/features/shipments/field-lines.ts).
    expect(tr.t('Freight Cost is on a draft invoice and cannot be changed here; remove it from the draft first')).toBe(
      'Navlun Maliyeti bir fatura taslağında olduğu için burada değiştirilemez; önce taslaktan çıkarın',
    );
  });

  it('supplier bills', () => {
    expect(SUPPLIER_BILL_MESSAGES.places('JPY', 0)).toBe('JPY amounts have no decimals');
    expect(SUPPLIER_BILL_MESSAGES.places('KWD', 3)).toBe('KWD amounts have at most 3 decimals');
    expect(tr.t('JPY amounts have no decimals')).toBe('JPY tutarları ondalık basamak içermez');
    expect(tr.t('KWD amounts have at most 3 decimals')).toBe('KWD tutarlarında en fazla 3 ondalık basamak olabilir');
    expect(SUPPLIER_BILL_MESSAGES.currencyMismatch('USD', 'EUR')).toBe('The cost line is in USD and the bill in EUR: a line can only be matched to a cost in the same currency');
    expect(tr.t('The cost line is in USD and the bill in EUR: a line can only be matched to a cost in the same currency')).toBe(
      'Maliyet kalemi USD, fatura EUR cinsinden: bir kalem yalnızca aynı para birimindeki bir maliyetle eşleştirilebilir',
    );
    expect(tr.t('Only the handler of SHP-2026-00012 or an administrator can put costs on it.')).toBe('SHP-2026-00012 numaralı sevkiyata yalnızca sorumlusu veya bir yönetici maliyet ekleyebilir.');
  });

  it('exchange rates, IBANs and payments', () => {
    expect(EXCHANGE_MESSAGES.noRate('USD', '2026-01-02')).toBe('No exchange rate for USD on or before 2026-01-02');
    expect(tr.t('No exchange rate for USD on or before 2026-01-02')).toBe('2026-01-02 tarihinde veya öncesinde USD için döviz kuru yok');
    expect(tr.t('No exchange rate for USD on or before 2026-01-02: enter the rate or choose another rate day. Nothing was saved.')).toBe(
      '2026-01-02 tarihinde veya öncesinde USD için döviz kuru yok: kuru girin veya başka bir kur tarihi seçin. Hiçbir şey kaydedilmedi.',
    );
    expect(IBAN_MESSAGES.ibanLength('TR', 26)).toBe('An IBAN of TR has 26 characters');
    expect(tr.t('An IBAN of TR has 26 characters')).toBe('TR IBAN numarası 26 karakterden oluşur');
    expect(tr.t('The invoice is in EUR: record the payment in EUR, or without an invoice as a credit on the account')).toBe(
      'Fatura EUR cinsinden: ödemeyi EUR cinsinden ya da faturaya bağlamadan hesapta alacak olarak kaydedin',
    );
    expect(en.t('The invoice is in EUR: record the payment in EUR, or without an invoice as a credit on the account')).toBe(
      'The invoice is in EUR: record the payment in EUR, or without an invoice as a credit on the account',
    );
  });

  it('accounting exports: one whole message a format', () => {
    expect(tr.t('No revenue account for VAT S 19 %: add it under Settings, Accounting.')).toBe('KDV S 19 % için gelir hesabı yok: Muhasebe ayarlarından ekleyin.');
    expect(
      tr.t('Nothing to export: no issued invoice from 2026-01-01 to 2026-01-31 that was not exported in this format before. Tick "Include documents exported before" to take those again.'),
    ).toBe(
      'Aktarılacak bir şey yok: 2026-01-01 ile 2026-01-31 arasında bu biçimde daha önce aktarılmamış kesilmiş fatura bulunmuyor. Bunları yeniden almak için "Daha önce aktarılan belgeleri dahil et" seçeneğini işaretleyin.',
    );
  });
});
