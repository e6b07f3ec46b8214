/**
 * Demo supplier bill (issue 39, decision record 0264): the carrier of one of the demo customer's invoiced shipments
 * bills its freight a little above what was accrued; the bill's line is matched to the shipment's freight cost line,
 * so the job's profit is on the actual cost, and the bill is partly paid and past due (the payables ageing has a row).
 * Runs once (its own app_meta key), after the demo billing.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { app_meta, charge_lines, supplier_bill_lines, supplier_bill_payments, supplier_bills } from '../schema';
import { dec } from '@domain/money/decimal';
import { minorUnitOf, moneyString } from '@domain/money/currencies';
import { billTotals } from '@domain/billing/supplier-bills';
import { DEMO_COMPANY } from './demo-fixtures';

export const DEMO_SUPPLIER_BILLS_META_KEY = 'demo_supplier_bills';
const DAY = 86_400_000;
const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

export async function seedDemoSupplierBills(db: Db): Promise<boolean> {
  const done = await db.select().from(app_meta).where(eq(app_meta.key, DEMO_SUPPLIER_BILLS_META_KEY));
  if (done.length > 0) return false;
  // An invoiced shipment of the demo company with a freight cost and a carrier: the oldest delivery of them.
  const picked = await db.execute<{ id: string; reference_number: string; carrier_id: string; line_id: string; amount: string; currency: string }>(sql`
    SELECT s.id, s.reference_number, s.carrier_id, l.id AS line_id, l.amount::text AS amount, l.currency
    FROM shipments s JOIN companies c ON c.id = s.company_id
    JOIN charge_lines l ON l.shipment_id = s.id AND l.side = 'buy' AND l.field = 'freight_cost' AND l.amount > 0
    WHERE c.name = ${DEMO_COMPANY} AND s.carrier_id IS NOT NULL
      AND EXISTS (SELECT 1 FROM charge_lines x WHERE x.shipment_id = s.id AND x.invoice_id IS NOT NULL)
    ORDER BY s.delivery_date NULLS LAST, s.id LIMIT 1`);
  const s = picked.rows[0];
  if (!s) return false;
  const admin = await db.execute<{ id: string }>(sql`select id from users where role = 'admin' order by created_at limit 1`);
  const adminId = admin.rows[0]?.id ?? null;
  // The carrier billed 1.5 % more than was accrued (rounded to the currency), and a document fee on no cost line.
  const places = minorUnitOf(s.currency);
  const freight = moneyString(dec(s.amount).times('1.015'), s.currency);
  const fee = moneyString(places === 0 ? '3500' : '35', s.currency);
  const lines = [
    { description: `Freight ${s.reference_number}`, amount: freight, shipment_id: s.id, charge_line_id: s.line_id },
    { description: `Bill of lading fee ${s.reference_number}`, amount: fee, shipment_id: s.id, charge_line_id: null },
  ];
  const totals = billTotals(lines, '0', s.currency);
  await db.transaction(async (tx) => {
    await tx.insert(app_meta).values({ key: DEMO_SUPPLIER_BILLS_META_KEY, value: { at: new Date().toISOString() } });
    await tx.update(charge_lines).set({ supplier_kind: 'carrier', supplier_id: s.carrier_id }).where(eq(charge_lines.id, s.line_id));
    const [bill] = await tx
      .insert(supplier_bills)
      .values({
        supplier_kind: 'carrier', supplier_id: s.carrier_id, number: `CB-${s.reference_number}`, bill_date: isoDay(40), due_date: isoDay(10), currency: s.currency,
        ...totals, note: 'Demo: the carrier billed a little more freight than was accrued.', created_by: adminId,
      })
      .returning({ id: supplier_bills.id });
    await tx.insert(supplier_bill_lines).values(lines.map((l, i) => ({ bill_id: bill!.id, position: i + 1, ...l })));
    await tx.insert(supplier_bill_payments).values({
      bill_id: bill!.id, paid_on: isoDay(5), amount: moneyString(dec(totals.total).times('0.4'), s.currency), reference: 'Demo part payment', created_by: adminId,
    });
  });
  return true;
}
