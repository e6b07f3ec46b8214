// The server's own messages (issue 42): marked msg() where they are written, English word for word as before, and in
// Turkish for a Turkish reader, as translateErrorBody gives them at the answer.
import { describe, expect, it } from 'vitest';
import { translateErrorBody, translatorFor } from './index';
import { DOCUMENT_MESSAGES } from '@domain/documents/rules';
import { SUPPLIER_BILL_MESSAGES } from '@domain/billing/supplier-bills';
import { INVOICE_MESSAGES } from '@server/features/invoices/drafts';
import { UBL_MESSAGES } from '@server/features/invoices/pdf';
import { PAYMENT_MESSAGES } from '@server/features/payments/service';
import { RATE_FILE_TOO_LARGE } from '@server/features/exchange-rates/limits';
import { conflict, forbidden, notFound } from '@server/http/errors';
import { createDrainGate } from '@server/http/drain';

const tr = translatorFor('tr');
const en = translatorFor('en');

describe("the server's own messages", () => {
  it('keep their English word for word', () => {
    expect(INVOICE_MESSAGES.frozen).toBe('An issued invoice or credit note never changes: correct it with a credit note.');
    expect(INVOICE_MESSAGES.nothingToBill).toBe('The shipments have no unbilled charges and no lines were given: nothing to invoice');
    expect(PAYMENT_MESSAGES.creditNote).toBe('A payment is applied to an invoice, not to a credit note');
    expect(UBL_MESSAGES.draft).toBe('A draft has no e-invoice yet: issue it first');
    expect(RATE_FILE_TOO_LARGE).toBe('The rate file is too large (at most 24 MB).');
    expect(notFound().message).toBe('Not found');
    expect(forbidden().message).toBe('You do not have permission to do this.');
    expect(en.t(INVOICE_MESSAGES.notYourDraft)).toBe('You can change only the drafts you made');
  });

  it('read in Turkish', () => {
    expect(tr.t(INVOICE_MESSAGES.frozen)).toBe('Kesilmiş bir fatura veya iade faturası hiç değişmez: düzeltmek için iade faturası kesin.');
    expect(tr.t(INVOICE_MESSAGES.nothingToBill)).toBe('Sevkiyatların faturalanmamış masrafı yok ve hiç kalem girilmedi: faturalanacak bir şey yok');
    expect(tr.t(INVOICE_MESSAGES.notYourDraft)).toBe('Yalnızca kendi oluşturduğunuz taslakları değiştirebilirsiniz');
    expect(tr.t(INVOICE_MESSAGES.currencyWithoutLines)).toBe('Elle girilen kalemleri yeni para biriminde yeniden girin (fiyatları eski para birimindeydi)');
    expect(tr.t(PAYMENT_MESSAGES.company)).toBe('Böyle bir firma yok: ödemeyi yapan firmayı seçin');
    expect(tr.t(PAYMENT_MESSAGES.creditNote)).toBe('Ödeme bir faturaya uygulanır, iade faturasına değil');
    expect(tr.t(PAYMENT_MESSAGES.draft)).toBe('Bu fatura bir taslak: ödeme kesilmiş bir faturaya uygulanır');
    expect(tr.t(UBL_MESSAGES.draft)).toBe('Taslağın henüz e-faturası yok: önce faturayı kesin');
    expect(tr.t(RATE_FILE_TOO_LARGE)).toBe('Kur dosyası çok büyük (en fazla 24 MB).');
  });

  it("answer a Turkish reader in Turkish, the helpers' defaults too, and an English one as written", () => {
    expect(translateErrorBody(forbidden().toBody(), tr)).toEqual({ error: { code: 'forbidden', message: 'Bunu yapma yetkiniz yok.' } });
    expect(translateErrorBody(notFound().toBody(), tr).error.message).toBe('Bulunamadı');
    const frozen = conflict(INVOICE_MESSAGES.frozen, { lines: INVOICE_MESSAGES.frozen }).toBody();
    expect(translateErrorBody(frozen, tr).error.fields).toEqual({ lines: 'Kesilmiş bir fatura veya iade faturası hiç değişmez: düzeltmek için iade faturası kesin.' });
    expect(translateErrorBody(frozen, en)).toEqual(frozen);
  });

  it('word a race on a document or a cost line as one whole message, in English and in Turkish', () => {
    // The refusals the unique indexes raise name no shipment or bill: whole messages of their own, so both languages read
    // right (the reference's template filled with "another shipment" read "assigned to shipment another shipment").
    expect(en.t(DOCUMENT_MESSAGES.assignedElsewhere)).toBe('This document is already assigned to another shipment. Remove that assignment first.');
    expect(tr.t(DOCUMENT_MESSAGES.assignedElsewhere)).toBe('Bu belge zaten başka bir sevkiyata atanmış. Önce o atamayı kaldırın.');
    expect(en.t(SUPPLIER_BILL_MESSAGES.matchedElsewhere)).toBe('This cost line is already matched to another supplier bill; unmatch it there first');
    expect(tr.t(SUPPLIER_BILL_MESSAGES.matchedElsewhere)).toBe(
      'Bu maliyet kalemi zaten başka bir tedarikçi faturasıyla eşleştirilmiş; önce oradaki eşleştirmeyi kaldırın',
    );
  });

  it('refuse a request while the server restarts in the language the request asks for', async () => {
    const gate = createDrainGate<undefined>(() => new Response('ok'));
    gate.close();
    const turkish = await gate.fetch(new Request('http://x/api/me', { headers: { 'accept-language': 'tr-TR,tr;q=0.9,en;q=0.5' } }), undefined);
    expect(turkish.status).toBe(503);
    expect(await turkish.json()).toEqual({ error: { code: 'unavailable', message: 'Sunucu yeniden başlatılıyor. Lütfen birazdan tekrar deneyin.' } });
    const english = await gate.fetch(new Request('http://x/api/me'), undefined);
    expect((await english.json()).error.message).toBe('The server is restarting. Please try again in a moment.');
  });
});
