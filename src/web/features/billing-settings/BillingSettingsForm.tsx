import { useState } from 'react';
import { NumberInput, Select, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { IconBuildingBank, IconCalculator, IconCheck, IconId, IconReceiptTax } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingSettingsSchema, type BillingSettings } from '@domain/billing/settings-schema';
import { CURRENCY_CODES } from '@domain/money/currencies';
import { ibanProblem, isValidBic, IBAN_MESSAGES, printedIban } from '@domain/money/iban';
import { NEEDS_EXEMPTION_REASON, VAT_CATEGORIES, vatProblem, type VatCategory } from '@domain/money/vat';
import { isDecimalString } from '@domain/money/decimal';
import { ApiError } from '@web/lib/api';
import { t } from '@web/lib/i18n';
import { SettingsSaveBar } from '@web/ui/SettingsSaveBar';
import { FormSection } from '@web/ui/FormSection';
import { saveBillingSettings } from './api';

const CURRENCY_OPTIONS = [...CURRENCY_CODES].sort();
type Errors = Partial<Record<keyof BillingSettings, string>>;

/** What the browser can say before saving: the contract's rules, the IBAN's check digits and the BIC's shape, live. */
function problemsOf(v: BillingSettings): Errors {
  const errors: Errors = {};
  const parsed = billingSettingsSchema.safeParse(v);
  if (!parsed.success) for (const i of parsed.error.issues) errors[i.path[0] as keyof BillingSettings] ??= i.message;
  if (v.iban.trim()) {
    const p = ibanProblem(v.iban);
    if (p) errors.iban = p;
  }
  if (v.bic.trim() && !isValidBic(v.bic)) errors.bic = IBAN_MESSAGES.bic;
  if (isDecimalString(v.default_vat_rate.trim())) {
    const p = vatProblem(v.default_vat_category, v.default_vat_rate.trim(), v.default_exemption_reason);
    if (p) errors[p.toLowerCase().includes('reason') ? 'default_exemption_reason' : 'default_vat_rate'] = p;
  }
  return errors;
}

/** The seller's identity, bank details and VAT defaults as printed on every invoice. */
export function BillingSettingsForm({ initial }: { initial: BillingSettings }) {
  const queryClient = useQueryClient();
  const [v, setV] = useState<BillingSettings>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof BillingSettings, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const problems = problemsOf(v);
  const save = useMutation({
    mutationFn: () => saveBillingSettings(billingSettingsSchema.parse(v)),
    onSuccess: (saved) => {
      queryClient.setQueryData(['billing-settings'], saved);
      setV(saved);
    },
  });
  const server = save.error instanceof ApiError ? save.error.fields : undefined;
  const error = (k: keyof BillingSettings) => {
    const message = ((submitted || touched[k]) && problems[k]) || server?.[k];
    return message ? t(message) : undefined;
  };
  const field = <K extends keyof BillingSettings>(k: K) => ({
    value: v[k] as string,
    error: error(k),
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setV((x) => ({ ...x, [k]: value }));
      save.reset();
    },
    onBlur: () => setTouched((t) => ({ ...t, [k]: true })),
  });
  const submit = () => {
    setSubmitted(true);
    if (Object.keys(problems).length === 0) save.mutate();
  };
  const ibanOk = v.iban.trim() !== '' && !problems.iban;
  const ibanError = v.iban.trim() ? problems.iban ?? server?.iban : undefined;
  const vatOptions = Object.entries(VAT_CATEGORIES).map(([value, label]) => ({ value, label: `${value}: ${t(label)}` }));

  return (
    <Stack gap="md">
      <FormSection title={t('Seller')} description={t('Printed at the top of every invoice and credit note')} icon={<IconId size={20} />}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('Legal name')} required {...field('legal_name')} />
          <TextInput label={t('Country')} description={t('Two-letter code, e.g. TR')} maxLength={2} {...field('country')} />
          <Textarea label={t('Address')} autosize minRows={2} {...field('address')} style={{ gridColumn: '1 / -1' }} />
          <TextInput label={t('VAT number')} {...field('vat_number')} />
          <TextInput label={t('Tax office')} {...field('tax_office')} />
        </SimpleGrid>
      </FormSection>
      <FormSection title={t('Bank')} description={t('Where customers pay; the IBAN is checked by its check digits as you type')} icon={<IconBuildingBank size={20} />}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="IBAN"
            placeholder="TR33 0006 1005 1978 6457 8413 26"
            {...field('iban')}
            error={v.iban.trim() ? ibanError && t(ibanError) : error('iban')}
            description={ibanOk ? t('Valid: {iban}', { iban: printedIban(v.iban) }) : undefined}
            rightSection={ibanOk ? <IconCheck size={16} color="var(--mantine-color-green-7)" aria-label={t('IBAN is valid')} /> : undefined}
            data-testid="iban"
          />
          <TextInput label="BIC" placeholder="TCZBTR2AXXX" {...field('bic')} />
          <TextInput label={t('Bank')} {...field('bank_name')} />
          <NumberInput
            label={t('Payment terms (days)')}
            min={0}
            max={365}
            allowDecimal={false}
            value={v.payment_terms_days}
            error={error('payment_terms_days')}
            onChange={(n) => setV((x) => ({ ...x, payment_terms_days: typeof n === 'number' ? n : 0 }))}
            description={t('Due date = issue date + these days, unless the company has its own terms')}
          />
        </SimpleGrid>
      </FormSection>
      <FormSection title={t('Defaults')} description={t('What a new invoice line starts with')} icon={<IconReceiptTax size={20} />}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select label={t('Currency')} searchable data={CURRENCY_OPTIONS} value={v.default_currency} allowDeselect={false} onChange={(c) => c && setV((x) => ({ ...x, default_currency: c }))} error={error('default_currency')} />
          <Select
            label={t('VAT category')}
            data={vatOptions}
            value={v.default_vat_category}
            allowDeselect={false}
            onChange={(c) => c && setV((x) => ({ ...x, default_vat_category: c as VatCategory, default_vat_rate: c === 'S' ? x.default_vat_rate : '0' }))}
          />
          <TextInput label={t('VAT rate (%)')} inputMode="decimal" {...field('default_vat_rate')} />
          {NEEDS_EXEMPTION_REASON.has(v.default_vat_category) && <TextInput label={t('Exemption reason')} {...field('default_exemption_reason')} style={{ gridColumn: '1 / -1' }} />}
        </SimpleGrid>
        <Textarea mt="sm" label={t('Note printed on every invoice')} autosize minRows={2} {...field('invoice_note')} />
      </FormSection>
      <FormSection title={t('Rates')} description={t('How rate cards price a lane, and what a customer sees of them')} icon={<IconCalculator size={20} />}>
        <Stack gap="sm">
          <Switch
            label={t('Take a higher weight break where it costs less')}
            description={t('480 kg at the +500 rate (500 × 1.85 = 925.00) instead of the +300 rate (480 × 2.10 = 1,008.00), as IATA prices air freight')}
            checked={v.rates_next_break}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setV((x) => ({ ...x, rates_next_break: checked }));
            }}
          />
          <Switch
            label={t('Show customers an indicative price on their requests')}
            description={t('From the sell card that matches the request (the customer’s own, else the public tariff), until the quote is sent')}
            checked={v.rates_indicative_price}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setV((x) => ({ ...x, rates_indicative_price: checked }));
            }}
          />
        </Stack>
      </FormSection>
      <SettingsSaveBar showProblems={submitted && Object.keys(problems).length > 0} error={save.error} pending={save.isPending} saved={save.isSuccess} onSave={submit} />
    </Stack>
  );
}
