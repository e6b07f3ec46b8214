import { DEMO, expect, shot, shotOf, signInApi, test } from './fixtures';
import { box, pick } from './shipment-form-helpers';
import { smallTapTargets } from './phone-checks';

// Issue 45: a request carries the customer's PO number and parties from the company's address book (picked, its
// address filled, kept for next time), and a weight in lb, stored in kg and shown as entered.

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a customer on a phone sends a request in lb with a PO number and a consignee from the address book', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInApi(page.request, DEMO.customer);
  await page.goto('/requests/new');
  await page.getByLabel('Cargo Ready Date').fill(day(5));
  await pick(page, page, 'Origin Airport', 'IST', /^IST - /);
  await pick(page, page, 'Destination Airport', 'JFK', /^JFK - /);
  await box(page, 'Cargo Description').fill('Denim jackets on 4 pallets');
  await box(page, 'Gross Weight').fill('1000');
  await page.getByRole('radiogroup', { name: 'Weight Unit' }).getByText('lb', { exact: true }).click();

  const parties = page.getByRole('region', { name: 'Your reference and parties' });
  await box(parties, 'PO Number').fill('PO-E2E-2612');
  // The consignee from the address book: typing finds it, picking it fills its address.
  const consignee = parties.getByRole('group', { name: 'Consignee' });
  await consignee.getByRole('combobox', { name: 'Consignee' }).fill('Huds');
  await page.getByRole('option', { name: 'Hudson Apparel Inc.' }).click();
  await expect(consignee.getByRole('textbox', { name: 'Consignee address' })).toHaveValue(/350 Fifth Avenue/);
  await parties.getByRole('group', { name: 'Notify party' }).getByRole('combobox', { name: 'Notify party' }).fill('Liberty Customs Brokers');
  // Tabbing on to the next field brings it into view above the sticky Send bar, never under it.
  await page.keyboard.press('Tab');
  const address = parties.getByRole('group', { name: 'Notify party' }).getByRole('textbox', { name: 'Notify party address' });
  await expect(address).toBeFocused();
  const bar = (await page.getByRole('button', { name: 'Send Request' }).locator('xpath=ancestor::div[contains(@class, "mantine-Paper-root")][1]').boundingBox())!;
  expect((await address.boundingBox())!.y + (await address.boundingBox())!.height).toBeLessThanOrEqual(bar.y);
  await parties.getByLabel('Save these parties to our address book').check();
  expect(await smallTapTargets(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shotOf(parties, 'request-parties-390');
  await page.getByRole('button', { name: 'Send Request' }).click();

  await expect(page).toHaveURL(/\/requests\/[0-9a-f-]{36}$/);
  await expect(page.getByText('PO-E2E-2612')).toBeVisible();
  await expect(page.getByText('1,000 lb (453.592 kg)')).toBeVisible();
  const shown = page.getByRole('region', { name: 'Parties' });
  await expect(shown).toContainText('Hudson Apparel Inc.');
  await expect(shown).toContainText('Liberty Customs Brokers');
  await shot(page, 'request-parties-detail-390');

  // The new party is in the address book for the next request.
  const book = (await (await page.request.get('/api/address-book')).json()) as { rows: { name: string }[] };
  expect(book.rows.map((r) => r.name)).toContain('Liberty Customs Brokers');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'request-parties-detail-1280');
});
