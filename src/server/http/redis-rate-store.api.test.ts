import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { RedisRateStore } from './redis-rate-store';
import type { Hit, RateStore } from './rate-limit';

/**
 * With REDIS_URL the auth rate limits are shared through Redis (the machine's Redis on 127.0.0.1:6379, as in CI):
 * two instances count the same attempts, and an outage falls back to the database counters.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let store: RedisRateStore;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  // Every run counts under its own prefix: without a trusted proxy all attempts come from one address, and the
  // per-address sign-in ceiling (decision 0041) would otherwise carry over between runs on the shared Redis.
  store = new RedisRateStore(REDIS_URL, { hit: () => Promise.reject(new Error('fallback not expected')), refund: () => Promise.reject(new Error('fallback not expected')) }, undefined, `cargodesk:test:${crypto.randomUUID()}:`);
  await store.ready();
  [a, b] = await Promise.all([createTestApp({ rateStore: store, seedDemo: false, trustProxy: false }), createTestApp({ rateStore: store, seedDemo: false, trustProxy: false })]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await store?.close();
});

const attempt = (t: TestApp, email: string, headers: Record<string, string> = {}) =>
  t.request('/api/auth/sign-in/email', { body: { email, password: 'wrong-password' }, headers: { 'x-forwarded-for': '', ...headers } });

describe('auth rate limits through Redis', () => {
  it('shares the sign-in window between two instances: the 4th attempt anywhere gets 429 with Retry-After', async () => {
    const email = `someone-${crypto.randomUUID()}@example.com`;
    expect((await attempt(a, email)).status).toBe(401);
    expect((await attempt(b, email)).status).toBe(401);
    expect((await attempt(a, email)).status).toBe(401);
    const fourth = await attempt(b, email);
    expect(fourth.status).toBe(429);
    const retryAfter = Number(fourth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await fourth.json()).error.message).toMatch(/^Too many attempts/);
    // Without TRUST_PROXY a made-up X-Forwarded-For is not a new client.
    expect((await attempt(a, email, { 'x-forwarded-for': '203.0.113.77' })).status).toBe(429);
    // Another e-mail from the same address has its own window (per address and e-mail, decision 0003).
    expect((await attempt(a, `other-${crypto.randomUUID()}@example.com`)).status).toBe(401);
  });

  it('hands a counted attempt back, never below zero and never for an ended window', async () => {
    const key = `refund:${crypto.randomUUID()}`;
    await store.hit(key, 60);
    await store.hit(key, 60);
    await store.refund(key);
    expect((await store.hit(key, 60)).count).toBe(2);
    for (let i = 0; i < 5; i++) await store.refund(key);
    expect((await store.hit(key, 60)).count).toBe(1);
    const gone = `refund:${crypto.randomUUID()}`;
    await store.refund(gone);
    expect((await store.hit(gone, 60)).count).toBe(1);
  });

  it('keeps each key in a fixed window that expires', async () => {
    const key = `test:${crypto.randomUUID()}`;
    const first = await store.hit(key, 1);
    const second = await store.hit(key, 1);
    expect([first.count, second.count]).toEqual([1, 2]);
    expect(second.resetAt.getTime() - Date.now()).toBeLessThanOrEqual(1000);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await store.hit(key, 1)).count).toBe(1);
  });

  it('counts in the fallback store while Redis cannot be reached', async () => {
    const counted: string[] = [];
    const fallback: RateStore = {
      hit: (key): Promise<Hit> => (counted.push(key), Promise.resolve({ count: counted.length, resetAt: new Date(Date.now() + 60_000) })),
      refund: (key) => (counted.push(`refund:${key}`), Promise.resolve()),
    };
    const failures: unknown[] = [];
    const away = new RedisRateStore('redis://127.0.0.1:1', fallback, (err) => failures.push(err));
    away.redis.on('error', () => {}); // the connection errors are expected here
    try {
      expect((await away.hit('k', 60)).count).toBe(1);
      expect((await away.hit('k', 60)).count).toBe(2);
      await away.refund('k');
      expect(counted).toEqual(['k', 'k', 'refund:k']);
      expect(failures).toHaveLength(3);
    } finally {
      away.redis.disconnect();
    }
  });
});
