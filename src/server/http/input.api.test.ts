import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { TOO_DEEP_MESSAGE } from './input';

// Issue 37: a deeply nested JSON body was a 500 on any path, signed out too (the input guard walked it recursively).
// Past 64 levels it is a 400 with a clear message, before any route, session or rate limit reads it.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@cargodesk.test');
});
afterAll(async () => t?.close());

const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const deepObject = (levels: number) => `{"name":${'{"a":'.repeat(levels - 1)}1${'}'.repeat(levels - 1)}}`;

describe('a deeply nested JSON body', () => {
  it('is a 400 naming the limit on any path, signed out and signed in', async () => {
    const cases: [string, string, string | undefined][] = [
      ['/api/auth/sign-in/email', deep(100_000), undefined],
      ['/api/eligibility', deepObject(5_000), undefined],
      ['/api/no-such-thing', deep(100_000), undefined],
      ['/api/companies', deep(100_000), admin],
      ['/api/companies', deepObject(65), admin],
    ];
    for (const [path, body, cookie] of cases) {
      const res = await t.request(path, { method: 'POST', body, cookie, headers: { 'content-type': 'application/json' } });
      expect(res.status, `${path}: ${await res.clone().text()}`).toBe(400);
      expect(((await res.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'invalid_input', message: TOO_DEEP_MESSAGE });
    }
  });

  it('at 64 levels reaches the route, which answers as it does for any other wrong body', async () => {
    const res = await t.request('/api/companies', { method: 'POST', body: deepObject(64), cookie: admin, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).not.toBe(TOO_DEEP_MESSAGE);
  });
});
