import { useState, type ReactElement } from 'react';
import { ActionIcon, Button, Center, Group, Loader, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconBook2, IconCalculator, IconPlus, IconReceiptTax, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountingSettingsInputSchema, BOOKS_MESSAGES, CHART_DEFAULTS, DATEV_CHARTS, type AccountingSettings } from '@domain/billing/books-schema';
import { msg } from '@domain/common/i18n';
import { ApiError } from '@web/lib/api';
import { t } from '@web/lib/i18n';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { SettingsSaveBar } from '@web/ui/SettingsSaveBar';
import { FormSection } from '@web/ui/FormSection';
import { PageHeader } from '@web/ui/PageHeader';
import { accountingSettingsQuery, saveAccountingSettings } from './api';

const MONTHS = [
  msg('January'), msg('February'), msg('March'), msg('April'), msg('May'), msg('June'), msg('July'), msg('August'), msg('September'), msg('October'), msg('November'), msg('December'),
].map((m, i) => ({ value: String(i + 1), label: m }));
type Keyed = 'revenue_accounts' | 'xero_tax_types' | 'quickbooks_tax_codes';

/** The problems the contract finds, by field path ("revenue_accounts.S 19"). */
function problemsOf(v: AccountingSettings): Record<string, string> {
  const parsed = accountingSettingsInputSchema.safeParse(v);
  const out: Record<string, string> = {};
  if (!parsed.success) for (const i of parsed.error.issues) out[i.path.join('.')] ??= i.message; // English: translated where shown
  return out;
}

/** Rows of VAT key and value (an account, a tax type's name); keys are edited as the rows' first column. */
function KeyedRows(props: { label: string; valueLabel: string; rows: Record<string, string>; errors: Record<string, string>; field: Keyed; onChange: (rows: Record<string, string>) => void }) {
  const entries = Object.entries(props.rows);
  // A key that is no VAT key is the key's problem; any other (an account too long) is the value's.
  const problem = (key: string) => props.errors[`${props.field}.${key}`];
  const keyError = (key: string) => (problem(key) === BOOKS_MESSAGES.vatKey ? t(problem(key)!) : undefined);
  const valueError = (key: string) => {
    const p = problem(key);
    return p !== undefined && p !== BOOKS_MESSAGES.vatKey ? t(p) : undefined;
  };
  const set = (i: number, key: string, value: string) => props.onChange(Object.fromEntries(entries.map((e, j) => (j === i ? [key, value] : e))));
  return (
    <Stack gap={6}>
      <Text fz="sm" fw={500}>
        {props.label}
      </Text>
      {entries.length === 0 && (
        <Text fz="xs" c="dimmed">
          {t('None: the defaults apply.')}
        </Text>
      )}
      {entries.map(([key, value], i) => (
        <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput aria-label={t('VAT key {row}', { row: i + 1 })} placeholder="S 19" value={key} onChange={(e) => set(i, e.currentTarget.value, value)} w={110} error={keyError(key)} />
          <TextInput aria-label={key ? t('{label} for {key}', { label: props.valueLabel, key }) : t('{label} for row {row}', { label: props.valueLabel, row: i + 1 })} value={value} onChange={(e) => set(i, key, e.currentTarget.value)} style={{ flex: 1 }} error={valueError(key)} />
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={key ? t('Remove {key}', { key }) : t('Remove row {row}', { row: i + 1 })} onClick={() => props.onChange(Object.fromEntries(entries.filter((_, j) => j !== i)))}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} />} w="fit-content" onClick={() => props.onChange({ ...props.rows, '': '' })} disabled={'' in props.rows}>
        {t('Add a VAT key')}
      </Button>
    </Stack>
  );
}

function SettingsForm({ initial }: { initial: AccountingSettings }) {
  const queryClient = useQueryClient();
  const [v, setV] = useState<AccountingSettings>(initial);
  const [submitted, setSubmitted] = useState(false);
  const problems = problemsOf(v);
  const save = useMutation({
    mutationFn: () => saveAccountingSettings(v),
    onSuccess: (saved) => {
      queryClient.setQueryData(accountingSettingsQuery.queryKey, saved);
      setV(saved);
    },
  });
  const server = save.error instanceof ApiError ? save.error.fields : undefined;
  const errors = { ...(submitted ? problems : {}), ...server };
  const set = (patch: Partial<AccountingSettings>) => {
    setV((x) => ({ ...x, ...patch }));
    save.reset();
  };
  const shownError = (k: string) => (errors[k] ? t(errors[k]) : undefined);
  const text = (k: 'debtor_account' | 'bank_account' | 'xero_account_code' | 'quickbooks_item') => ({ value: v[k], error: shownError(k), onChange: (e: { currentTarget: { value: string } }) => set({ [k]: e.currentTarget.value }) });
  const number = (k: 'datev_consultant_number' | 'datev_client_number' | 'account_length') => ({
    value: v[k], error: shownError(k), allowDecimal: false, onChange: (n: number | string) => set({ [k]: typeof n === 'number' ? n : 0 }),
  });
  const submit = () => {
    setSubmitted(true);
    if (Object.keys(problems).length === 0) save.mutate();
  };

  return (
    <Stack gap="md">
      <FormSection title="DATEV" description={t('From your tax adviser: the numbers DATEV files carry and the chart of accounts')} icon={<IconBook2 size={20} />}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <NumberInput label={t('Consultant number (Beraternummer)')} min={1001} max={9999999} {...number('datev_consultant_number')} />
          <NumberInput label={t('Client number (Mandantennummer)')} min={1} max={99999} {...number('datev_client_number')} />
          <Select label={t('Fiscal year starts in')} data={MONTHS.map((m) => ({ ...m, label: t(m.label) }))} value={String(v.fiscal_year_start_month)} allowDeselect={false} onChange={(m) => m && set({ fiscal_year_start_month: Number(m) })} />
          <Select label={t('Chart of accounts')} data={[...DATEV_CHARTS]} value={v.datev_chart} allowDeselect={false} onChange={(c) => c && set({ datev_chart: c })} />
          <NumberInput label={t('G/L account length (Sachkontenlänge)')} min={4} max={8} {...number('account_length')} />
          <Stack justify="flex-end">
            <Button variant="default" onClick={() => set({ ...CHART_DEFAULTS[v.datev_chart] })}>
              {t("Use {chart}'s default accounts", { chart: v.datev_chart })}
            </Button>
          </Stack>
          <TextInput label={t('Debtor account')} description={t('Invoices and payments are booked against it')} {...text('debtor_account')} />
          <TextInput label={t('Bank account')} description={t('Where payments arrive')} {...text('bank_account')} />
        </SimpleGrid>
      </FormSection>
      <FormSection title={t('Revenue accounts')} description={t('Per VAT key: a category (Z, E, AE, K, G, O) or S with its rate, such as "S 19". DATEV’s automatic accounts book the tax.')} icon={<IconReceiptTax size={20} />}>
        <KeyedRows label={t('Account per VAT key')} valueLabel={t('Account')} field="revenue_accounts" rows={v.revenue_accounts} errors={errors} onChange={(rows) => set({ revenue_accounts: rows })} />
      </FormSection>
      <FormSection title={t('Xero and QuickBooks Online')} description={t('The codes the CSV files carry; tax names as they appear in your organisation')} icon={<IconCalculator size={20} />}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('Xero sales account code')} {...text('xero_account_code')} />
          <TextInput label={t('QuickBooks product or service')} {...text('quickbooks_item')} />
          <KeyedRows label={t('Xero tax rate names')} valueLabel={t('Tax rate name')} field="xero_tax_types" rows={v.xero_tax_types} errors={errors} onChange={(rows) => set({ xero_tax_types: rows })} />
          <KeyedRows label={t('QuickBooks tax codes')} valueLabel={t('Tax code')} field="quickbooks_tax_codes" rows={v.quickbooks_tax_codes} errors={errors} onChange={(rows) => set({ quickbooks_tax_codes: rows })} />
        </SimpleGrid>
      </FormSection>
      <SettingsSaveBar showProblems={submitted && Object.keys(problems).length > 0} error={save.error} pending={save.isPending} saved={save.isSuccess} onSave={submit} />
    </Stack>
  );
}

/** /settings/accounting (administrators, issue 39): DATEV's numbers and accounts, Xero's and QuickBooks' codes. */
export function AccountingSettingsPage(): ReactElement {
  const query = useQuery(accountingSettingsQuery);
  return (
    <Stack gap="md" maw={960}>
      <PageHeader title={t('Accounting settings')} subtitle={t('How invoices, credit notes and payments are booked in the exports for DATEV, Xero and QuickBooks Online')} />
      <ErrorBanner error={query.error} />
      {query.isPending ? (
        <Center py={48}>
          <Loader size="sm" />
        </Center>
      ) : (
        query.data && <SettingsForm initial={query.data} />
      )}
    </Stack>
  );
}
