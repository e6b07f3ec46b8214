/**
 * Exchange rates (issue 38, decision record 0257), on PGlite and PostgreSQL: the ECB's file stored as published and
 * once; conversion through the euro at the last rates on or before the day, with the ECB's published example; manual
 * rates; every bad input a clear 400 (or 413) with nothing written; the imports audited. Who may call what is in the
 * authorization matrix (src/server/app-tests/authz-matrix.money.cases.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { EXCHANGE_MESSAGES } from '@domain/money/exchange';
import { EXCHANGE_FIELD_MESSAGES } from '@domain/money/exchange-schema';
import { APRIL_26_2023, ECB_DAILY_2023_04_26, ecbFile } from '@domain/money/test-fixtures';
import { MAX_RATE_FILE_BYTES, RATE_FILE_TOO_LARGE } from './limits';
import { fetchEcbRates } from './fetch';

let t: TestApp;
let admin: string;
let handler: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@cargodesk.test');
  handler = await t.signIn('export@cargodesk.test');
});
afterAll(async () => t?.close());

const xml = { 'content-type': 'application/xml' };
const postFile = (body: string | Uint8Array, cookie = admin) => t.request('/api/exchange-rates/ecb', { cookie, body, headers: xml });
const rateCount = async () => Number((await t.db.execute<{ n: string }>(sql`select count(*) as n from exchange_rates`)).rows[0]!.n);
const convert = (query: string, cookie = handler) => t.request(`/api/exchange-rates/convert?${query}`, { cookie });

describe("the ECB's file", () => {
  it('stores each rate as published, once; a second import stores nothing twice', async () => {
    const first = await postFile(ECB_DAILY_2023_04_26);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ stored: 4, already_stored: 0, days: 1, first_date: '2023-04-26', last_date: '2023-04-26' });
    const again = await postFile(ECB_DAILY_2023_04_26);
    expect(await again.json()).toEqual({ stored: 0, already_stored: 4, days: 1, first_date: '2023-04-26', last_date: '2023-04-26' });
    const list = await t.request('/api/exchange-rates?currency=GBP&source=ECB', { cookie: handler });
    expect((await list.json()).rows).toEqual([{ source: 'ECB', rate_date: '2023-04-26', currency: 'GBP', rate: '0.87980' }]);
    const audit = await t.db.execute<{ action: string; target: string }>(sql`select action, target from audit_log where action = 'money.rates_imported'`);
    expect(audit.rows).toEqual([{ action: 'money.rates_imported', target: 'ECB 2023-04-26 - 2023-04-26' }, { action: 'money.rates_imported', target: 'ECB 2023-04-26 - 2023-04-26' }]);
  });

  it('takes a history file of several days, newest first', async () => {
    const res = await postFile(ecbFile([
      { date: '2023-04-28', rates: [['USD', '1.1016'], ['GBP', '0.88110']] },
      { date: '2023-04-27', rates: [['USD', '1.1031'], ['GBP', '0.88475']] },
      { date: '2023-04-26', rates: APRIL_26_2023 },
    ]));
    expect(await res.json()).toEqual({ stored: 4, already_stored: 4, days: 3, first_date: '2023-04-26', last_date: '2023-04-28' });
  });

  it('refuses what is not a rate file, a bad day, a bad rate and an unknown currency with a clear 400, storing nothing', async () => {
    const before = await rateCount();
    const cases: [string, string][] = [
      ['<html><body>rates</body></html>', EXCHANGE_MESSAGES.notEcb],
      [ecbFile([{ date: '2023-13-01', rates: [['USD', '1.1']] }]), EXCHANGE_MESSAGES.badDate('2023-13-01')],
      [ecbFile([{ date: '2023-05-02', rates: [['USD', '1.1'], ['GBP', '-0.8']] }]), EXCHANGE_MESSAGES.badRate('GBP', '-0.8')],
      [ecbFile([{ date: '2023-05-02', rates: [['USD', '1.1'], ['ABC', '2']] }]), EXCHANGE_MESSAGES.unknownCurrency('ABC')],
    ];
    for (const [body, message] of cases) {
      const res = await postFile(body);
      expect(res.status, message).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'invalid_input', message, fields: { file: message } } });
    }
    expect(await rateCount()).toBe(before);
  });

  it('refuses a file over 24 MB with 413 before reading it', async () => {
    const big = new Uint8Array(MAX_RATE_FILE_BYTES + 1).fill(32);
    const res = await postFile(big);
    expect(res.status).toBe(413);
    expect((await res.json()).error.message).toBe(RATE_FILE_TOO_LARGE);
  });
});

describe('conversion through the euro (ECB, 26 April 2023)', () => {
  it('1,000 USD is 911.99 EUR, 2,500 GBP is 2,841.55 EUR, 1 GBP is 1.246306 USD', async () => {
    const usd = await convert('amount=1000&from=USD&to=EUR&on=2023-04-26');
    expect(usd.status).toBe(200);
    expect(await usd.json()).toEqual({ amount: '911.99', from: 'USD', to: 'EUR', rate: '0.911993', rate_date: '2023-04-26', source: 'ECB', on: '2023-04-26' });
    expect((await (await convert('amount=2500&from=GBP&to=EUR&on=2023-04-26')).json()).amount).toBe('2841.55');
    expect((await (await convert('amount=1&from=GBP&to=USD&on=2023-04-26')).json()).rate).toBe('1.246306');
  });

  it("on a Saturday takes Friday's rates, and never a later day's", async () => {
    expect(await (await convert('amount=1000&from=USD&to=EUR&on=2023-04-29')).json()).toMatchObject({ amount: '907.77', rate_date: '2023-04-28' });
    expect(await (await convert('amount=1000&from=USD&to=EUR&on=2023-04-27')).json()).toMatchObject({ amount: '906.54', rate_date: '2023-04-27' });
  });

  it('answers a day before any rate, an unknown currency and a bad amount with a clear 400', async () => {
    const early = await convert('amount=1&from=USD&to=EUR&on=2023-04-25');
    expect(early.status).toBe(400);
    expect((await early.json()).error).toMatchObject({ code: 'invalid_input', message: EXCHANGE_MESSAGES.noRate('USD', '2023-04-25') });
    for (const [query, field, message] of [
      ['amount=1&from=XYZ&to=EUR&on=2023-04-26', 'from', EXCHANGE_FIELD_MESSAGES.currency],
      ['amount=1e3&from=USD&to=EUR&on=2023-04-26', 'amount', EXCHANGE_FIELD_MESSAGES.amount],
      ['amount=1&from=USD&to=EUR&on=2023-02-30', 'on', EXCHANGE_FIELD_MESSAGES.date],
      ['amount=1&from=USD&to=EUR&on=0000-01-01', 'on', EXCHANGE_FIELD_MESSAGES.date],
    ] as const) {
      const res = await convert(query);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(await res.json()), query).toContain(message);
      expect(query).toContain(`${field}=`);
    }
  });
});

describe('manual rates', () => {
  it('an administrator enters a rate for a day; entering it again replaces it; it converts with source=MANUAL', async () => {
    const body = { rate_date: '2019-11-27', currency: 'try', rate: '48.1200' };
    const res = await t.request('/api/exchange-rates', { cookie: admin, body });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ source: 'MANUAL', rate_date: '2019-11-27', currency: 'TRY', rate: '48.1200' });
    await t.request('/api/exchange-rates', { cookie: admin, body: { ...body, rate: '48.2500' } });
    const conv = await convert('amount=100&from=EUR&to=TRY&on=2019-11-30&source=MANUAL');
    expect(await conv.json()).toMatchObject({ amount: '4825.00', rate: '48.250000', rate_date: '2019-11-27', source: 'MANUAL' });
    expect((await convert('amount=100&from=EUR&to=TRY&on=2019-11-30')).status).toBe(400);
  });

  it('refuses the euro, a rate of 0 or below and a missing day, writing nothing', async () => {
    const before = await rateCount();
    for (const [body, message] of [
      [{ rate_date: '2026-11-27', currency: 'EUR', rate: '1' }, EXCHANGE_FIELD_MESSAGES.euroRate],
      [{ rate_date: '2026-11-27', currency: 'USD', rate: '0' }, EXCHANGE_FIELD_MESSAGES.rate],
      [{ rate_date: '2026-11-27', currency: 'USD', rate: '-1.2' }, EXCHANGE_FIELD_MESSAGES.rate],
      [{ currency: 'USD', rate: '1.2' }, EXCHANGE_FIELD_MESSAGES.date],
    ] as const) {
      const res = await t.request('/api/exchange-rates', { cookie: admin, body });
      expect(res.status, message).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    expect(await rateCount()).toBe(before);
  });
});

describe('the scheduled fetch from ECB_RATES_URL', () => {
  it('stores what the address serves, once, and fails loudly on an error answer or a file that is not one', async () => {
    const { createServer } = await import('node:http');
    const { createLogger } = await import('@server/logger');
    const bodies: Record<string, [number, string]> = {
      '/daily.xml': [200, ecbFile([{ date: '2023-05-02', rates: [['USD', '1.1002'], ['CHF', '0.9836']] }])],
      '/down': [503, 'busy'],
      '/page': [200, '<html>not rates</html>'],
    };
    const server = createServer((req, res) => {
      const [status, body] = bodies[req.url ?? ''] ?? [404, ''];
      res.writeHead(status, { 'content-type': 'application/xml' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const logger = createLogger('silent');
    try {
      await fetchEcbRates(t.db, `${base}/daily.xml`, logger);
      await fetchEcbRates(t.db, `${base}/daily.xml`, logger);
      const rows = await t.db.execute<{ currency: string; rate: string }>(sql`select currency, rate::text as rate from exchange_rates where rate_date = '2023-05-02' order by currency`);
      expect(rows.rows).toEqual([{ currency: 'CHF', rate: '0.9836' }, { currency: 'USD', rate: '1.1002' }]);
      const audit = await t.db.execute<{ actor_email: string; details: { from?: string; stored: number } }>(
        sql`select actor_email, details from audit_log where action = 'money.rates_imported' and target = 'ECB 2023-05-02 - 2023-05-02' order by created_at`,
      );
      expect(audit.rows.map((r) => [r.actor_email, r.details.stored, r.details.from])).toEqual([
        ['scheduled fetch', 2, `${base}/daily.xml`],
        ['scheduled fetch', 0, `${base}/daily.xml`],
      ]);
      await expect(fetchEcbRates(t.db, `${base}/down`, logger)).rejects.toThrow('answered 503');
      await expect(fetchEcbRates(t.db, `${base}/page`, logger)).rejects.toThrow(EXCHANGE_MESSAGES.notEcb);
    } finally {
      server.close();
    }
  });
});
