import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { poMessages } from '@domain/common/po';
import { countryIn } from '@domain/locale/countries';
import { DEMO, expect, shot, signInApi, signInAs, test, waitForMail } from './fixtures';

// Issue 42: a Turkish customer (browser in Turkish) signs up and works in Turkish at 390 px; an English-speaking admin
// works in English on the same data; My Profile switches every screen at once; a signed-out page offers the switch.

const TR = poMessages(fs.readFileSync('src/locales/tr.po', 'utf8'));
/** The Turkish of an English message, failing the test when the catalog lacks it. */
const tr = (english: string): string => {
  const turkish = TR[english];
  if (!turkish) throw new Error(`not in the Turkish catalog: ${english}`);
  return turkish;
};

// Sentences of the interface (two words or more, starting with a capital) whose Turkish differs: none may be left in
// English on a Turkish page. Placeholders and plural forms are left out (they never show as written).
const ENGLISH_SENTENCES = Object.entries(TR)
  .filter(([en, turkish]) => en !== turkish && !en.includes('{') && /^[A-Z][a-z]+ [a-z]+/.test(en) && en.length >= 12)
  .map(([en]) => en);

/**
 * The visible text of the page holds no English sentence of the catalog and no ICU placeholder left unfilled. What
 * people wrote (a message, marked `data-user-text`) is left out: the demo's staff write to the customer in English, and
 * "Update: the vessel left on time. Estimated arrival unchanged." is not the interface.
 */
async function expectNoEnglish(page: Page, where: string, settled = true) {
  if (settled) await page.waitForLoadState('networkidle');
  const text = await page.locator('body').evaluate((body: HTMLElement) => {
    const written = [...body.querySelectorAll<HTMLElement>('[data-user-text]')];
    for (const e of written) e.style.setProperty('display', 'none');
    const shown = body.innerText;
    for (const e of written) e.style.removeProperty('display');
    return shown;
  });
  const left = ENGLISH_SENTENCES.filter((en) => text.includes(en));
  expect(left, `English left on ${where}`).toEqual([]);
  expect(text, `an unfilled placeholder on ${where}`).not.toMatch(/\{[a-z_]+\}/);
}

test.describe('a Turkish customer on a phone', () => {
  test.use({ locale: 'tr-TR', viewport: { width: 390, height: 844 } });

  test('signs up, gets the Turkish mail, and sees every main page in Turkish', async ({ page }) => {
    const email = 'can.ozturk@bosphorus-auto.example';
    await page.goto('/signup');
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    await expect(page.getByRole('heading', { name: tr('Complete Your Registration') })).toBeVisible();
    await expectNoEnglish(page, '/signup');
    await page.getByPlaceholder(tr('Enter your registration email')).fill(email);
    await expect(page.getByTestId('eligible-card')).toContainText('Can Ozturk');
    await page.getByRole('textbox', { name: tr('Password'), exact: true }).fill('musteri-sifre-1');
    const since = Date.now() - 1000;
    await page.getByRole('button', { name: tr('Complete Registration') }).click();
    const confirm = await waitForMail(email, 'Cargodesk hesabınızı onaylayın', since);
    expect(confirm.html).toContain(tr('Please confirm your email address to finish your Cargodesk registration.'));
    await page.goto(confirm.links.find((l) => l.includes('/signin?confirm='))!);
    await expect(page.getByRole('heading', { name: tr('Sign In') })).toBeVisible();
    await shot(page, 'tr-390-signin');
    await page.getByLabel(tr('Email')).fill(email);
    await page.getByRole('textbox', { name: tr('Password'), exact: true }).fill('musteri-sifre-1');
    await page.getByRole('button', { name: tr('Sign In') }).click();
    await expect(page.getByTestId('sidebar-email')).toHaveText(email);
    await expectNoEnglish(page, '/dashboard');
    await shot(page, 'tr-390-dashboard');
    for (const [path, name] of [['/all-shipments', 'shipments'], ['/requests', 'requests'], ['/documents', 'documents'], ['/profile', 'profile']] as const) {
      await page.goto(path);
      await expect(page.getByTestId('sidebar-email')).toHaveText(email);
      await expectNoEnglish(page, path);
      await shot(page, `tr-390-${name}`);
    }
    // A shipment of the company, in Turkish, dates in Turkish.
    await page.goto('/all-shipments');
    const first = page.getByRole('link', { name: /^CD-/ }).first();
    if (await first.count()) {
      await first.click();
      await expect(page).toHaveURL(/\/all-shipments\/[0-9a-f-]{36}/);
      await expectNoEnglish(page, 'a shipment');
      await shot(page, 'tr-390-shipment');
    }
  });
});

test.describe('a page opened in Turkish', () => {
  test.use({ locale: 'tr-TR', viewport: { width: 390, height: 844 } });

  test("names a shipment's countries as a Turkish reader says them: Turkey and TR read Türkiye (decisions 0307, 0308)", async ({ page }) => {
    await signInApi(page.request, DEMO.customer);
    type Row = { id: string; origin_country: string | null; destination_country: string | null };
    const rows = ((await (await page.request.get('/api/shipments?pageSize=50')).json()) as { rows: Row[] }).rows;
    const s = rows.find((r) => r.origin_country === 'Turkey' || r.destination_country === 'Turkey');
    expect(s, "a demo shipment of the customer's to or from Turkey").toBeDefined();
    await page.goto(`/all-shipments/${s!.id}`);
    const route = page.getByTestId('where-route');
    await expect(route).toContainText('Türkiye');
    await expect(route).not.toContainText('Turkey');
    for (const country of [s!.origin_country, s!.destination_country].filter((c): c is string => !!c)) await expect(route).toContainText(countryIn(country, 'tr'));

    // A country typed as its code ('HU', 'TR': the demo's land shipments) reads as its name too (decision 0308).
    const coded = rows.find((r) => r.origin_country === 'HU' && r.destination_country === 'TR');
    expect(coded, "a demo shipment of the customer's from HU to TR").toBeDefined();
    await page.goto(`/all-shipments/${coded!.id}`);
    await expect(page.getByTestId('where-route')).toContainText('Macaristan');
    await expect(page.getByTestId('where-route')).toContainText('Türkiye');
    await expect(page.getByTestId('where-route')).not.toContainText(', HU');

    // The company's billing country, a code, on its profile too.
    const company = ((await (await page.request.get('/api/companies?pageSize=1')).json()) as { rows: { id: string; country: string | null }[] }).rows[0]!;
    expect(company.country, "the demo customer's company has a country code").toMatch(/^[A-Z]{2}$/);
    await page.goto(`/company/${company.id}`);
    await expect(page.getByText(countryIn(company.country!, 'tr'), { exact: true })).toBeVisible();
    expect(countryIn(company.country!, 'tr')).not.toBe(company.country);
  });

  test("shows its route's messages before the whole catalog, which the next page waits for (decision 0294)", async ({ page }) => {
    await signInApi(page.request, DEMO.customer);
    // The HTML names the messages in the viewer's language: a cache between must keep one copy per viewer and language.
    const html = await page.request.get('/dashboard', { headers: { 'accept-language': 'tr-TR,tr;q=0.9' } });
    expect(await html.text()).toMatch(/<link rel="preload" as="fetch" crossorigin href="\/assets\/messages-tr-[\w-]+\.json" data-messages="tr">/);
    expect(html.headers()['vary']).toBe('Cookie, Accept-Language');
    const parts: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/messages-tr-[\w-]+\.json$/.test(new URL(r.url()).pathname)) parts.push(r.url());
    });
    // The whole catalog (assets/tr-<hash>.js) is held until the test lets it go.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    await page.route(/\/assets\/tr-[\w-]+\.js$/, async (route) => {
      asked++;
      await released;
      await route.continue();
    });
    await page.goto('/dashboard');
    await expect(page.getByTestId('sidebar-email')).toHaveText(DEMO.customer);
    await expect(page.getByText(tr('Welcome, {name} ({role}) · {company}').split(',')[0]!)).toBeVisible();
    await expectNoEnglish(page, '/dashboard before the whole catalog', false);
    expect(parts, 'the messages its HTML names, fetched once').toHaveLength(1);
    // Asked for once the page is on screen, and still held: another page waits for it.
    await expect.poll(() => asked).toBe(1);
    await page.getByRole('button', { name: tr('Toggle menu') }).click();
    await page.getByRole('navigation', { name: tr('Main menu') }).getByRole('link', { name: tr('All Shipments') }).click();
    // The router keeps the dashboard on screen while it waits (the address has changed already).
    await page.waitForTimeout(500);
    await expect(page.getByText(tr('Welcome, {name} ({role}) · {company}').split(',')[0]!)).toBeVisible();
    const listHeading = page.getByRole('heading', { name: tr('My Shipments'), level: 1 });
    await expect(listHeading).toHaveCount(0);
    release();
    await expect(listHeading).toBeVisible();
    // A row of the list (whichever shipment is newest: other tests add theirs).
    await expect(page.locator('main a[href^="/all-shipments/"]').first()).toBeVisible();
    await expectNoEnglish(page, '/all-shipments after the whole catalog');
  });
});

test.describe('an English-speaking admin on the same data', () => {
  test.use({ locale: 'en-US' });

  // @alone: while it runs the demo admin's pages are Turkish, for every test signed in as the admin.
  test('works in English, and My Profile switches every screen to Turkish at once and back', { tag: '@alone' }, async ({ page }) => {
    await signInAs(page, DEMO.admin);
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await page.goto('/companies');
    await expect(page.getByText('Bosphorus Automotive Parts')).toBeVisible();
    await page.goto('/profile');
    await page.getByRole('combobox', { name: 'Language', exact: true }).click();
    await page.getByRole('option', { name: 'Türkçe', exact: true }).click();
    const navTr = page.getByRole('navigation', { name: tr('Main menu') });
    await expect(navTr.getByRole('link', { name: tr('Dashboard') })).toBeVisible();
    await expect(page.getByRole('heading', { name: tr('My Profile') })).toBeVisible();
    await expectNoEnglish(page, '/profile');
    await shot(page, 'tr-1280-profile');
    await page.goto('/companies');
    await expectNoEnglish(page, '/companies');
    await shot(page, 'tr-1280-companies');
    await page.goto('/all-shipments');
    await expectNoEnglish(page, '/all-shipments');
    // Every column fits at 1280 px in Turkish too (the table's box does not scroll).
    await expect.poll(() => page.getByRole('table').locator('xpath=..').evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
    await shot(page, 'tr-1280-shipments');
    // A type page's charts name their parts in Turkish too: the vehicle types and "Not specified" the server counts.
    await page.goto('/land-shipments');
    await expect(page.getByText(tr('Vehicle Type Distribution'), { exact: true })).toBeVisible();
    await expect(page.getByText(new RegExp(`^(${[tr('Box'), tr('Flatbed'), tr('Reefer'), tr('Not specified')].join('|')})$`)).filter({ visible: true }).first()).toBeVisible();
    await expectNoEnglish(page, '/land-shipments');
    expect(await page.locator('main').innerText()).not.toMatch(/\b(Box|Flatbed|Reefer|Not specified|Other)\b/);
    // The percent change reads as Turkish writes a percentage ('+%13,3'), not '+13.3%'.
    await expect(page.getByTestId('kpi-change')).toContainText(/[+-]?%\d/);
    // The monthly bars name the months in Turkish (Mar and May read the same in both languages).
    await expect(page.locator('main svg text').filter({ hasText: /^(Oca|Şub|Nis|Haz|Tem|Ağu|Eyl|Eki|Kas|Ara) 20\d\d$/ }).first()).toBeVisible();
    expect(await page.locator('main svg').allInnerTexts()).not.toContainEqual(expect.stringMatching(/\b(Jan|Feb|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec) 20\d\d\b/));
    await shot(page, 'tr-1280-land-shipments');
    // The choice is the account's: a reload keeps it; English again for the rest of the suite.
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: tr('My Profile') })).toBeVisible();
    await page.getByRole('combobox', { name: tr('Language'), exact: true }).click();
    await page.getByRole('option', { name: 'English', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  });
});

test('a signed-out page offers the other language and keeps the choice', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Language' }).getByRole('button', { name: 'Türkçe' }).click();
  await expect(page.getByRole('heading', { name: tr('Sign In') })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: tr('Sign In') })).toBeVisible();
  await page.getByRole('navigation', { name: tr('Language') }).getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});
