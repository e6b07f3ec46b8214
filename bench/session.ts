/** Signs in once per role and keeps the session cookie, so the auth rate limits never touch a run. */
import { DEMO_PASSWORD } from '@domain/auth/rules';
import { BENCH_LOGINS } from './dataset';

export type Role = keyof typeof BENCH_LOGINS;
export type Cookies = Record<Role, string>;

export async function signIn(base: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => c.includes('session_token'));
  if (!cookie) throw new Error(`sign-in ${email}: no session cookie`);
  return cookie;
}

export async function signInAll(base: string): Promise<Cookies> {
  return {
    admin: await signIn(base, BENCH_LOGINS.admin),
    handler: await signIn(base, BENCH_LOGINS.handler),
    customer: await signIn(base, BENCH_LOGINS.customer),
  };
}
