/**
 * Runs before the end-to-end server starts (playwright.config.ts), after legacy-data.ts: two issued EUR invoices of
 * the demo customer's company, written as issuing leaves them (the invoices API is another feature's), for
 * e2e/payments.spec.ts. E2E-INV-0001 is due 2026-01-15 (75 days past due on 2026-03-31: bucket 61-90, the issue's
 * published example); E2E-INV-0002 is due 2026-03-31 (current on that day).
 */
import { sql } from 'drizzle-orm';
import { bootstrap } from '@server/bootstrap';
import { loadConfig } from '@server/config';
import { createLogger } from '@server/logger';

const runtime = await bootstrap(loadConfig(), createLogger('warn'));
try {
  const db = runtime.database.db;
  for (const [number, issued, due, payable] of [['E2E-INV-0001', '2026-01-01', '2026-01-15', '1656.25'], ['E2E-INV-0002', '2026-03-01', '2026-03-31', '500.00']] as const) {
    await db.execute(sql`
      insert into invoices (kind, status, company_id, number, currency, issue_date, due_date, lines_total, tax_exclusive, tax_total, tax_inclusive, payable, issued_at)
      select 'invoice', 'issued', c.id, ${number}, 'EUR', ${issued}, ${due}, ${payable}, ${payable}, 0, ${payable}, ${payable}, now()
      from companies c where c.name = 'Anatolia Textiles Ltd'
      on conflict (number) do nothing`);
  }
} finally {
  await runtime.close();
}
