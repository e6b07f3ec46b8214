import { DEMO, expect, shot, signInAs, test } from './fixtures';

test.describe('all shipments', () => {
  test('filters, sorts, pages and clears, with the state in the URL', async ({ page }) => {
    await signInAs(page, DEMO.admin, { at: '/all-shipments' });
    await expect(page.getByRole('heading', { name: 'All Shipments' })).toBeVisible();
    const rows = page.getByTestId('shipment-row');
    await expect(rows).toHaveCount(10);
    const summary = page.getByTestId('pager-summary');
    await expect(summary).toHaveText(/^Showing 1 to 10 of \d+ results$/);
    const total = Number((await summary.textContent())!.match(/of (\d+) results/)![1]);
    expect(total).toBeGreaterThan(100);

    // Page 2, then back keeps the page in the URL.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(summary).toHaveText(`Showing 11 to 20 of ${total} results`);
    await expect(page).toHaveURL(/page=2/);

    // A status filter resets to page 1 and shows Clear Filters.
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Pending' }).click();
    await expect(page).toHaveURL(/status=pending/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeVisible();
    const badges = page.getByTestId('shipment-row').getByTestId('status-badge');
    await expect(badges.first()).toHaveText('Pending');
    for (const text of await badges.allTextContents()) expect(text).toBe('Pending');

    // Reload keeps the filter.
    await page.reload();
    await expect(page).toHaveURL(/status=pending/);
    await expect(badges.first()).toHaveText('Pending');

    // Sort by Type: first click ascending, second descending.
    await page.getByRole('columnheader', { name: 'Type' }).getByRole('button').click();
    await expect(page).toHaveURL(/sort=type/);
    await expect(page).toHaveURL(/dir=asc/);
    await page.getByRole('columnheader', { name: 'Type' }).getByRole('button').click();
    await expect(page).toHaveURL(/dir=desc/);

    // Search then clear everything.
    await page.getByRole('textbox', { name: 'Search shipments' }).fill('no-such-shipment-xyz');
    await expect(page.getByText('No shipments found')).toBeVisible();
    await expect(summary).toHaveText('Showing 0 to 0 of 0 results');
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(summary).toHaveText(`Showing 1 to 10 of ${total} results`);
    await shot(page, 'all-shipments');
  });

  test('a customer sees My Shipments of their company only', async ({ page }) => {
    await signInAs(page, DEMO.customer, { at: '/all-shipments' });
    await expect(page.getByRole('heading', { name: 'My Shipments' })).toBeVisible();
    await expect(page.getByTestId('shipment-row').first()).toBeVisible();
    const companies = await page.getByTestId('shipment-row').locator('td:nth-child(3)').allTextContents();
    expect(new Set(companies)).toEqual(new Set(['Anatolia Textiles Ltd']));
    await expect(page.getByRole('button', { name: 'New Shipment' })).toHaveCount(0);
  });

  test('my shipments lists the handler’s own', async ({ page }) => {
    await signInAs(page, DEMO.export, { at: '/my-shipments' });
    await expect(page.getByRole('heading', { name: 'My Shipments' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New Shipment' })).toBeVisible();
    await expect(page.getByTestId('shipment-row').first()).toBeVisible();
  });
});

test.describe('per-type pages', () => {
  const pages = [
    { path: '/air-shipments', title: 'Air Shipments', charts: ['Shipments per Month', 'Top 5 Airports'] },
    { path: '/sea-shipments', title: 'Sea Shipments', charts: ['Shipments per Month', 'Top 5 Ports', 'Container Types'] },
    { path: '/land-shipments', title: 'Land Shipments', charts: ['Shipments per Month', 'Top 5 Routes', 'Vehicle Type Distribution'] },
    { path: '/partial-shipments', title: 'Partial Shipments', charts: ['Shipments per Month', 'Transport Mode Distribution'] },
  ];
  for (const p of pages) {
    test(`${p.title} shows its cards, charts and list`, async ({ page }) => {
      await signInAs(page, DEMO.admin, { at: p.path });
      await expect(page.getByRole('heading', { name: p.title })).toBeVisible();
      for (const card of ['Total', 'Active', 'Completed']) await expect(page.getByLabel(card, { exact: true })).toBeVisible();
      await expect(page.getByTestId('kpi-total')).toHaveText(/^\d+$/);
      await expect(page.getByTestId('kpi-change')).toContainText('%');
      for (const chart of p.charts) await expect(page.getByLabel(chart, { exact: true })).toBeVisible();
      await expect(page.getByTestId('shipment-row').first()).toBeVisible();
      if (p.path === '/partial-shipments') {
        await expect(page.getByRole('columnheader', { name: 'Handler' })).toHaveCount(0);
        await expect(page.getByRole('columnheader', { name: 'Transport Mode' })).toBeVisible();
      } else {
        await expect(page.getByRole('columnheader', { name: 'Handler' })).toBeVisible();
      }
      await shot(page, p.path.slice(1));
    });
  }
});

test.describe('dashboards', () => {
  test('admin sees finance per currency, distributions and the monthly trend', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    await expect(page.getByTestId('finance-table')).toContainText('USD');
    await expect(page.getByTestId('finance-table')).toContainText('%');
    for (const chart of ['Monthly Trend', 'Shipment Type Distribution']) await expect(page.getByLabel(chart, { exact: true })).toBeVisible();
    await expect(page.getByText('Revenue Distribution', { exact: false })).toBeVisible();
    await shot(page, 'dashboard-admin');
  });

  test('a handler sees their own figures', async ({ page }) => {
    await signInAs(page, DEMO.import);
    await expect(page.getByTestId('kpi-my-shipments')).toHaveText(/^\d+$/);
    await expect(page.getByLabel('Recent Shipments')).toBeVisible();
    await shot(page, 'dashboard-handler');
  });

  test('a customer sees their company figures and recent shipments linking to them', async ({ page }) => {
    await signInAs(page, DEMO.customer);
    for (const k of ['kpi-active-shipments', 'kpi-pending', 'kpi-delivered', 'kpi-total-shipments']) await expect(page.getByTestId(k)).toHaveText(/^\d+$/);
    const links = page.getByLabel('Recent Shipments').getByRole('link');
    await expect(links).toHaveCount(5);
    await expect(links.first()).toHaveAttribute('href', /\/all-shipments\//);
    await shot(page, 'dashboard-customer');
  });
});
