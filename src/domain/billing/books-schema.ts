/**
 * The books (issue 39, decision record 0263): the accounting settings the exports read (DATEV's consultant and client
 * numbers, chart, accounts per VAT; Xero's and QuickBooks Online's codes), the export's query and a kept export as
 * the API answers it. Pure: the web's form and the server check the same rules.
 */
import { z } from 'zod';
import { pageSchema } from '@domain/common/list-schema';
import { dec } from '@domain/money/decimal';
import { VAT_CATEGORY_CODES } from '@domain/money/vat';
import { isoDateSchema } from './schema';
import { msg } from '@domain/common/i18n';

export const ACCOUNTING_FORMATS = ['datev', 'xero', 'quickbooks'] as const;
export type AccountingFormat = (typeof ACCOUNTING_FORMATS)[number];
export const ACCOUNTING_FORMAT_NAMES: Record<AccountingFormat, string> = {
  datev: msg('DATEV Buchungsstapel (EXTF)'),
  xero: msg('Xero sales invoices (CSV)'),
  quickbooks: msg('QuickBooks Online invoices (CSV)'),
};
export const DATEV_CHARTS = ['SKR03', 'SKR04'] as const;
export type DatevChart = (typeof DATEV_CHARTS)[number];

/** The longest period one export covers: a year (DATEV's batch is one fiscal year anyway). */
export const MAX_EXPORT_DAYS = 366;

export const BOOKS_MESSAGES = {
  format: msg('Format must be one of: datev, xero, quickbooks'),
  period: msg('The period ends before it starts'),
  periodTooLong: msg('An export covers at most 366 days'),
  again: msg('again is true or false'),
  chart: msg('Chart of accounts is SKR03 or SKR04'),
  consultant: msg('DATEV consultant number (Beraternummer) is 1001 to 9999999'),
  client: msg('DATEV client number (Mandantennummer) is 1 to 99999'),
  fiscalMonth: msg('The fiscal year starts in month 1 to 12'),
  accountLength: msg('G/L account length (Sachkontenlänge) is 4 to 8 digits'),
  account: msg('An account number is digits only, not all zeros'),
  accountTooLong: msg('This account has more digits than the G/L account length allows (one more for debtors)'),
  debtorLength: msg('A debtor account has one digit more than the G/L account length (10000 with length 4)'),
  vatKey: msg('A VAT key is a category (Z, E, AE, K, G, O) or S with its rate, such as "S 19"'),
  text: msg('At most 50 characters'),
  notFound: msg('There is no such export.'),
} as const;

/** "S 19", "S 7", "AE": the key a VAT group's account, Xero tax type or QuickBooks tax code is found by. */
export function vatKey(category: string, rate: string): string {
  return category === 'S' ? `S ${dec(rate).toFixed()}` : category;
}
const VAT_KEY = new RegExp(`^(S \\d{1,2}(\\.\\d{1,2})?|${VAT_CATEGORY_CODES.filter((c) => c !== 'S').join('|')})$`);
/** A record keyed by VAT key ("S 19.00" is read as "S 19"); a key that is none is named in its own message. */
const byVatKey = <T extends z.ZodType<string>>(value: T) =>
  z
    .record(z.string(), value)
    .superRefine((record, ctx) => {
      for (const key of Object.keys(record)) if (!VAT_KEY.test(key.trim())) ctx.addIssue({ code: 'custom', path: [key], message: BOOKS_MESSAGES.vatKey });
    })
    .transform((record) => Object.fromEntries(Object.entries(record).map(([k, v]) => [k.trim().startsWith('S ') ? vatKey('S', k.trim().slice(2)) : k.trim(), v])));
const accountSchema = z.string({ error: BOOKS_MESSAGES.account }).trim().regex(/^(?!0+$)\d{1,9}$/, BOOKS_MESSAGES.account);
const shortText = z.string().trim().min(1, msg('Required')).max(50, BOOKS_MESSAGES.text);
const int = (min: number, max: number, message: string) => z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

export const accountingSettingsSchema = z.object({
  datev_chart: z.enum(DATEV_CHARTS, { error: BOOKS_MESSAGES.chart }),
  datev_consultant_number: int(1001, 9999999, BOOKS_MESSAGES.consultant),
  datev_client_number: int(1, 99999, BOOKS_MESSAGES.client),
  fiscal_year_start_month: int(1, 12, BOOKS_MESSAGES.fiscalMonth),
  account_length: int(4, 8, BOOKS_MESSAGES.accountLength),
  /** The collective debtor account invoices and payments are booked against (personal account: length + 1 digits). */
  debtor_account: accountSchema,
  /** Where payments arrive (SKR03 1200, SKR04 1800). */
  bank_account: accountSchema,
  /** Revenue account per VAT key; DATEV's automatic accounts derive the tax from the gross amount. */
  revenue_accounts: byVatKey(accountSchema),
  xero_account_code: shortText,
  /** Xero's tax rate display name per VAT key, where it differs from the default (xeroTaxType). */
  xero_tax_types: byVatKey(shortText),
  /** The QuickBooks Online product or service every line is booked to ("Services" exists in a new company). */
  quickbooks_item: shortText,
  quickbooks_tax_codes: byVatKey(shortText),
});
export type AccountingSettings = z.infer<typeof accountingSettingsSchema>;

/** PUT /settings/accounting: the settings as a whole, account lengths checked against the G/L length. */
export const accountingSettingsInputSchema = accountingSettingsSchema.superRefine((v, ctx) => {
  const max = v.account_length + 1;
  if (v.debtor_account.length !== max) ctx.addIssue({ code: 'custom', path: ['debtor_account'], message: BOOKS_MESSAGES.debtorLength });
  if (v.bank_account.length > v.account_length) ctx.addIssue({ code: 'custom', path: ['bank_account'], message: BOOKS_MESSAGES.accountTooLong });
  for (const [key, account] of Object.entries(v.revenue_accounts)) {
    if (account.length > v.account_length) ctx.addIssue({ code: 'custom', path: ['revenue_accounts', key], message: BOOKS_MESSAGES.accountTooLong });
  }
});

/**
 * A chart's defaults (DATEV Kontenrahmen SKR03 and SKR04): the automatic revenue accounts per VAT key (19 % and 7 %
 * standard rates; intra-community supply; export; reverse charge in another EU country; outside the scope; exempt),
 * bank 1200 or 1800, the first debtor 10000.
 */
export const CHART_DEFAULTS: Record<DatevChart, Pick<AccountingSettings, 'bank_account' | 'debtor_account' | 'revenue_accounts'>> = {
  SKR03: {
    bank_account: '1200',
    debtor_account: '10000',
    revenue_accounts: { 'S 19': '8400', 'S 7': '8300', Z: '8200', E: '8100', AE: '8336', K: '8125', G: '8120', O: '8338' },
  },
  SKR04: {
    bank_account: '1800',
    debtor_account: '10000',
    revenue_accounts: { 'S 19': '4400', 'S 7': '4300', Z: '4200', E: '4100', AE: '4336', K: '4125', G: '4120', O: '4338' },
  },
};

/** Xero's default tax rate names (a new organisation's): the settings name others per VAT key. */
export function xeroTaxType(key: string, overrides: Record<string, string>): string {
  const own = overrides[key];
  if (own) return own;
  if (key.startsWith('S ')) return `${key.slice(2)}% (VAT on Income)`;
  return ({ Z: 'Zero Rated Income', E: 'Exempt Income', AE: 'Reverse Charge', K: 'Zero Rated EC Goods Income', G: 'Zero Rated Income', O: 'No VAT' } as Record<string, string>)[key] ?? 'No VAT';
}

/** QuickBooks Online's default VAT codes ("20.0% S"), others per VAT key from the settings. */
export function quickbooksTaxCode(key: string, overrides: Record<string, string>): string {
  const own = overrides[key];
  if (own) return own;
  if (key.startsWith('S ')) return `${dec(key.slice(2)).toFixed(1)}% S`;
  return ({ Z: '0.0% Z', E: 'Exempt', AE: 'No VAT', K: '0.0% ECG', G: '0.0% Z', O: 'No VAT' } as Record<string, string>)[key] ?? 'No VAT';
}

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/** GET /accounting/exports: a format, a period of issue (and payment) days, and whether to take documents exported before. */
export const accountingExportQuerySchema = z
  .object({
    format: z.enum(ACCOUNTING_FORMATS, { error: BOOKS_MESSAGES.format }),
    from: isoDateSchema,
    to: isoDateSchema,
    again: z.enum(['true', 'false'], { error: BOOKS_MESSAGES.again }).optional().transform((v) => v === 'true'),
  })
  .superRefine((q, ctx) => {
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: BOOKS_MESSAGES.period });
    else if (dayNumber(q.to) - dayNumber(q.from) + 1 > MAX_EXPORT_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: BOOKS_MESSAGES.periodTooLong });
  });
export type AccountingExportQuery = z.infer<typeof accountingExportQuerySchema>;

/** The file's name: DATEV's import looks for EXTF_ at the start. */
export function exportFileName(format: AccountingFormat, from: string, to: string): string {
  const base = { datev: 'EXTF_Buchungsstapel', xero: 'xero-sales-invoices', quickbooks: 'quickbooks-invoices' }[format];
  return `${base}_${from}_${to}.csv`;
}

/** A kept export: what it holds and who made it; its file is downloaded again byte for byte. */
export const accountingExportSchema = z.object({
  id: z.string(),
  format: z.enum(ACCOUNTING_FORMATS),
  from: z.string(),
  to: z.string(),
  again: z.boolean(),
  invoices: z.number().int(),
  credit_notes: z.number().int(),
  payments: z.number().int(),
  /** Documents the format cannot carry (QuickBooks Online's invoice import takes no credit notes), not marked. */
  skipped: z.number().int(),
  file_name: z.string(),
  bytes: z.number().int(),
  sha256: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
});
export type AccountingExport = z.infer<typeof accountingExportSchema>;
export const accountingExportPageSchema = pageSchema(accountingExportSchema);
