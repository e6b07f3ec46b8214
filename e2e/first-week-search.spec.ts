import { DEMO, expect, origin, shot, signInAs, test } from './fixtures';

// Issue 20: search that ignores how people type, one set of role names, and a warning on a company name in use.

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('documents search finds "Çeki Listesi" for ceki, and names sort "anim" before "Warehouse"', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  const u = unique();
  for (const name of [`Warehouse receipt ${u}.txt`, `Çeki Listesi ${u}.txt`, `anim ${u}.txt`]) {
    const res = await page.request.post('/api/documents', { headers: { origin: origin(), 'x-file-name': encodeURIComponent(name) }, data: Buffer.from(name) });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto(`/documents?q=${encodeURIComponent(`ceki listesi ${u}`)}`);
  await expect(page.getByText(`Çeki Listesi ${u}.txt`)).toBeVisible();
  await expect(page.getByText(`anim ${u}.txt`)).toHaveCount(0);

  await page.goto(`/documents?q=${u}&sort=name&dir=asc`);
  const rows = page.getByRole('row').filter({ hasText: u });
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(`anim ${u}.txt`);
  await expect(rows.nth(1)).toContainText(`Çeki Listesi ${u}.txt`);
  await expect(rows.nth(2)).toContainText(`Warehouse receipt ${u}.txt`);
});

test('the airports list finds "İstanbul Airport" for istanbul airport', async ({ page }) => {
  await signInAs(page, DEMO.admin, { at: '/airports' });
  await page.getByPlaceholder(/search/i).fill('istanbul airport');
  await expect(page.getByRole('cell', { name: 'İstanbul Airport', exact: true })).toBeVisible();
});

test('a role has one name on every screen: sidebar, greeting, staff table and the role select', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await expect(page.getByTestId('sidebar-role')).toHaveText('Admin');
  await expect(page.getByText(/Welcome, .* \(Admin\)/)).toBeVisible();
  await page.goto('/staff/new');
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Export' }).click();
  await expect(page.getByText('Export Handler: manages export shipments and related operations')).toBeVisible();
});

test('a company name already in use is warned about, ignoring case and accents, and can still be saved', async ({ page }) => {
  await signInAs(page, DEMO.admin, { at: '/companies/new' });
  await page.getByLabel('Company Name').fill('anatolia textiles ltd');
  const warning = page.getByTestId('same-name-warning');
  await expect(warning).toContainText('A company named “Anatolia Textiles Ltd” already exists.');
  await expect(warning.getByRole('link', { name: 'Open Anatolia Textiles Ltd' })).toBeVisible();
  await shot(page, 'company-same-name-warning');
  await page.getByLabel('Company Name').fill(`Anatolia Textiles ${unique()}`);
  await expect(warning).toHaveCount(0);
});

test('an airport that shipments use cannot be deleted: the dialog says how many use it', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  const list = await page.request.get('/api/shipments', { params: { type: 'air', pageSize: '1' } });
  const [first] = ((await list.json()) as { rows: { id: string }[] }).rows;
  const detail = (await (await page.request.get(`/api/shipments/${first!.id}`)).json()) as { origin_airport: string };
  await page.goto('/airports');
  await page.getByPlaceholder(/search/i).fill(detail.origin_airport);
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: detail.origin_airport, exact: true }) });
  await row.getByRole('button', { name: /^Delete / }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Airport' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByRole('alert')).toContainText(/cannot be deleted: it is the origin or destination airport of \d+ shipment\(s\)/);
  await shot(page, 'airport-delete-refused');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
});
