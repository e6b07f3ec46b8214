import { seriousViolations } from './axe';
import { DEMO, expect, origin, shot, signInAs, test, waitForMail } from './fixtures';

// Issue 17, notification choices: a customer chooses per kind of mail on My Profile; a mail's unsubscribe link opens
// a page without signing in and stops that kind of mail; an admin sets a contact's choices from the company page.

test.describe.configure({ timeout: 120_000 });

for (const width of [1280, 390]) {
  test(`My Profile holds the notification choices, saved and shown again (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await signInAs(page, DEMO.customer, { at: '/profile#notifications' });
    const section = page.getByRole('region', { name: 'Notifications' });
    await expect(section).toBeVisible();
    const dates = section.getByTestId('notification-dates_changed');
    await expect(dates).toContainText('Estimated dates changed');
    await dates.getByText('Instant mail').click();
    await section.getByRole('combobox', { name: 'Time zone' }).fill('Istanbul');
    await page.getByRole('option', { name: 'Europe/Istanbul', exact: true }).click();
    await section.getByRole('button', { name: 'Save notification choices' }).click();
    await expect(page.getByText('Notification choices saved')).toBeVisible();
    if (width < 500) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(page, `notifications-profile-${width}`);

    await page.reload();
    await expect(section.getByTestId('notification-dates_changed').getByRole('radio', { name: 'Instant mail' })).toBeChecked();
    await expect(section.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Istanbul');
    // Back to the default for the other specs.
    await section.getByTestId('notification-dates_changed').getByText('Daily digest').click();
    await section.getByRole('button', { name: 'Save notification choices' }).click();
    await expect(page.getByText('Notification choices saved')).toBeVisible();
  });
}

test('the unsubscribe link of a mail stops that kind of mail without signing in', async ({ page, browser }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // A shipment created for the demo customer's company mails each of its contacts at once (the default).
  await signInAs(page, DEMO.export);
  const since = Date.now();
  await page.goto('/shipments/new');
  const res = await page.request.get('/api/companies?q=Anatolia');
  const company = ((await res.json()) as { rows: { id: string; name: string }[] }).rows.find((c) => c.name === 'Anatolia Textiles Ltd')!;
  const reference = `E2E-UNSUB-${Date.now().toString(36)}`.toUpperCase();
  const created = await page.request.post('/api/shipments', {
    headers: { origin: new URL(page.url()).origin },
    data: {
      type: 'air', loading_type: 'export', reference_number: reference, company_id: company.id, cargo_description: 'Unsubscribe cargo',
      package_type: 'pallet', packages_count: 1, weight_gross: 100, origin_city: 'Istanbul', origin_country: 'TR',
      destination_city: 'Frankfurt', destination_country: 'DE', origin_airport: 'IST', destination_airport: 'FRA',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const mail = await waitForMail(DEMO.customer, `New Shipment Created - ${reference}`, since);
  expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const link = mail.links.find((l) => l.includes('/unsubscribe?token=') && !l.includes('/api/'))!;
  expect(link).toBeTruthy();

  // Someone with only the mail, on a phone.
  const stranger = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const other = await stranger.newPage();
  await other.goto(link);
  await expect(other.getByRole('heading', { name: 'Stop these mails?' })).toBeVisible();
  await expect(other.getByText('Shipment created', { exact: true })).toBeVisible();
  await shot(other, 'unsubscribe-ask-390');
  expect(await seriousViolations(other)).toEqual([]);
  await other.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(other.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(other, 'unsubscribe-done-390');
  await stranger.close();

  // The customer sees the choice on My Profile, and turns it back on.
  await signInAs(page, DEMO.customer, { at: '/profile#notifications' });
  const created2 = page.getByTestId('notification-shipment_created');
  await expect(created2.getByRole('radio', { name: 'Off' })).toBeChecked();
  await created2.getByText('Instant mail').click();
  await page.getByRole('button', { name: 'Save notification choices' }).click();
  await expect(page.getByText('Notification choices saved')).toBeVisible();
});

test('an admin sets a contact’s notification choices from the company page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, DEMO.admin);
  const res = await page.request.get('/api/companies?q=Anatolia');
  const company = ((await res.json()) as { rows: { id: string; name: string }[] }).rows.find((c) => c.name === 'Anatolia Textiles Ltd')!;
  // A contact of its own: other tests change the demo customer's choices while this one runs.
  const last = `Choices${Date.now().toString(36)}`;
  const contact = await page.request.post(`/api/companies/${company.id}/contacts`, {
    headers: { origin: origin() },
    data: { first_name: 'Nil', last_name: last, email: `nil.${last.toLowerCase()}@anatolia.example` },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  await page.goto(`/companies/${company.id}`);
  const bell = page.getByRole('button', { name: `Notification choices of Nil ${last}` });
  await bell.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Document added')).toBeVisible();
  await dialog.getByTestId('notification-document_added').getByText('Off').click();
  await dialog.getByRole('button', { name: 'Save notification choices' }).click();
  await expect(page.getByText('Notification choices saved')).toBeVisible();
  await expect(dialog).toBeHidden();
  await bell.click();
  await expect(page.getByRole('dialog').getByTestId('notification-document_added').getByRole('radio', { name: 'Off' })).toBeChecked();
  await shot(page, 'notifications-admin-contact-1280');
  await page.getByRole('dialog').getByTestId('notification-document_added').getByText('Daily digest').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save notification choices' }).click();
  await expect(page.getByText('Notification choices saved').first()).toBeVisible();
});
