import { describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES, API_KEY_PATTERN, apiKeyInputSchema, apiKeyState, bearerTokenOf, rateLimitHeaders } from './schema';

describe('bearerTokenOf (RFC 6750 section 2.1)', () => {
  it('reads the token after a case-insensitive Bearer scheme', () => {
    expect(bearerTokenOf('Bearer cdk_abc')).toBe('cdk_abc');
    expect(bearerTokenOf('bearer cdk_abc')).toBe('cdk_abc');
    expect(bearerTokenOf('BEARER   cdk_abc ')).toBe('cdk_abc');
  });
  it('is null for no header, another scheme, or no token', () => {
    for (const h of [undefined, null, '', 'Basic dXNlcjpwYXNz', 'Bearer', 'Bearer ', 'Bearer a b', 'Token cdk_abc']) expect(bearerTokenOf(h), String(h)).toBeNull();
  });
});

describe('apiKeyState', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  it('revoked wins over expired; no expiry stays active', () => {
    expect(apiKeyState({ expires_at: null, revoked_at: null }, now)).toBe('active');
    expect(apiKeyState({ expires_at: '2026-11-26T12:00:01Z', revoked_at: null }, now)).toBe('active');
    expect(apiKeyState({ expires_at: '2026-11-26T12:00:00Z', revoked_at: null }, now)).toBe('expired');
    expect(apiKeyState({ expires_at: '2026-11-01T00:00:00Z', revoked_at: '2026-10-01T00:00:00Z' }, now)).toBe('revoked');
  });
});

describe('apiKeyInputSchema', () => {
  it('defaults the rate and accepts no expiry', () => {
    expect(apiKeyInputSchema.parse({ name: ' ERP ' })).toEqual({ name: 'ERP', rate_limit_per_minute: 120 });
    expect(apiKeyInputSchema.parse({ name: 'x', role: 'import', expires_in_days: null, rate_limit_per_minute: 6000 })).toMatchObject({ role: 'import', expires_in_days: null });
  });
  it('refuses with the form’s messages', () => {
    const message = (body: unknown) => apiKeyInputSchema.safeParse(body).error?.issues[0]?.message;
    expect(message({ name: '  ' })).toBe(API_KEY_MESSAGES.name);
    expect(message({ name: 'x', role: 'customer' })).toBe(API_KEY_MESSAGES.role);
    expect(message({ name: 'x', expires_in_days: 0 })).toBe(API_KEY_MESSAGES.days);
    expect(message({ name: 'x', expires_in_days: 1.5 })).toBe(API_KEY_MESSAGES.days);
    expect(message({ name: 'x', rate_limit_per_minute: 6001 })).toBe(API_KEY_MESSAGES.rate);
  });
  it('the key pattern takes cdk_ and 43 base64url characters only', () => {
    expect(API_KEY_PATTERN.test('cdk_' + 'A'.repeat(42) + '-')).toBe(true);
    expect(API_KEY_PATTERN.test('cdk_' + 'A'.repeat(42))).toBe(false);
    expect(API_KEY_PATTERN.test('cdk_' + 'A'.repeat(42) + '=')).toBe(false);
  });
});

describe('rateLimitHeaders (draft-ietf-httpapi-ratelimit-headers, structured fields)', () => {
  it('names the quota and window, and what remains and when it resets; never a negative remainder', () => {
    expect(rateLimitHeaders(100, 60, 1, 59)).toEqual({ 'RateLimit-Policy': '"key";q=100;w=60', RateLimit: '"key";r=99;t=59' });
    expect(rateLimitHeaders(3, 60, 5, 10).RateLimit).toBe('"key";r=0;t=10');
  });
});
