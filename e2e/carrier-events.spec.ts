/**
 * Carrier events (issue 18): a DCSA Track & Trace 3.0 event posted through the API appears on the shipment's carrier
 * timeline for staff and for the customer; an event no shipment claims waits in the staff inbox and is attached there
 * by reference number. Screens at 1280 and 390 px under SCREENSHOT_DIR.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { containerCheckDigit } from '@domain/cargo/trade-numbers';
import { DEMO, expect, origin, shot, signInApi, signInAs, test } from './fixtures';

const stamp = `${Date.now().toString(36).toUpperCase()}${process.pid % 1000}`;
/** A container number with a valid ISO 6346 check digit, unique to this run. */
function container(serial: number): string {
  const first10 = `CDEU${String((Date.now() + serial) % 1_000_000).padStart(6, '0')}`;
  return `${first10}${containerCheckDigit(first10)}`;
}

async function createSeaShipment(request: APIRequestContext, box: string, bl: string) {
  const companies = await request.get('/api/companies/options', { params: { q: 'Anatolia Textiles' } });
  const body = (await companies.json()) as { id: string; name: string }[] | { rows: { id: string; name: string }[] };
  const company = (Array.isArray(body) ? body : body.rows).find((c) => c.name === 'Anatolia Textiles Ltd')!;
  const res = await request.post('/api/shipments', {
    headers: { origin: origin() },
    data: {
      loading_type: 'export', type: 'sea', reference_number: `E2E-DCSA-${stamp}-${box.slice(-4)}`, company_id: company.id, customer_reference: bl,
      carrier_booking_reference: `BKG${stamp}`, cargo_description: 'Cotton towels', package_type: 'pallet', packages_count: 4, weight_gross: 800,
      origin_port: 'Istanbul', origin_port_country: 'TR', destination_port: 'Rotterdam', destination_port_country: 'NL',
      estimated_arrival: '2026-12-20T18:00:00.000Z', containers: [{ type: '40HC', number: box, carrier_seal_number: 'SL-1' }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; reference_number: string };
}

async function postEvents(request: APIRequestContext, events: unknown[]) {
  const res = await request.post('/api/dcsa/v3/events', { headers: { origin: origin() }, data: { events } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { results: { eventID: string; outcome: string }[] };
}

const arrival = (eventID: string, bl: string) => ({
  eventID,
  eventDateTime: '2026-12-18T06:00:00Z',
  eventLocation: { locationName: 'Rotterdam', UNLocationCode: 'NLRTM' },
  eventClassification: { eventTypeCode: 'TRANSPORT', eventClassifierCode: 'EST', transportEventTypeCode: 'ARRI' },
  shipmentDetails: { documentReference: { typeCode: 'TRD', reference: bl } },
  transportDetails: { transportCall: { modeOfTransport: 'VESSEL', vesselTransport: { vesselIMONumber: '9321483', vesselName: 'King of the Seas' }, exportVoyageNumberOrReference: { carrierVoyageNumber: '2103S' } } },
});
const loaded = (eventID: string, box: string, code = 'LOAD') => ({
  eventID,
  eventDateTime: '2026-12-02T14:40:00Z',
  eventLocation: { locationName: 'Ambarli', UNLocationCode: 'TRAMR' },
  eventClassification: { eventTypeCode: 'EQUIPMENT', eventClassifierCode: 'ACT', equipmentEventTypeCode: code },
  equipmentDetails: { equipmentReference: box, emptyIndicatorCode: 'LADEN' },
});

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('a posted carrier event is on the shipment’s timeline for staff and customer; an unmatched one is attached from the inbox', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const box = container(1);
  const bl = `HHL${stamp}`;
  await signInAs(page, DEMO.export);
  const shipment = await createSeaShipment(page.request, box, bl);
  const posted = await postEvents(page.request, [loaded(`e2e-load-${stamp}`, box), arrival(`e2e-arri-${stamp}`, bl)]);
  expect(posted.results.map((r) => r.outcome)).toEqual(['matched', 'matched']);

  // Staff: the carrier timeline; the estimated arrival moved to the carrier's (a history row).
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/shipment/${shipment.id}`);
  const timeline = region(page, 'Carrier events');
  await expect(timeline.getByTestId('carrier-event')).toHaveCount(2);
  await expect(timeline.getByTestId('carrier-event').first()).toContainText('Arrived (estimated)');
  await expect(timeline).toContainText('Rotterdam (NLRTM)');
  await expect(timeline).toContainText('King of the Seas · voyage 2103S');
  await expect(timeline).toContainText('Loaded');
  await expect(region(page, 'History')).toContainText('Estimated Arrival');
  await shot(page, 'carrier-events-shipment-staff-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await timeline.scrollIntoViewIfNeeded();
  await shot(page, 'carrier-events-shipment-staff-390');

  // The customer sees the same events on their shipment.
  const customerContext = await browser.newContext({ viewport: { width: 390, height: 844 }, extraHTTPHeaders: { 'x-forwarded-for': '10.250.1.1' } });
  const customer = await customerContext.newPage();
  await signInApi(customer.request, DEMO.customer);
  await customer.goto(`/all-shipments/${shipment.id}`);
  const theirs = region(customer, 'Carrier events');
  await expect(theirs.getByTestId('carrier-event')).toHaveCount(2);
  await expect(theirs).toContainText('Arrived (estimated)');
  await expect(theirs).toContainText('Loaded');
  await shot(customer, 'carrier-events-shipment-customer-390');
  await customerContext.close();

  // An event no shipment claims (its container fails the check digit): the inbox, then attached by reference number.
  const stray = `e2e-stray-${stamp}`;
  const bad = `${box.slice(0, 10)}${(Number(box[10]) + 1) % 10}`;
  expect((await postEvents(page.request, [loaded(stray, bad, 'GTIN')])).results[0]!.outcome).toBe('unmatched');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/carrier-events');
  await expect(page.getByRole('heading', { level: 1, name: 'Carrier events' })).toBeVisible();
  const row = page.getByTestId('carrier-event-row').filter({ hasText: stray });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Gated in');
  await expect(row.getByText('Check digit')).toBeVisible();
  await shot(page, 'carrier-events-inbox-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('carrier-event-cards')).toBeVisible();
  await shot(page, 'carrier-events-inbox-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('textbox', { name: 'Search' }).fill(stray);
  await expect(page.getByTestId('carrier-event-row')).toHaveCount(1);
  await row.getByRole('button', { name: 'Attach' }).click();
  const dialog = page.getByRole('dialog', { name: 'Attach to a shipment' });
  await dialog.getByRole('textbox', { name: 'Shipment reference number' }).fill(shipment.reference_number);
  await dialog.getByRole('button', { name: 'Attach' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Gated in is on ${shipment.reference_number}`)).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.goto(`/shipment/${shipment.id}`);
  await expect(region(page, 'Carrier events').getByTestId('carrier-event')).toHaveCount(3);
  await expect(region(page, 'Carrier events')).toContainText('Gated in');
});
