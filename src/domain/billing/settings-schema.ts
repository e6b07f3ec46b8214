/**
 * The forwarder's billing settings (issue 38): who issues the invoices, where they are paid, and the defaults a new
 * charge line takes. PUT /settings/billing checks them as a whole.
 */
import { z } from 'zod';
import { isDecimalString } from '@domain/money/decimal';
import { compactIban, ibanProblem, IBAN_MESSAGES, isValidBic } from '@domain/money/iban';
import { VAT_MESSAGES, vatProblem } from '@domain/money/vat';
import { boundedText, currencySchema, vatCategorySchema, vatRateSchema } from './schema';
import { msg } from '@domain/common/i18n';

export const billingSettingsSchema = z.object({
  legal_name: boundedText(200),
  address: boundedText(500),
  country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, msg('Country is a two-letter ISO code such as TR')),
  vat_number: boundedText(40),
  tax_office: boundedText(100),
  iban: boundedText(42),
  bic: boundedText(11),
  bank_name: boundedText(100),
  payment_terms_days: z.coerce.number().int().min(0, msg('Payment terms are 0 to 365 days')).max(365, msg('Payment terms are 0 to 365 days')),
  default_currency: currencySchema,
  default_vat_category: vatCategorySchema,
  default_vat_rate: vatRateSchema,
  default_exemption_reason: boundedText(200),
  invoice_note: boundedText(1000),
  /** Rates (issue 40): price on a higher weight break where it costs less (IATA TACT's rule; on by default). */
  rates_next_break: z.boolean({ error: msg('Choose on or off') }),
  /** Rates: show a customer an indicative price from the sell cards on their request's page (off by default). */
  rates_indicative_price: z.boolean({ error: msg('Choose on or off') }),
});
export type BillingSettings = z.infer<typeof billingSettingsSchema>;

/**
 * PUT /settings/billing: the settings as a whole, checked: an IBAN by its mod-97 check digits and its country's
 * length (stored without spaces), a BIC by its shape, the default VAT by its category's rule. IBAN and BIC may be
 * empty until the forwarder fills them in.
 */
export const billingSettingsInputSchema = billingSettingsSchema
  .extend({
    iban: boundedText(42).transform(compactIban),
    bic: boundedText(11).transform((b) => b.toUpperCase()),
    // Left out, a setting keeps its value (clients written before the rates settings still save the rest).
    rates_next_break: z.boolean({ error: msg('Choose on or off') }).optional(),
    rates_indicative_price: z.boolean({ error: msg('Choose on or off') }).optional(),
  })
  .superRefine((v, ctx) => {
    const iban = v.iban ? ibanProblem(v.iban) : null;
    if (iban) ctx.addIssue({ code: 'custom', path: ['iban'], message: iban });
    if (v.bic && !isValidBic(v.bic)) ctx.addIssue({ code: 'custom', path: ['bic'], message: IBAN_MESSAGES.bic });
    const vat = isDecimalString(v.default_vat_rate) ? vatProblem(v.default_vat_category, v.default_vat_rate, v.default_exemption_reason) : null;
    if (vat) ctx.addIssue({ code: 'custom', path: [vat === VAT_MESSAGES.exemptionReason ? 'default_exemption_reason' : 'default_vat_rate'], message: vat });
  });
export type BillingSettingsInput = z.infer<typeof billingSettingsInputSchema>;
