import { Alert, Anchor, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { COMPANY_ADDRESS_MAX, COMPANY_NAME_MAX, COMPANY_NAME_MIN, sameNameWarning, type CompanyInput, type CompanyOption } from '@domain/companies/schema';
import { sameNameQuery } from './api';
import { ApiError } from '@web/lib/api';
import { LOCALES, reader, t } from '@web/lib/i18n';
import { languageName } from '@domain/common/i18n';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';

/** The form's values; the billing fields (issue 38) as typed, an empty one clears the stored value. */
export type CompanyFormValues = { name: string; address: string; vat_number: string; country: string; payment_terms_days: number | string; language: string };
type Values = CompanyFormValues;
const EMPTY: Values = { name: '', address: '', vat_number: '', country: '', payment_terms_days: '', language: 'en' };

/** What the API takes from the form: empty billing fields are null (the invoice then uses the billing settings' terms). */
function toInput(v: Values): CompanyInput {
  const terms = v.payment_terms_days;
  return {
    name: v.name,
    address: v.address,
    vat_number: v.vat_number.trim() || null,
    country: v.country.trim() || null,
    payment_terms_days: terms === '' ? null : Number(terms),
    language: v.language,
  };
}

/** Companies already named like the typed name (ignoring case and accents), checked 400 ms after typing stops. */
function useSameName(name: string, excludeId?: string): CompanyOption[] {
  const [term] = useDebouncedValue(name.trim(), 400);
  const same = useQuery(sameNameQuery(term, excludeId));
  return term === name.trim() ? (same.data ?? []) : [];
}

/** A warning, not a refusal: two companies may share a name, but usually it is the same company typed twice. */
function SameNameWarning({ matches }: { matches: CompanyOption[] }) {
  if (matches.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t('This name is already in use')} data-testid="same-name-warning">
      <Text fz="sm">{sameNameWarning(matches.map((m) => m.name), reader())}</Text>
      <Group gap="md" mt={6}>
        {matches.map((m) => (
          <Anchor key={m.id} href={`/companies/${m.id}`} fz="sm" target="_blank" rel="noopener">
            {t('Open {name}', { name: m.name })}
          </Anchor>
        ))}
      </Group>
    </Alert>
  );
}

/**
 * The one form that creates and edits a company (spec section 2). Rules are checked by the API; its message
 * shows in the red banner and on the field it names.
 */
export function CompanyForm({
  title, subtitle, initial, companyId, submitLabel, busyLabel, busy, error, backTo, onSubmit,
}: {
  title: string;
  subtitle: string;
  initial?: Values;
  /** The company being edited, which its own name does not warn about. */
  companyId?: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  error: unknown;
  /** '/companies' or the profile '/companies/{id}'. */
  backTo: string;
  onSubmit: (input: CompanyInput) => void;
}) {
  const form = useForm<Values>({ mode: 'controlled', initialValues: initial ?? EMPTY });
  const fieldErrors: Record<string, string> = Object.fromEntries(Object.entries(error instanceof ApiError ? (error.fields ?? {}) : {}).map(([field, text]) => [field, t(text)]));
  const nameLength = form.values.name.trim().length;
  const sameName = useSameName(form.values.name, companyId);

  return (
    <Stack gap="lg" maw={720}>
      <Anchor component={Link} to={backTo} fz="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={16} />
          {backTo === '/companies' ? t('Back to Companies') : t('Back to Company')}
        </Group>
      </Anchor>
      <PageHeader title={title} subtitle={subtitle} />
      <Paper withBorder radius="md" p="lg">
        <form noValidate onSubmit={form.onSubmit((v) => onSubmit(toInput(v)))}>
          <Stack>
            <ErrorBanner error={error} />
            <TextInput
              label={t('Company Name')}
              placeholder={t('e.g. Anatolia Textiles Ltd')}
              withAsterisk
              autoFocus
              description={t('{min} to {max} characters', { min: COMPANY_NAME_MIN, max: COMPANY_NAME_MAX })}
              rightSection={
                 
                <Text fz="xs" c={nameLength > COMPANY_NAME_MAX ? 'red' : 'dimmed'} pr="xs">
                  {nameLength}/{COMPANY_NAME_MAX}
                </Text>
              }
              rightSectionWidth={64}
              disabled={busy}
              {...form.getInputProps('name')}
              error={fieldErrors.name}
            />
            <SameNameWarning matches={sameName} />
            <Textarea
              label={t('Address')}
              placeholder={t('Street, postal code, city, country')}
              description={t('Optional')}
              autosize
              minRows={3}
              maxLength={COMPANY_ADDRESS_MAX}
              disabled={busy}
              {...form.getInputProps('address')}
              error={fieldErrors.address}
            />
            <Text fw={600} fz="sm" mt="xs">
              {t('Billing')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label={t('VAT number')}
                placeholder={t('e.g. TR4810234567')}
                description={t('Printed on its invoices')}
                maxLength={40}
                disabled={busy}
                {...form.getInputProps('vat_number')}
                error={fieldErrors.vat_number}
              />
              <TextInput
                label={t('Country')}
                placeholder={t('e.g. TR')}
                description={t('Two-letter ISO code')}
                maxLength={2}
                disabled={busy}
                {...form.getInputProps('country')}
                error={fieldErrors.country}
              />
              <NumberInput
                label={t('Payment terms (days)')}
                placeholder={t('Default')}
                description={t("Empty: the billing settings' terms")}
                min={0}
                max={365}
                allowDecimal={false}
                allowNegative={false}
                disabled={busy}
                {...form.getInputProps('payment_terms_days')}
                error={fieldErrors.payment_terms_days}
              />
              <Select
                label={t('Language')}
                description={t('Of the mails, papers and invoices the company receives')}
                data={LOCALES.map((l) => ({ value: l, label: languageName(l) }))}
                allowDeselect={false}
                disabled={busy}
                {...form.getInputProps('language')}
                error={fieldErrors.language}
              />
            </SimpleGrid>
            <Group justify="flex-end" mt="sm">
              <Button variant="default" component={Link} to={backTo} disabled={busy}>
                {t('Cancel')}
              </Button>
              <Button type="submit" loading={false} disabled={busy}>
                {busy ? busyLabel : submitLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
