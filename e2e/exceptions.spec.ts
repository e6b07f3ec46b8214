import type { APIRequestContext } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, origin, shot, signInApi, signInAs, test } from './fixtures';
import { controlsUnder } from './phone-checks';
import { getJson, ref, type Json } from './shipment-form-helpers';

// Issue 17, delay and exception alerts: a shipment whose departure just passed shows on the staff dashboard's
// "Needs attention" row and on /exceptions; an admin sets the thresholds; a customer cannot open the page.

test.describe.configure({ timeout: 120_000 });

/** An export air shipment of the demo customer's company, created by the export handler, that should have left a minute ago. */
async function lateShipment(request: APIRequestContext): Promise<{ id: string; reference: string }> {
  const companies = (await getJson(request, `/api/companies?q=${encodeURIComponent('Anatolia Textiles')}`)).rows as Json[];
  const reference = ref('E2E-LATE');
  const res = await request.post('/api/shipments', {
    headers: { origin: origin() },
    data: {
      type: 'air', loading_type: 'export', reference_number: reference, company_id: companies[0]!.id,
      cargo_description: 'Late cargo', package_type: 'pallet', packages_count: 2, weight_gross: 300,
      origin_city: 'Istanbul', origin_country: 'TR', destination_city: 'Frankfurt', destination_country: 'DE',
      origin_airport: 'IST', destination_airport: 'FRA',
      estimated_departure: new Date(Date.now() - 60_000).toISOString(),
      estimated_arrival: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as Json).id as string, reference };
}

for (const width of [1280, 390]) {
  test(`a late departure shows on the dashboard and the Exceptions page (${width} px)`, async ({ page }) => {
    const phone = width === 390;
    await page.setViewportSize({ width, height: phone ? 844 : 900 });
    // At desktop width through the address a new user might type instead of localhost.
    const site = phone ? '' : `http://127.0.0.1:${process.env.E2E_PORT}`;
    await signInApi(page.request, DEMO.export);
    const late = await lateShipment(page.request);
    if (!phone) {
      await page.context().clearCookies();
      await page.goto(`${site}/signin`);
      await page.getByLabel('Email').fill(DEMO.export);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(`${site}/dashboard`);
    } else {
      await page.goto('/dashboard');
    }
    const attention = page.getByRole('region', { name: 'Needs attention' });
    await expect(attention).toBeVisible();
    const departures = attention.getByTestId('exceptions-departure_overdue');
    await expect(departures).toContainText('Departure overdue');
    expect(Number((await departures.locator('p').first().innerText()).replace(/,/g, ''))).toBeGreaterThan(0);
    await shot(page, `exceptions-dashboard-${width}`);
    await departures.click();

    await expect(page).toHaveURL(/\/exceptions\?kind=departure_overdue/);
    await expect(page.getByRole('heading', { name: 'Exceptions' })).toBeVisible();
    await expect(page.getByText('Your shipments that are late, moved or stalled')).toBeVisible();
    await expect(page.getByRole('tab', { name: /Departure overdue/, selected: true })).toBeVisible();
    // The shipment that should have left a minute ago is listed as due today. (Newest due first is checked in the
    // API test: the other width's shipment can share its minute, so which heads this list is not the point here.)
    const reference = page.getByTestId('exception-row').filter({ hasText: late.reference });
    await expect(reference).toContainText('due today');
    // Handlers read the thresholds through the rule sentences; only admins change them.
    await expect(page.getByRole('region', { name: 'Thresholds' })).toHaveCount(0);
    if (phone) {
      await expect(page.getByTestId('exception-cards')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await shot(page, `exceptions-page-${width}`);

    await page.getByRole('tab', { name: /No change in 14 days/ }).click();
    await expect(page).toHaveURL(/kind=no_change/);
    await expect(page.getByText('Nothing about the shipment changed for 14 days and it is not delivered.')).toBeVisible();
    // The checklist's overdue documents are a tab too: its count is the list's, and the filter narrows it in the URL.
    const documents = page.getByRole('tab', { name: /Documents overdue/ });
    const counted = Number((await documents.innerText()).replace(/\D/g, ''));
    expect(counted).toBeGreaterThan(0);
    expect(counted).toBe((await getJson(page.request, `${site}/api/checklist/overdue?pageSize=1`)).total);
    await documents.click();
    await expect(page).toHaveURL(/kind=checklist_overdue/);
    await expect(page.getByText('A required document of the checklist is past its due date and the shipment is not delivered.')).toBeVisible();
    await expect(page.getByTestId('overdue-row').first()).toBeVisible();
    await page.getByText('From customers', { exact: true }).click();
    await expect(page).toHaveURL(/provider=customer/);
    await shot(page, `exceptions-documents-${width}`);
    await page.getByRole('tab', { name: /Departure overdue/ }).click();
    await expect(page).not.toHaveURL(/provider=/);
    await reference.getByText(late.reference).click();
    await expect(page).toHaveURL(new RegExp(`/shipment/${late.id}$`));
  });
}

test('an admin sees every shipment and sets the thresholds; a bad value is refused in the form', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, DEMO.admin, { at: '/exceptions?kind=arrival_moved' });
  await expect(page.getByText('Every shipment that is late, moved or stalled')).toBeVisible();
  await expect(page.getByText('The estimated arrival moved by more than 2 days in the last 7 days.')).toBeVisible();
  const thresholds = page.getByRole('region', { name: 'Thresholds' });
  const moved = thresholds.getByRole('textbox', { name: 'Arrival moved by more than (days)' });
  await expect(moved).toHaveValue('2');
  await moved.fill('0');
  await thresholds.getByRole('button', { name: 'Save thresholds' }).click();
  await expect(thresholds.getByText('Choose between 1 and 60 days')).toBeVisible();
  await moved.fill('3');
  await thresholds.getByRole('button', { name: 'Save thresholds' }).click();
  await expect(page.getByText('Thresholds saved')).toBeVisible();
  // The toast lies over no control, the button just pressed included (issue 45): it can be pressed again at once.
  expect(await controlsUnder(page, page.locator('.mantine-Notification-root').filter({ hasText: 'Thresholds saved' }))).toEqual([]);
  await expect(page.getByText('The estimated arrival moved by more than 3 days in the last 7 days.')).toBeVisible();
  await expect(thresholds).toContainText('Last changed by');
  await shot(page, 'exceptions-admin-thresholds-1280');
  // Back to the default for the other specs.
  await moved.fill('2');
  await thresholds.getByRole('button', { name: 'Save thresholds' }).click();
  await expect(page.getByText('The estimated arrival moved by more than 2 days in the last 7 days.')).toBeVisible();
});

test('a customer is sent from /exceptions to the dashboard, which has no exceptions row', async ({ page }) => {
  await signInAs(page, DEMO.customer, { at: '/exceptions' });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Needs attention' })).toHaveCount(0);
});
