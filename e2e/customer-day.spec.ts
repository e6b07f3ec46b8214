import { UPLOAD_NAME_HEADER } from '@domain/documents/rules';
import { DEMO, expect, origin, shot, signInApi, test } from './fixtures';
import { smallTapTargets } from './phone-checks';

// Issue 45's "done when", in one customer's day at 390 px: a quote waiting, papers due and one rejected lead the
// dashboard and are cleared from there; an expired request is asked for again as a copy; a shipment opens on where
// the cargo is and when it arrives, with how its arrival moved. Every control on those screens is a 44 px target.
// (Declining with a reason and asking for a revision, seen by the handler: quote-answers.spec.ts.)

const headers = { origin: origin() };
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('a customer’s day on a phone: what waits is cleared from the dashboard; a request asked again; where the cargo is', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInApi(page.request, DEMO.customer);
  await signInApi(request, DEMO.admin);

  // A quote waits for the customer's answer.
  const made = await page.request.post('/api/requests', {
    headers, data: { mode: 'air', direction: 'export', origin_airport: 'IST', destination_airport: 'FRA', cargo_ready_date: day(6), cargo_description: 'Towels, 12 cartons', weight_gross: 240 },
  });
  expect(made.status()).toBe(201);
  const quoted = (await made.json()) as { id: string; number: string };
  const lines = [{ side: 'sell', category: 'freight', code: 'FRT', quantity: '240', unit: 'kg', unit_price: '2.30', currency: 'EUR' }];
  expect((await request.put(`/api/requests/${quoted.id}/quote`, { headers, data: { valid_until: day(9), transit_days: 2, lines } })).status()).toBe(200);
  expect((await request.post(`/api/requests/${quoted.id}/quote/send`, { headers })).status()).toBe(200);
  // One paper owed is sent and refused by the handler: rejected, with the reason.
  const owed = (await (await page.request.get('/api/checklist/owed?pageSize=5')).json()) as { rows: { id: string; name: string }[]; total: number };
  expect(owed.total).toBeGreaterThanOrEqual(2);
  const refused = owed.rows[0]!;
  const sent = await page.request.post(`/api/checklist-items/${refused.id}/upload`, {
    headers: { ...headers, 'content-type': 'application/octet-stream', [UPLOAD_NAME_HEADER]: encodeURIComponent('unsigned.pdf') }, data: PDF,
  });
  expect(sent.status()).toBe(201);
  expect((await request.post(`/api/checklist-items/${refused.id}/review`, { headers, data: { decision: 'reject', reason: 'The signature is missing.' } })).status()).toBe(204);

  // The dashboard leads with them: the rejected paper with its reason, the quote with its validity.
  await page.goto('/dashboard');
  const actions = page.getByRole('region', { name: 'What needs your answer' });
  await expect(actions).toBeVisible();
  expect((await actions.boundingBox())!.y).toBeLessThan(844);
  const papers = actions.getByRole('region', { name: 'Papers to send' });
  const rejectedRow = papers.getByTestId('owed-paper').filter({ hasText: 'Rejected: The signature is missing.' });
  await expect(rejectedRow).toHaveCount(1);
  const quotes = actions.getByRole('region', { name: 'Quotes to answer' });
  await expect(quotes.getByTestId('actions-row').filter({ hasText: quoted.number })).toContainText('Valid until');
  expect(await smallTapTargets(page)).toEqual([]);
  await shot(page, 'customer-day-dashboard-390');

  // Cleared from there: the rejected paper sent again from its row; the quote answered on its page.
  const chooser = page.waitForEvent('filechooser');
  await rejectedRow.getByRole('button', { name: `Upload ${refused.name}` }).click();
  await (await chooser).setFiles({ name: 'signed.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('Sent for review')).toBeVisible();
  await expect(papers.getByTestId('owed-paper').filter({ hasText: 'Rejected: The signature is missing.' })).toHaveCount(0);
  await quotes.getByRole('link', { name: `Answer: ${quoted.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/requests/${quoted.id}$`));
  await page.getByTestId('decline-quote').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'Transit time too long' }).check();
  await dialog.getByTestId('confirm-decline-quote').click();
  await expect(dialog).toHaveCount(0);
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'What needs your answer' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Quotes to answer' }).getByText(quoted.number)).toHaveCount(0);

  // The demo's expired request, asked for again as a copy.
  const expired = (await (await page.request.get('/api/requests?status=expired')).json()) as { rows: { id: string; number: string }[] };
  const old = expired.rows[0]!;
  await page.goto(`/requests/${old.id}`);
  await page.getByTestId('request-again').click();
  await expect(page.getByText(`A copy of ${old.number}: change what you need, check the ready date and send it.`)).toBeVisible();
  if ((await page.getByLabel('Cargo Ready Date').inputValue()) === '') await page.getByLabel('Cargo Ready Date').fill(day(8));
  await page.getByRole('button', { name: 'Send Request' }).click();
  await expect(page).toHaveURL(/\/requests\/[0-9a-f-]{36}$/);
  expect(page.url()).not.toContain(old.id);

  // A shipment whose arrival moved opens on where it is: the route, the dates, how the arrival moved, the carrier's word.
  const list = (await (await page.request.get('/api/shipments?status=in_transit&pageSize=50')).json()) as { rows: { id: string }[] };
  let moved: string | undefined;
  for (const s of list.rows) {
    const detail = (await (await page.request.get(`/api/shipments/${s.id}`)).json()) as { date_moves?: { arrival: unknown } };
    if (detail.date_moves?.arrival) { moved = s.id; break; }
  }
  expect(moved, 'a demo shipment of the customer whose arrival moved').toBeTruthy();
  await page.goto(`/all-shipments/${moved}`);
  const where = page.getByRole('region', { name: 'Where it is' });
  await expect(where.getByTestId('where-route')).toContainText('→');
  await expect(where).toContainText(/was .* · moved /);
  const box = (await where.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  expect(await smallTapTargets(page)).toEqual([]);
  await shot(page, 'customer-day-where-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'What needs your answer' })).toBeVisible();
  await shot(page, 'customer-day-dashboard-1280');
});
