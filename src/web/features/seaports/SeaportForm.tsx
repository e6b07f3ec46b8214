import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SEAPORT_MESSAGES, normalizeUnCode, type Seaport, type SeaportInput } from '@domain/seaports/schema';
import { t } from '@web/lib/i18n';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { FormActions, recordFieldError } from '@web/ui/RecordFormPage';

type Values = { name: string; country: string; un_code: string };

const fieldError = (error: unknown, field: keyof Values) => {
  const message = recordFieldError(error, field, SEAPORT_MESSAGES.required);
  return message === undefined ? undefined : t(message);
};

/** The sea port form of /seaports/new and /seaports/edit/{id}: the UN Code is uppercased as typed, at most 5 characters. */
export function SeaportForm({
  seaport, submitLabel, busyLabel, busy, error, onSubmit, onCancel,
}: {
  seaport?: Seaport;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  error: unknown;
  onSubmit: (values: SeaportInput) => void;
  onCancel: () => void;
}) {
  const form = useForm<Values>({
    initialValues: { name: seaport?.name ?? '', country: seaport?.country ?? '', un_code: seaport?.un_code ?? '' },
  });
  return (
    <form noValidate onSubmit={form.onSubmit((v) => onSubmit({ ...v, un_code: v.un_code || null }))}>
      <Stack gap="md">
        <ErrorBanner error={error} />
        <TextInput
          label={t('Port Name')}
          withAsterisk
          placeholder={t('e.g. {example}', { example: 'Istanbul' })}
          description={t('The city comes first; add a region after a comma when needed (e.g. Belawan, Sumatra)')}
          autoFocus
          {...form.getInputProps('name')}
          error={fieldError(error, 'name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('Country')}
            withAsterisk
            placeholder={t('e.g. {example}', { example: 'Turkey' })}
            description={t('Country name in English')}
            {...form.getInputProps('country')}
            error={fieldError(error, 'country')}
          />
          <TextInput
            label={t('UN Code')}
            placeholder={t('e.g. {example}', { example: 'TRIST' })}
            description={t('5-character UN/LOCODE (optional)')}
            maxLength={5}
            autoComplete="off"
            styles={{ input: { fontFamily: 'monospace', letterSpacing: 2 } }}
            {...form.getInputProps('un_code')}
            onChange={(e) => form.setFieldValue('un_code', normalizeUnCode(e.currentTarget.value))}
            error={fieldError(error, 'un_code')}
          />
        </SimpleGrid>
        <FormActions submitLabel={submitLabel} busyLabel={busyLabel} busy={busy} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
