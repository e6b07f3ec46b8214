/** Fresh users for the two-factor specs (the demo accounts stay as other specs expect them). */
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, origin, signInApi, waitForMail } from './fixtures';
import { freshTotp, secretOf } from '@tests/helpers/totp';

export const PASSWORD = 'two-factor-e2e-1';
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/**
 * A registered, confirmed staff user of our own: added as pending staff by the demo admin (through `admin`, an API
 * context that is signed in as that admin by this call), registered at sign-up and confirmed with the mail link's token and the password.
 */
export async function newStaffUser(admin: APIRequestContext, role: 'admin' | 'export' | 'import', label = 'Two Factor') {
  const id = tag();
  const email = `tfa.${role}.${id}@cargodesk.test`;
  const name = `${label} ${id}`;
  await signInApi(admin, DEMO.admin);
  const since = Date.now() - 1000;
  const created = await admin.post('/api/staff', { data: { full_name: name, email, role }, headers: { origin: origin() } });
  expect(created.status(), await created.text()).toBe(201);
  const signUp = await admin.post('/api/auth/sign-up/email', { data: { email, password: PASSWORD, name: 'x' }, headers: { origin: origin() } });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const mail = await waitForMail(email, 'Confirm your Cargodesk account', since);
  // The mail's link carries the token the sign-in page sends with the e-mail and password (decision 0249).
  const token = new URL(mail.links.find((l) => l.includes('/signin?confirm='))!).searchParams.get('confirm');
  const confirmed = await admin.post('/api/account/confirm', { data: { token, email, password: PASSWORD }, headers: { origin: origin() } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return { email, name };
}

/** Turns two-factor on through the API for the user signed in on `page` (codes computed in the test). */
export async function enrolThroughApi(page: Page) {
  const enable = await page.request.post('/api/auth/two-factor/enable', { data: { password: PASSWORD }, headers: { origin: origin() } });
  expect(enable.status(), await enable.text()).toBe(200);
  const { totpURI } = (await enable.json()) as { totpURI: string };
  const secret = secretOf(totpURI);
  const verify = await page.request.post('/api/auth/two-factor/verify-totp', { data: { code: await freshTotp(secret) }, headers: { origin: origin() } });
  expect(verify.status(), await verify.text()).toBe(200);
  return secret;
}
