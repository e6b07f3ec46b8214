import { readFile } from 'node:fs/promises';
import { QUOTE_MESSAGES } from '@domain/requests/quote-schema';
import { REQUEST_MESSAGES } from '@domain/requests/schema';
import { DEMO, noWiderThan, origin, pageFor, shot, signInApi, test } from './fixtures';
import { box, choose, expect, pick } from './shipment-form-helpers';

// Issue 15, booking requests: a customer asks for a sea FCL price through the form; staff take the request, quote it
// in two currencies as charge lines (issue 38) with a cost for each and send it; the customer sees the totals per currency (never a cost or a
// margin), accepts, and finds the shipment in their list. On a desktop (an export handler takes it) and on a phone
// (an administrator assigns it and quotes). The refusals: the form's first rule, a quote without its validity day,
// and a second acceptance.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A UTC day `days` from today, 'YYYY-MM-DD' (the days the rules count in). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);


for (const width of [1280, 390]) {
  const phone = width === 390;
  test(`a customer asks for a sea FCL price, staff quote it, and the accepted quote books a shipment (${width} px)`, async ({ page, browser, clientIp }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: phone ? 844 : 900 });
    await signInApi(page.request, DEMO.customer);

    // The customer's list, then the form.
    await page.goto('/requests');
    await expect(page.getByRole('heading', { name: 'Requests', exact: true })).toBeVisible();
    await expect(page.getByTestId(phone ? 'request-cards' : 'request-row').first()).toBeVisible();
    if (phone) await expect(page.getByRole('table')).toHaveCount(0);
    await noWiderThan(page, width);
    await shot(page, `requests-customer-list-${width}`);
    await page.getByRole('link', { name: 'New Request' }).first().click();
    await expect(page).toHaveURL(/\/requests\/new$/);

    // Refused: nothing filled in, and a dimension line of -3 pieces. Every problem shows at once (issue 37): listed in
    // the banner in the order of the page, and under each input; the first input gets the focus. The -3 stays as typed.
    await page.getByRole('button', { name: 'Add dimension line' }).click();
    const refusedLine = page.getByRole('group', { name: 'Dimension line 1' });
    await box(refusedLine, 'Pieces').fill('-3');
    await box(refusedLine, 'Length').fill('120');
    await box(refusedLine, 'Width').fill('80');
    await box(refusedLine, 'Height').fill('0');
    await page.getByRole('button', { name: 'Send Request' }).click();
    const problems = [
      REQUEST_MESSAGES.readyDate, REQUEST_MESSAGES.origin, REQUEST_MESSAGES.destination, REQUEST_MESSAGES.cargoDescription,
      REQUEST_MESSAGES.grossWeight, 'Pieces must be at least 1', 'Height must be greater than 0',
    ];
    const banner = page.getByRole('alert').filter({ hasText: `Please correct the ${problems.length} problems below:` });
    await expect(banner.getByRole('listitem')).toHaveText(problems);
    await expect(page.getByLabel('Cargo Ready Date')).toBeFocused();
    for (const [label, message] of [['Cargo Ready Date', REQUEST_MESSAGES.readyDate], ['Cargo Description', REQUEST_MESSAGES.cargoDescription], ['Gross Weight', REQUEST_MESSAGES.grossWeight]] as const)
      await expect(box(page, label)).toHaveAccessibleDescription(message);
    await expect(page.getByRole('combobox', { name: 'Origin Airport' })).toHaveAccessibleDescription(REQUEST_MESSAGES.origin);
    await expect(box(refusedLine, 'Pieces')).toHaveValue('-3');
    await expect(box(refusedLine, 'Pieces')).toHaveAccessibleDescription('Pieces must be at least 1');
    await expect(box(refusedLine, 'Height')).toHaveAccessibleDescription('Height must be greater than 0');
    await shot(page, `requests-form-refused-${width}`);
    await refusedLine.getByRole('button', { name: 'Remove dimension line 1' }).click();

    await choose(page, page, 'Mode', 'Sea');
    await page.getByLabel('Cargo Ready Date').fill(day(7));
    await page.getByRole('radio', { name: 'Full container (FCL)' }).check();
    await page.getByRole('button', { name: 'Add container line' }).click();
    const line = page.getByTestId('equipment-line').first();
    await choose(line, page, 'Container Type', '40HC (45G1)');
    await box(line, 'Containers').fill('2');
    await pick(page, page, 'Origin Port', 'Istanbul', /^Istanbul \(Turkey\)/);
    await pick(page, page, 'Destination Port', 'Hamburg', /^Hamburg \(Germany\)/);
    await expect(box(page, 'Destination City')).toHaveValue('Hamburg');
    await box(page, 'Cargo Description').fill('Cotton fabric rolls on pallets');
    await box(page, 'Gross Weight').fill('18000');
    // The live chargeable weight of the shipment form: 10 pieces of 120 x 100 x 150 cm = 18 m³, 18,000 kg at sea.
    await page.getByRole('button', { name: 'Add dimension line' }).click();
    const piece = page.getByRole('group', { name: 'Dimension line 1' });
    await box(piece, 'Pieces').fill('10');
    await box(piece, 'Length').fill('120');
    await box(piece, 'Width').fill('100');
    await box(piece, 'Height').fill('150');
    await expect(page.getByTestId('summary-volume')).toHaveText('18.000 m³');
    await expect(page.getByTestId('summary-chargeable')).toHaveText('18,000.00 kg');
    await noWiderThan(page, width);
    // A file goes with the request (the document rules apply: a PDF by its content, not only its name).
    await page.getByTestId('request-attachments-card').getByLabel('Attach files').setInputFiles({ name: 'Packing list Şişli.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByTestId('request-attachments-card')).toContainText('Packing list Şişli.pdf');
    await shot(page, `requests-form-filled-${width}`);
    await page.getByRole('button', { name: 'Send Request' }).click();

    await expect(page).toHaveURL(/\/requests\/[0-9a-f-]{36}$/);
    const number = (await page.getByTestId('request-number').innerText()).trim();
    expect(number).toMatch(/^RQ-\d{4}-\d{4,}$/);
    await expect(page.getByText(`Your request ${number} was sent`)).toBeVisible();
    await expect(page.getByTestId('request-header').getByTestId('request-status')).toHaveText('Submitted');
    await expect(page.getByRole('region', { name: 'Request' })).toContainText('2 × 40HC');
    await expect(page.getByText('Packing list Şişli.pdf').first()).toBeVisible();
    const id = page.url().split('/').pop()!;
    await shot(page, `requests-customer-submitted-${width}`);

    // Staff find it in the queue and take it: an export handler takes it himself; an administrator assigns it.
    const staff = await pageFor(browser, width, clientIp, phone ? DEMO.admin : DEMO.export);
    await staff.goto('/requests');
    await staff.getByRole('textbox', { name: 'Search requests' }).fill(number);
    const row = staff.getByTestId('request-row').filter({ hasText: number });
    await expect(row).toHaveCount(1);
    await expect(staff.getByTestId('request-row')).toHaveCount(1);
    await noWiderThan(staff, width);
    await shot(staff, `requests-staff-queue-${width}`);
    await row.click();
    await expect(staff).toHaveURL(new RegExp(`/requests/${id}$`));
    const handler = staff.getByRole('region', { name: 'Handler' });
    if (phone) {
      const handlers = (await (await staff.request.get('/api/handlers?loading_type=export')).json()) as { email: string; full_name: string }[];
      const name = handlers.find((h) => h.email === DEMO.export)!.full_name;
      await choose(handler, staff, 'Handler', `${name} (Export)`);
      await expect(handler.getByRole('combobox', { name: 'Handler' })).toHaveValue(`${name} (Export)`);
    } else {
      await handler.getByRole('button', { name: 'Take it' }).click();
      await expect(handler.getByTestId('request-handler')).not.toHaveText('Unassigned');
    }
    await expect(staff.getByTestId('history-row').filter({ hasText: 'Handler assigned' })).toBeVisible();

    // The quote (issue 38: charge lines): freight per container in USD, terminal handling in EUR with VAT, and a cost
    // for each (staff only); a missing validity day is refused first.
    const quote = staff.getByRole('region', { name: 'Quote' });
    const charges = quote.getByTestId('quote-sell-lines');
    const costs = quote.getByTestId('quote-buy-lines');
    const first = charges.getByTestId('quote-line-sell').nth(0);
    await expect(first.getByRole('combobox', { name: 'Code', exact: true })).toHaveValue('FRT · Freight');
    await box(first, 'Quantity').fill('2');
    await choose(first, staff, 'Unit', 'per container');
    await box(first, 'Unit price').fill('1200');
    await box(first, 'Description').fill('Ocean freight Istanbul - Hamburg');
    await expect(first.getByTestId('quote-line-amount')).toHaveText('2,400.00 USD');
    await charges.getByRole('button', { name: 'Add charge' }).click();
    const second = charges.getByTestId('quote-line-sell').nth(1);
    await pick(second, staff, 'Code', 'THC', 'THC · Terminal handling charge');
    await expect(second.getByRole('combobox', { name: 'Category', exact: true })).toHaveValue('Handling');
    await box(second, 'Unit price').fill('350');
    await choose(second, staff, 'Currency', 'EUR');
    await choose(second, staff, 'VAT', 'S · Standard rate');
    await box(second, 'VAT rate').fill('20');
    // The costs: the carrier's freight, then the terminal's handling (a new cost starts as the last charge).
    await costs.getByRole('button', { name: 'Add cost' }).click();
    const freightCost = costs.getByTestId('quote-line-buy').nth(0);
    await pick(freightCost, staff, 'Code', 'FRT', 'FRT · Freight');
    await choose(freightCost, staff, 'Currency', 'USD');
    await box(freightCost, 'Quantity').fill('2');
    await choose(freightCost, staff, 'Unit', 'per container');
    await box(freightCost, 'Unit price').fill('950');
    await costs.getByRole('button', { name: 'Add cost' }).click();
    const handlingCost = costs.getByTestId('quote-line-buy').nth(1);
    await expect(handlingCost.getByRole('combobox', { name: 'Code', exact: true })).toHaveValue('THC · Terminal handling charge');
    await box(handlingCost, 'Unit price').fill('200');
    const totals = quote.getByRole('table', { name: 'Totals per currency' });
    await expect(totals.getByRole('row').filter({ hasText: 'USD' })).toContainText('500.00');
    await expect(totals.getByRole('row').filter({ hasText: 'EUR' })).toContainText('150.00');
    await quote.getByRole('button', { name: 'Send quote' }).click();
    await expect(quote.getByRole('alert').filter({ hasText: QUOTE_MESSAGES.validUntil })).toBeVisible();
    await quote.getByLabel('Valid Until').fill(day(14));
    await box(quote, 'Transit Time').fill('18');
    await box(quote, 'Terms').fill('Subject to space and equipment availability.');
    await box(quote, 'Note to the Customer').fill('Two 40HC on the weekly Hamburg service.');
    await noWiderThan(staff, width);
    await shot(staff, `requests-staff-quote-${width}`);
    await quote.getByRole('button', { name: 'Send quote' }).click();
    await expect(staff.getByTestId('request-header').getByTestId('request-status')).toHaveText('Quoted');
    await expect(quote.getByTestId('quote-sent-notice')).toBeVisible();
    // Issue 16: staff may download the quote as a PDF beside it.
    await expect(quote.getByRole('link', { name: 'Download quote (PDF)' })).toBeVisible();

    // The customer sees the totals per currency, never a cost or a margin, and accepts.
    await page.reload();
    await expect(page.getByTestId('request-header').getByTestId('request-status')).toHaveText('Quoted');
    await expect(page.getByTestId('quote-total-USD')).toHaveText('2,400.00 USD');
    await expect(page.getByTestId('quote-total-EUR')).toHaveText('350.00 EUR');
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/cost|margin/i);
    for (const secret of ['1,900.00', '200.00 EUR', '500.00 USD', '150.00 EUR']) expect(text).not.toContain(secret);
    const json = JSON.stringify(await (await page.request.get(`/api/requests/${id}`)).json());
    expect(json).not.toMatch(/"cost"|"margin"|"buy"/);
    // Its lines as charge lines: code, quantity x unit price per unit, VAT, amount.
    await expect(page.getByTestId('quote-line').nth(0)).toContainText('FRT · Freight · Ocean freight Istanbul - Hamburg');
    await expect(page.getByTestId('quote-line').nth(0)).toContainText('2 × 1,200.00 USD per container');
    await expect(page.getByTestId('quote-line').nth(1)).toContainText('VAT S 20%');
    await expect(page.getByTestId('quote-line')).toHaveCount(2);
    await noWiderThan(page, width);
    await shot(page, `requests-customer-quoted-${width}`);
    // Issue 16: the sent quote downloads as QUO-{number}.pdf, a PDF file.
    const pdfLink = page.getByRole('region', { name: 'Your quote' }).getByRole('link', { name: 'Download quote (PDF)' });
    await expect(pdfLink).toBeVisible();
    const saved = page.waitForEvent('download');
    await pdfLink.click();
    const download = await saved;
    expect(download.suggestedFilename()).toBe(`QUO-${number}.pdf`);
    expect((await readFile(await download.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await page.request.get((await pdfLink.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toContain(`filename="QUO-${number}.pdf"`);
    await page.getByRole('button', { name: 'Accept quote' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Accept quote' }).click();
    const outcome = page.getByTestId('request-outcome');
    await expect(outcome).toContainText('Quote accepted');
    const reference = (await outcome.getByRole('link').innerText()).trim();
    await expect(page.getByTestId('request-header').getByTestId('request-status')).toHaveText('Accepted');
    await shot(page, `requests-customer-accepted-${width}`);

    // Accepting again is refused.
    const again = await page.request.post(`/api/requests/${id}/accept`, { headers: { origin: origin() } });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(REQUEST_MESSAGES.alreadyAccepted);

    // The shipment is in the customer's list, pending approval.
    await page.goto(`/all-shipments?q=${encodeURIComponent(reference)}`);
    const shipment = page.getByTestId('shipment-row').filter({ hasText: reference });
    await expect(shipment).toHaveCount(1);
    await expect(shipment.getByTestId('status-badge')).toHaveText(/Pending/);
    // Its page names the request that booked it, and leads back to it.
    const booked = ((await (await page.request.get(`/api/requests/${id}`)).json()) as { request: { shipment_id: string } }).request.shipment_id;
    await page.goto(`/all-shipments/${booked}`);
    const back = page.getByTestId('shipment-request');
    await expect(back).toHaveText(/^RQ-\d{4}-\d{4,}$/);
    await back.click();
    await expect(page).toHaveURL(new RegExp(`/requests/${id}$`));

    // Staff see the booked shipment linked from the request.
    await staff.reload();
    await expect(staff.getByTestId('request-outcome').getByRole('link', { name: reference })).toHaveAttribute('href', /\/shipment\/[0-9a-f-]{36}$/);
    await noWiderThan(staff, width);
    await shot(staff, `requests-staff-accepted-${width}`);
  });
}
