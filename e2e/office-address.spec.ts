import { DEMO, DEMO_PASSWORD, expect, test } from './fixtures';

// Issue 19: without PUBLIC_URL the portal opened by address (http://127.0.0.1:PORT, as from a colleague's machine at
// the server's office address) signs in and saves, at desktop width and on a phone.

const byAddress = () => `http://127.0.0.1:${process.env.E2E_PORT}`;

for (const width of [1280, 390]) {
  test(`signs in and saves at http://127.0.0.1 (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto(`${byAddress()}/signin`);
    await page.getByLabel('Email').fill(DEMO.admin);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(`${byAddress()}/dashboard`);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('This request did not come from the Cargodesk site')).toHaveCount(0);

    // A save (a state-changing request with this page's Origin) is accepted too.
    const name = `Office Address ${width} ${Date.now().toString(36)}`;
    const res = await page.request.post(`${byAddress()}/api/companies`, { data: { name }, headers: { origin: byAddress() } });
    expect(res.status(), await res.text()).toBe(201);
    // Another site's page is still refused.
    const forged = await page.request.post(`${byAddress()}/api/companies`, { data: { name: `${name} forged` }, headers: { origin: 'https://evil.example' } });
    expect(forged.status()).toBe(403);
  });
}
