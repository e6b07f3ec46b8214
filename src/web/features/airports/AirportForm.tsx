import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { AIRPORT_MESSAGES, normalizeCountryCode, normalizeIata, type Airport, type AirportInput } from '@domain/airports/schema';
import { t } from '@web/lib/i18n';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { FormActions, recordFieldError } from '@web/ui/RecordFormPage';
import { countryName } from './country-name';

type Values = { iata_code: string; name: string; iso_country: string; municipality: string };

const fieldError = (error: unknown, field: keyof Values) => {
  const message = recordFieldError(error, field, AIRPORT_MESSAGES.required);
  return message === undefined ? undefined : t(message);
};

/**
 * The one airport form (modal on /airports and the /airports/new and /airports/edit/{id} pages). Codes are
 * normalised as typed (letters only, uppercase, at most 3 and 2); the server checks the rest and its message
 * shows in the red banner.
 */
export function AirportForm({
  airport, submitLabel, busyLabel, busy, error, onSubmit, onCancel,
}: {
  airport?: Airport;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  error: unknown;
  onSubmit: (values: AirportInput) => void;
  onCancel: () => void;
}) {
  const form = useForm<Values>({
    initialValues: {
      iata_code: airport?.iata_code ?? '',
      name: airport?.name ?? '',
      iso_country: airport?.iso_country ?? '',
      municipality: airport?.municipality ?? '',
    },
  });
  const country = countryName(form.values.iso_country);

  return (
    <form noValidate onSubmit={form.onSubmit((v) => onSubmit({ ...v, municipality: v.municipality.trim() || null }))}>
      <Stack gap="md">
        <ErrorBanner error={error} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('IATA Code')}
            withAsterisk
            placeholder={t('e.g. {example}', { example: 'IST' })}
            description={t('3 letters')}
            maxLength={3}
            autoComplete="off"
            data-autofocus
            styles={{ input: { fontFamily: 'monospace', letterSpacing: 2 } }}
            {...form.getInputProps('iata_code')}
            onChange={(e) => form.setFieldValue('iata_code', normalizeIata(e.currentTarget.value))}
            error={fieldError(error, 'iata_code')}
          />
          <TextInput
            label={t('Country Code')}
            withAsterisk
            placeholder={t('e.g. {example}', { example: 'TR' })}
            description={country ?? t('2-letter ISO code')}
            maxLength={2}
            autoComplete="off"
            styles={{ input: { fontFamily: 'monospace', letterSpacing: 2 } }}
            {...form.getInputProps('iso_country')}
            onChange={(e) => form.setFieldValue('iso_country', normalizeCountryCode(e.currentTarget.value))}
            error={fieldError(error, 'iso_country')}
          />
        </SimpleGrid>
        <TextInput label={t('Name')} withAsterisk placeholder={t('e.g. Istanbul Airport')} {...form.getInputProps('name')} error={fieldError(error, 'name')} />
        <TextInput label={t('City')} placeholder={t('e.g. Istanbul (optional)')} {...form.getInputProps('municipality')} error={fieldError(error, 'municipality')} />
        <FormActions submitLabel={submitLabel} busyLabel={busyLabel} busy={busy} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
