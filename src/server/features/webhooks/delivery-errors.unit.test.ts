// Why a webhook delivery failed, in words the deliveries page shows in the reader's language (issue 42): each reason
// is a catalog message or fills a template, so the web's t() reads it in Turkish; a fault we have no words for stays
// as the system wrote it.
import { describe, expect, it } from 'vitest';
import { translatorFor } from '@server/i18n/index';
import { DELIVERY_ERRORS, WEBHOOK_MESSAGES } from '@domain/webhooks/schema';
import { deliveryError } from './deliver';

const tr = translatorFor('tr');
const fault = (code: string, message = `${code} 203.0.113.5:443`) => Object.assign(new Error(message), { code });

describe('webhook delivery failures', () => {
  it('names the common network faults by their code, in English as stored', () => {
    expect(deliveryError(fault('ECONNREFUSED'))).toBe('The endpoint refused the connection: nothing listens at this address');
    expect(deliveryError(fault('ECONNRESET'))).toBe('The endpoint closed the connection before answering');
    expect(deliveryError(fault('CERT_HAS_EXPIRED'))).toBe(DELIVERY_ERRORS.certificate);
    expect(deliveryError(fault('DEPTH_ZERO_SELF_SIGNED_CERT'))).toBe(DELIVERY_ERRORS.certificate);
    expect(deliveryError(fault('ERR_TLS_CERT_ALTNAME_INVALID'))).toBe(DELIVERY_ERRORS.certificate);
    expect(deliveryError(fault('EPROTO', 'write EPROTO wrong version number'))).toBe('write EPROTO wrong version number');
    expect(deliveryError('plain text')).toBe('plain text');
  });

  it('reads each in Turkish, the templates with their values', () => {
    expect(tr.t(DELIVERY_ERRORS.redirect('https://new.example.com/hook'))).toBe('https://new.example.com/hook adresine yönlendirme izlenmedi: adresi güncelleyin');
    expect(tr.t(DELIVERY_ERRORS.redirect(null))).toBe('Yeni adres vermeyen yönlendirme izlenmedi: adresi güncelleyin');
    expect(tr.t(DELIVERY_ERRORS.timeout(15))).toBe('15 sn içinde yanıt gelmedi');
    expect(tr.t(deliveryError(fault('ECONNREFUSED')))).toBe('Uç nokta bağlantıyı reddetti: bu adreste dinleyen bir hizmet yok');
    expect(tr.t(WEBHOOK_MESSAGES.unresolved)).not.toBe(WEBHOOK_MESSAGES.unresolved);
    // What we have no words for is shown as it is, never compiled as a message.
    expect(tr.t('write EPROTO {wrong} version')).toBe('write EPROTO {wrong} version');
  });
});
