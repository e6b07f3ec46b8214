import { describe, expect, it } from 'vitest';
import { SHARE_LINK_MESSAGES, SHARE_TOKEN_PATTERN, shareLinkInputSchema, shareLinkState, shareLinkUrl } from './schema';

describe('share-link expiry', () => {
  it('defaults to 30 days and takes whole days from 1 to 180', () => {
    expect(shareLinkInputSchema.parse({})).toEqual({ expires_in_days: 30, document_names: [] });
    expect(shareLinkInputSchema.parse({ expires_in_days: 1 }).expires_in_days).toBe(1);
    expect(shareLinkInputSchema.parse({ expires_in_days: 180 }).expires_in_days).toBe(180);
    for (const bad of [0, 181, 2.5, -1, '7', null, Number.NaN]) {
      const r = shareLinkInputSchema.safeParse({ expires_in_days: bad });
      expect(r.success, String(bad)).toBe(false);
      expect(r.error!.issues[0]!.message).toBe(SHARE_LINK_MESSAGES.days);
    }
  });

  it('shares at most 10 documents, named by text', () => {
    expect(shareLinkInputSchema.parse({ document_names: ['a.pdf'] }).document_names).toEqual(['a.pdf']);
    expect(shareLinkInputSchema.safeParse({ document_names: Array.from({ length: 11 }, (_, i) => `${i}.pdf`) }).error!.issues[0]!.message).toBe(SHARE_LINK_MESSAGES.tooManyDocuments);
    for (const bad of ['a.pdf', [1], [null], { a: 1 }]) {
      expect(shareLinkInputSchema.safeParse({ document_names: bad }).error!.issues[0]!.message, JSON.stringify(bad)).toBe(SHARE_LINK_MESSAGES.documents);
    }
  });
});

describe('share-link state', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('is active until the expiry, expired from it, and revoked whatever the date', () => {
    expect(shareLinkState({ expires_at: '2026-11-25T12:00:01Z', revoked_at: null }, now)).toBe('active');
    expect(shareLinkState({ expires_at: '2026-11-25T12:00:00Z', revoked_at: null }, now)).toBe('expired');
    expect(shareLinkState({ expires_at: '2026-12-25T12:00:00Z', revoked_at: '2026-11-24T08:00:00Z' }, now)).toBe('revoked');
    expect(shareLinkState({ expires_at: '2026-11-01T00:00:00Z', revoked_at: '2026-10-30T08:00:00Z' }, now)).toBe('revoked');
  });
});

describe('share-link address and token', () => {
  it('joins the site address and the token without a double slash', () => {
    expect(shareLinkUrl('https://portal.example.com/', 'abc')).toBe('https://portal.example.com/t/abc');
    expect(shareLinkUrl('http://127.0.0.1:3000', 'abc')).toBe('http://127.0.0.1:3000/t/abc');
  });
  it('accepts only 43 base64url characters as a token', () => {
    expect(SHARE_TOKEN_PATTERN.test('A'.repeat(43))).toBe(true);
    expect(SHARE_TOKEN_PATTERN.test('A'.repeat(42))).toBe(false);
    expect(SHARE_TOKEN_PATTERN.test(`${'A'.repeat(42)}=`)).toBe(false);
    expect(SHARE_TOKEN_PATTERN.test(`${'A'.repeat(42)}/`)).toBe(false);
  });
});
