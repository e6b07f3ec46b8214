/** Helpers of the shipment form specs: pickers, selects, the common fields and the created panel. */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect as baseExpect } from './fixtures';

// The form page is a large lazy chunk plus several lookups: allow it time on a busy machine.
export const expect = baseExpect.configure({ timeout: 20_000 });

/** A reference number unique to this run. */
export const ref = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();

/** Opens a searchable picker, types a search and chooses the matching option. */
export async function pick(scope: Page | Locator, page: Page, label: string, search: string, option: RegExp | string) {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(search);
  // The list answers the typed search only once its debounce and request are over (AsyncSelect says aria-busy):
  // an option of the list before it may be replaced under the pointer.
  await expect(box).not.toHaveAttribute('aria-busy', 'true');
  await page.getByRole('option', { name: option }).first().click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

/** A plain (non-searchable) select. */
export async function choose(scope: Page | Locator, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export const box = (page: Page | Locator, name: string) => page.getByRole('textbox', { name, exact: true });

export async function chooseType(page: Page, label: 'Air' | 'Sea' | 'Land' | 'Partial') {
  await page.getByRole('radiogroup', { name: 'Shipment Type' }).getByText(label, { exact: true }).click();
}

/** The fields every type needs: company, reference, cargo, schedule. */
export async function fillCommon(page: Page, reference: string, gross = '1500.5') {
  await pick(page, page, 'Company', 'Anatolia', 'Anatolia Textiles Ltd');
  await box(page, 'Reference Number').fill(reference);
  await box(page, 'Estimated Departure').fill('2026-06-01T09:30');
  await box(page, 'Estimated Arrival').fill('2026-06-03T17:45');
  await box(page, 'Cargo Description').fill('Cotton fabric rolls');
  await choose(page, page, 'Package Type', 'Pallet');
  await box(page, 'Number of Packages').fill('12');
  await box(page, 'Gross Weight').fill(gross);
}

export async function submitAndExpectCreated(page: Page, reference: string, type: string, route: string) {
  await page.getByRole('button', { name: 'Create Shipment' }).click();
  const panel = page.getByTestId('shipment-created');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Shipment Created Successfully!');
  await expect(panel).toContainText('Your shipment has been created and is now being processed.');
  await expect(panel.getByTestId('created-reference')).toHaveText(reference);
  await expect(panel.getByTestId('created-type')).toHaveText(type);
  await expect(panel.getByTestId('created-route')).toHaveText(route);
  await expect(panel.getByTestId('created-status')).toHaveText('In Progress');
  await expect(panel.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  // The form stays visible but dimmed and inactive, and the page is back at the top.
  await expect(page.getByTestId('shipment-form-body')).toHaveAttribute('inert', '');
  await expect(page.getByRole('button', { name: 'Create Shipment' })).toBeDisabled();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
}

export type Json = Record<string, unknown>;

export async function getJson(request: APIRequestContext, path: string): Promise<Json> {
  const res = await request.get(path);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Json;
}

/** The id of the shipment with this reference (the list's search). */
export async function shipmentIdOf(request: APIRequestContext, reference: string): Promise<string> {
  const rows = (await getJson(request, `/api/shipments?q=${encodeURIComponent(reference)}`)).rows as Json[];
  expect(rows).toHaveLength(1);
  return rows[0]!.id as string;
}
