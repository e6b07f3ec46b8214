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
import { SettingsSaveBar } from '@web/ui/SettingsSaveBar';
import { FormSection } from '@web/ui/FormSection';
import { saveBillingSettings } from './api';

const VAT_OPTIONS = Object.entries(VAT_CATEGORIES).map(([value, label]) => ({ value, label: `${value}: ${label}` }));
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
  const error = (k: keyof BillingSettings) => ((submitted || touched[k]) && problems[k]) || server?.[k];
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

  return (
    <Stack gap="md">
      <FormSection title="Seller" description="Printed at the top of every invoice and credit note" icon={<IconId size={20} />}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Legal name" required {...field('legal_name')} />
          <TextInput label="Country" description="Two-letter code, e.g. TR" maxLength={2} {...field('country')} />
          <Textarea label="Address" autosize minRows={2} {...field('address')} style={{ gridColumn: '1 / -1' }} />
          <TextInput label="VAT number" {...field('vat_number')} />
          <TextInput label="Tax office" {...field('tax_office')} />
        </SimpleGrid>
      </FormSection>
      <FormSection title="Bank" description="Where customers pay; the IBAN is checked by its check digits as you type" icon={<IconBuildingBank size={20} />}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="IBAN"
            placeholder="TR33 0006 1005 1978 6457 8413 26"
            {...field('iban')}
            error={v.iban.trim() ? problems.iban ?? server?.iban : error('iban')}
            description={ibanOk ? `Valid: ${printedIban(v.iban)}` : undefined}
            rightSection={ibanOk ? <IconCheck size={16} color="var(--mantine-color-green-7)" aria-label="IBAN is valid" /> : undefined}
            data-testid="iban"
          />
          <TextInput label="BIC" placeholder="TCZBTR2AXXX" {...field('bic')} />
          <TextInput label="Bank" {...field('bank_name')} />
          <NumberInput
            label="Payment terms (days)"
            min={0}
            max={365}
            allowDecimal={false}
            value={v.payment_terms_days}
            error={error('payment_terms_days')}
            onChange={(n) => setV((x) => ({ ...x, payment_terms_days: typeof n === 'number' ? n : 0 }))}
            description="Due date = issue date + these days, unless the company has its own terms"
          />
        </SimpleGrid>
      </FormSection>
      <FormSection title="Defaults" description="What a new invoice line starts with" icon={<IconReceiptTax size={20} />}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select label="Currency" searchable data={CURRENCY_OPTIONS} value={v.default_currency} allowDeselect={false} onChange={(c) => c && setV((x) => ({ ...x, default_currency: c }))} error={error('default_currency')} />
          <Select
            label="VAT category"
            data={VAT_OPTIONS}
            value={v.default_vat_category}
            allowDeselect={false}
            onChange={(c) => c && setV((x) => ({ ...x, default_vat_category: c as VatCategory, default_vat_rate: c === 'S' ? x.default_vat_rate : '0' }))}
          />
          <TextInput label="VAT rate (%)" inputMode="decimal" {...field('default_vat_rate')} />
          {NEEDS_EXEMPTION_REASON.has(v.default_vat_category) && <TextInput label="Exemption reason" {...field('default_exemption_reason')} style={{ gridColumn: '1 / -1' }} />}
        </SimpleGrid>
        <Textarea mt="sm" label="Note printed on every invoice" autosize minRows={2} {...field('invoice_note')} />
      </FormSection>
      <FormSection title="Rates" description="How rate cards price a lane, and what a customer sees of them" icon={<IconCalculator size={20} />}>
        <Stack gap="sm">
          <Switch
            label="Take a higher weight break where it costs less"
            description="480 kg at the +500 rate (500 × 1.85 = 925.00) instead of the +300 rate (480 × 2.10 = 1,008.00), as IATA prices air freight"
            checked={v.rates_next_break}
            onChange={(e) => setV((x) => ({ ...x, rates_next_break: e.currentTarget.checked }))}
          />
          <Switch
            label="Show customers an indicative price on their requests"
            description="From the sell card that matches the request (the customer’s own, else the public tariff), until the quote is sent"
            checked={v.rates_indicative_price}
            onChange={(e) => setV((x) => ({ ...x, rates_indicative_price: e.currentTarget.checked }))}
          />
        </Stack>
      </FormSection>
      <SettingsSaveBar showProblems={submitted && Object.keys(problems).length > 0} error={save.error} pending={save.isPending} saved={save.isSuccess} onSave={submit} />
    </Stack>
  );
}
