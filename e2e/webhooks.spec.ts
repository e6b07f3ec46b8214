import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO, expect, newShipment, origin, shot, signInApi, signInAs, test } from './fixtures';

// Issue 18, signed webhooks: a subscription to a receiver this test starts on 127.0.0.1 is made on the Webhooks page
// (the secret shown once), a status change made through the API is delivered, signed, and the page's delivery log
// shows it with status 200. At desktop width as an administrator (every company), on a phone as the customer (their
// company's shipments only).

type Received = { headers: http.IncomingHttpHeaders; body: string };

for (const width of [1280, 390]) {
  test(`a webhook made on the page receives a status change and its log shows it (${width} px)`, async ({ page, browser }) => {
    const phone = width === 390;
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
    const address = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cargodesk/${width}`;
    try {
      await page.setViewportSize({ width, height: phone ? 844 : 900 });
      await signInAs(page, phone ? DEMO.customer : DEMO.admin);
      if (phone) await page.getByRole('button', { name: 'Toggle menu' }).click();
      await page.getByRole('link', { name: 'Webhooks' }).click();
      await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();

      await page.getByRole('button', { name: 'Add webhook' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Endpoint address').fill(address);
      await dialog.getByLabel('Description').fill(`E2E receiver ${width}`);
      await expect(dialog.getByRole('checkbox', { name: 'Status changed' })).toBeChecked();
      await dialog.getByRole('button', { name: 'Add webhook' }).click();
      const secret = await page.getByTestId('webhook-secret').inputValue();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{44}$/);
      await expect(page.getByRole('dialog').getByText('shown only once')).toBeVisible();
      await shot(page, `webhook-secret-${width}`);
      await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
      const card = page.getByTestId('webhook-card').filter({ hasText: address });
      await expect(card.getByTestId('webhook-status')).toHaveText('Active');

      // An administrator makes a shipment of the customer's company and changes its status, through the API. Tests run
      // side by side: other tests' status changes may reach this receiver too, so ours is found by its shipment.
      const admin = await browser.newContext({ baseURL: origin(), extraHTTPHeaders: { 'x-forwarded-for': `10.251.${width % 250}.7` } });
      await signInApi(admin.request, DEMO.admin);
      const shipment = await newShipment(admin.request, `E2E-HOOK-${width}`);
      const seen = await page.request.get(`/api/shipments/${shipment.id}`);
      expect(seen.status(), 'the subscriber may read the shipment').toBe(200);
      const next = 'in_transit';
      const changed = await admin.request.post(`/api/shipments/${shipment.id}/status`, { data: { status: next }, headers: { origin: origin() } });
      expect(changed.status(), await changed.text()).toBe(200);
      await admin.close();

      const about = (r: Received) => (JSON.parse(r.body) as { data?: { shipment?: { id?: string } } }).data?.shipment?.id;
      await expect.poll(() => received.some((r) => about(r) === shipment.id), { timeout: 15_000, message: 'the receiver got the delivery' }).toBe(true);
      const delivery = received.find((r) => about(r) === shipment.id)!;
      expect(delivery.headers['webhook-id']).toMatch(/^msg_/);
      expect(delivery.headers['webhook-signature']).toMatch(/^v1,/);
      const payload = JSON.parse(delivery.body) as { type: string; data: { shipment: { id: string; status: string } } };
      expect(payload.type).toBe('shipment.status_changed');
      expect(payload.data.shipment).toMatchObject({ id: shipment.id, status: next });

      await card.getByRole('button', { name: 'Delivery log' }).click();
      const entry = phone ? card.getByTestId('delivery-card').first() : card.getByTestId('delivery-row').first();
      await expect(entry.getByTestId('delivery-state')).toHaveText('Delivered', { timeout: 15_000 });
      await expect(entry).toContainText('200');
      await expect(entry.getByRole('button', { name: 'Replay' })).toBeEnabled();
      // Nothing sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(page, `webhooks-log-${width}`);

      // Replay sends the newest delivery again with the same webhook-id (whichever shipment's it is).
      const ids = () => received.map((r) => r.headers['webhook-id']);
      const before = received.length;
      await entry.getByRole('button', { name: 'Replay' }).click();
      await expect
        .poll(() => ids().slice(before).some((id) => ids().slice(0, before).includes(id)), { timeout: 15_000, message: 'a delivery sent again with its webhook-id' })
        .toBe(true);

      // Tidy: the subscription goes, so other specs' status changes are not sent to a closed receiver.
      const list = (await (await page.request.get('/api/webhooks')).json()) as { rows: { id: string; url: string }[] };
      for (const w of list.rows.filter((r) => r.url === address)) await page.request.delete(`/api/webhooks/${w.id}`, { headers: { origin: origin() } });
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
}
