import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request as playwrightRequest } from '@playwright/test';
import { containerCheckDigit } from '@domain/cargo/trade-numbers';
import { DEMO, expect, origin, shot, signInAs, test } from './fixtures';

// Issue 18, end to end: an administrator makes a service key and a webhook subscription to a receiver this test runs,
// a shipment comes in from a spreadsheet on the Import page, a carrier posts a DCSA Track & Trace 3.0 arrival with the key alone (no cookie, no Origin),
// the event is on the shipment's carrier timeline, the estimated arrival moves, and the receiver gets the signed
// dates_changed webhook, checked here with this test's own Standard Webhooks verifier.

test.describe.configure({ timeout: 180_000 });

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** Standard Webhooks: v1 = base64 HMAC-SHA256 of "id.timestamp.body", keyed with the secret's base64 part. */
function verified(secret: string, r: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${String(r.headers['webhook-id'])}.${String(r.headers['webhook-timestamp'])}.${r.body}`;
  const expected = crypto.createHmac('sha256', key).update(signed).digest('base64');
  return String(r.headers['webhook-signature'])
    .split(' ')
    .some((s) => s === `v1,${expected}`);
}

test('a key, a webhook and a carrier event: the arrival moves, the timeline shows it and the receiver is told, signed', async ({ page }) => {
  const received: Received[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/integration`;
  const stamp = `${Date.now().toString(36).toUpperCase()}`;
  try {
    await signInAs(page, DEMO.admin);

    // 1. A service key for the carrier feed, on My Profile.
    await page.goto('/profile');
    await page.getByRole('region', { name: 'API keys' }).getByRole('button', { name: 'New API key' }).click();
    const keyDialog = page.getByRole('dialog', { name: 'New API key' });
    await keyDialog.getByLabel('Name').fill(`Carrier feed ${stamp}`);
    await keyDialog.getByRole('combobox', { name: 'Acts as' }).click();
    await page.getByRole('option', { name: 'Import Handler' }).click();
    await keyDialog.getByRole('button', { name: 'Create key' }).click();
    const key = await keyDialog.getByTestId('api-key-secret').inputValue();
    await keyDialog.getByRole('button', { name: 'Done' }).click();

    // 2. A webhook to the receiver for new estimated dates.
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('button', { name: 'Add webhook' }).first().click();
    const hookDialog = page.getByRole('dialog');
    await hookDialog.getByLabel('Endpoint address').fill(address);
    await hookDialog.getByLabel('Description').fill(`Integration ${stamp}`);
    await hookDialog.getByRole('checkbox', { name: 'Status changed' }).uncheck();
    await hookDialog.getByRole('checkbox', { name: 'Estimated dates changed' }).check();
    await hookDialog.getByRole('button', { name: 'Add webhook' }).click();
    const secret = await page.getByTestId('webhook-secret').inputValue();
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();

    // 3. The shipment the carrier will report on comes in from a small spreadsheet, on the Import page.
    const first10 = `CDEU${String(Date.now() % 1_000_000).padStart(6, '0')}`;
    const box = `${first10}${containerCheckDigit(first10)}`;
    const reference = `E2E-INT-${stamp}`;
    const sheet = [
      'Reference Number,Type,Loading Type,Company,Cargo Description,Package Type,Number of Packages,Gross Weight,Origin Port,Destination Port,Estimated Arrival,Container Type,Container Numbers,Seal Numbers',
      `${reference},sea,import,Anatolia Textiles Ltd,Cotton yarn,pallet,6,1200,Istanbul,Rotterdam,2026-12-20 18:00,40HC,${box},SL-9`,
    ].join('\r\n');
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await page.locator('input[type="file"]').setInputFiles({ name: 'feed-shipments.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
    await page.getByRole('button', { name: 'Upload and check' }).click();
    const imported = page.getByTestId('import-result');
    await imported.getByRole('button', { name: 'Import 1 record' }).click();
    await expect(imported.getByTestId('import-counts')).toHaveText('1 row. Created 1, updated 0, skipped 0.', { timeout: 30_000 });
    const found = (await (await page.request.get(`/api/shipments?q=${reference}`)).json()) as { rows: { id: string; reference_number: string }[] };
    const shipment = found.rows.find((r) => r.reference_number === reference)!;
    expect(shipment).toBeDefined();

    // 4. The carrier posts an estimated arrival at Rotterdam with the key alone.
    const carrier = await playwrightRequest.newContext({ baseURL: origin(), extraHTTPHeaders: { authorization: `Bearer ${key}` } });
    const posted = await carrier.post('/api/dcsa/v3/events', {
      data: {
        events: [
          {
            eventID: `e2e-int-${stamp}`,
            eventDateTime: '2026-12-18T06:00:00Z',
            eventLocation: { locationName: 'Rotterdam', UNLocationCode: 'NLRTM' },
            eventClassification: { eventTypeCode: 'TRANSPORT', eventClassifierCode: 'EST', transportEventTypeCode: 'ARRI' },
            equipmentDetails: { equipmentReference: box },
            transportDetails: { transportCall: { modeOfTransport: 'VESSEL', vesselTransport: { vesselIMONumber: '9321483', vesselName: 'King of the Seas' }, exportVoyageNumberOrReference: { carrierVoyageNumber: '2103S' } } },
          },
        ],
      },
    });
    expect(posted.status(), await posted.text()).toBe(200);
    expect(((await posted.json()) as { results: { outcome: string; shipment_id: string }[] }).results[0]).toMatchObject({ outcome: 'matched', shipment_id: shipment.id });
    await carrier.dispose();

    // 5. The shipment's timeline shows it; the estimated arrival moved to the carrier's.
    await page.goto(`/shipment/${shipment.id}`);
    const timeline = page.getByRole('region', { name: 'Carrier events', exact: true });
    await expect(timeline.getByTestId('carrier-event')).toHaveCount(1);
    await expect(timeline).toContainText('Arrived (estimated)');
    await expect(timeline).toContainText('King of the Seas · voyage 2103S');
    await expect(page.getByRole('region', { name: 'History' })).toContainText('Estimated Arrival');
    await shot(page, 'integration-shipment-1280');

    // 6. The receiver got the signed dates_changed webhook for this shipment.
    await expect
      .poll(() => received.filter((r) => r.body.includes(shipment.id)).length, { timeout: 20_000, message: 'the webhook arrived' })
      .toBeGreaterThan(0);
    const delivery = received.find((r) => r.body.includes(shipment.id))!;
    expect(verified(secret, delivery)).toBe(true);
    expect(verified(`whsec_${Buffer.from('another secret of 24 bytes').toString('base64')}`, delivery)).toBe(false);
    const payload = JSON.parse(delivery.body) as { type: string; data: { shipment: { id: string; estimated_arrival: string } } };
    expect(payload.type).toBe('shipment.dates_changed');
    expect(new Date(payload.data.shipment.estimated_arrival).toISOString()).toBe('2026-12-18T06:00:00.000Z');
  } finally {
    const list = (await (await page.request.get('/api/webhooks')).json()) as { rows: { id: string; url: string }[] };
    for (const w of list.rows.filter((r) => r.url === address)) await page.request.delete(`/api/webhooks/${w.id}`, { headers: { origin: origin() } });
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
