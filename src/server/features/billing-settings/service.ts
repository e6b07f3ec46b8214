import { eq, sql } from 'drizzle-orm';
import type { BillingSettings, BillingSettingsInput } from '@domain/billing/settings-schema';
import { fixed, dec } from '@domain/money/decimal';
import type { VatCategory } from '@domain/money/vat';
import type { Db, Tx } from '@server/db/client';
import { billing_settings } from '@server/db/schema';
import { recordAudit } from '@server/audit/audit-log';
import type { Actor } from '@server/http/context';

type Row = typeof billing_settings.$inferSelect;

const toSettings = (r: Row): BillingSettings => ({
  legal_name: r.legal_name,
  address: r.address,
  country: r.country,
  vat_number: r.vat_number,
  tax_office: r.tax_office,
  iban: r.iban,
  bic: r.bic,
  bank_name: r.bank_name,
  payment_terms_days: r.payment_terms_days,
  default_currency: r.default_currency,
  default_vat_category: r.default_vat_category as VatCategory,
  default_vat_rate: fixed(dec(r.default_vat_rate), 2),
  default_exemption_reason: r.default_exemption_reason,
  invoice_note: r.invoice_note,
  rates_next_break: r.rates_next_break,
  rates_indicative_price: r.rates_indicative_price,
});

/** The forwarder's billing identity, bank details and VAT defaults (one row, made by migration 0033). */
export async function getBillingSettings(db: Db | Tx): Promise<BillingSettings> {
  const [row] = await db.select().from(billing_settings).where(eq(billing_settings.id, 1));
  if (!row) throw new Error('billing_settings has no row (migration 0033 inserts it)');
  return toSettings(row);
}

/** Replaces the settings (checked by billingSettingsInputSchema); audited with the fields that changed. */
export async function putBillingSettings(db: Db, input: BillingSettingsInput, actor: Actor): Promise<BillingSettings> {
  return db.transaction(async (tx) => {
    const before = await getBillingSettings(tx);
    const [row] = await tx
      .update(billing_settings)
      .set({ ...input, updated_at: sql`now()`, updated_by: actor.user.id })
      .where(eq(billing_settings.id, 1))
      .returning();
    const after = toSettings(row!);
    const changed = (Object.keys(after) as (keyof BillingSettings)[]).filter((k) => String(after[k]) !== String(before[k]));
    await recordAudit(tx, { action: 'money.billing_settings_changed', actor: actor.user, target: 'billing settings', details: { changed }, ip: actor.ip });
    return after;
  });
}
