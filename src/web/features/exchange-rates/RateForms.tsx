import { useState } from 'react';
import { Alert, Button, FileInput, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CURRENCY_CODES } from '@domain/money/currencies';
import { isDecimalString } from '@domain/money/decimal';
import { ApiError } from '@web/lib/api';
import { formatDay } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { enterRate, uploadEcbFile } from './api';

const today = () => new Date().toISOString().slice(0, 10);
export const CURRENCY_OPTIONS = [...CURRENCY_CODES].sort();

/** Upload the ECB's daily, 90-day or history XML file as published; the answer says how many rates and which days. */
export function EcbUpload() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation({
    mutationFn: () => uploadEcbFile(file!),
    onSuccess: async () => {
      setFile(null);
      await queryClient.invalidateQueries({ queryKey: ['exchange-rates'] });
    },
  });
  const r = upload.data;
  // The counts as the server sent them (a history file holds thousands), written as before: '4123 rates'.
  const counts = r && { stored: r.stored, storedCount: String(r.stored), already: r.already_stored, days: r.days, dayCount: String(r.days) };
  return (
    <Stack gap="sm">
      <Text fz="sm" c="dimmed">
        {t("The European Central Bank's euro reference rates: eurofxref-daily.xml, eurofxref-hist-90d.xml or eurofxref-hist.xml, as downloaded.")}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <FileInput label={t('ECB XML file')} placeholder={t('Choose the file')} accept=".xml,application/xml,text/xml" value={file} onChange={setFile} clearable style={{ flex: '1 1 220px' }} data-testid="ecb-file" />
        <Button leftSection={<IconUpload size={16} />} disabled={!file || upload.isPending} onClick={() => upload.mutate()}>
          {upload.isPending ? t('Uploading...') : t('Upload')}
        </Button>
      </Group>
      <ErrorBanner error={upload.error} />
      {r && (
        <Alert color="green" variant="light" icon={<IconCheck size={16} />} data-testid="ecb-result">
          {r.first_date !== r.last_date
            ? t('Stored {stored, plural, one {{storedCount} rate} other {{storedCount} rates}} ({already} already there) for {days, plural, one {{dayCount} day} other {{dayCount} days}}, {first} to {last}.', {
                ...counts, first: formatDay(r.first_date), last: formatDay(r.last_date),
              })
            : t('Stored {stored, plural, one {{storedCount} rate} other {{storedCount} rates}} ({already} already there) for {days, plural, one {{dayCount} day} other {{dayCount} days}}, {first}.', {
                ...counts, first: formatDay(r.first_date),
              })}
        </Alert>
      )}
    </Stack>
  );
}

/** A manual rate for a day: 1 EUR = rate units of the currency, as the ECB quotes. */
export function ManualRateForm() {
  const queryClient = useQueryClient();
  const [day, setDay] = useState(today());
  const [currency, setCurrency] = useState<string | null>(null);
  const [rate, setRate] = useState('');
  const save = useMutation({
    mutationFn: () => enterRate({ rate_date: day, currency: currency!, rate: rate.trim() }),
    onSuccess: async () => {
      setRate('');
      await queryClient.invalidateQueries({ queryKey: ['exchange-rates'] });
    },
  });
  const fields = save.error instanceof ApiError ? save.error.fields : undefined;
  const rateProblem = rate.trim() && !(isDecimalString(rate.trim()) && !rate.trim().startsWith('-') && /[1-9]/.test(rate.trim())) ? t('A positive rate such as 1.0965') : fields?.rate && t(fields.rate);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 3, lg: 2 }} spacing="sm">
        <TextInput type="date" label={t('Day')} value={day} onChange={(e) => setDay(e.currentTarget.value)} error={fields?.rate_date && t(fields.rate_date)} />
        <Select label={t('Currency')} placeholder="USD" searchable data={CURRENCY_OPTIONS.filter((c) => c !== 'EUR')} value={currency} onChange={setCurrency} error={fields?.currency && t(fields.currency)} />
        <TextInput label="1 EUR =" placeholder="1.0965" inputMode="decimal" value={rate} onChange={(e) => setRate(e.currentTarget.value)} error={rateProblem} rightSection={<Text fz="xs" c="dimmed">{currency ?? ''}</Text>} rightSectionWidth={44} />
      </SimpleGrid>
      {save.error && !fields && <ErrorBanner error={save.error} />}
      {save.isSuccess && (
        <Text fz="sm" c="green" data-testid="manual-rate-saved">
          {t('Saved: 1 EUR = {rate} {currency} on {date}.', { rate: save.data.rate, currency: save.data.currency, date: formatDay(save.data.rate_date) })}
        </Text>
      )}
      <Group justify="flex-end">
        <Button disabled={!currency || !rate.trim() || !!rateProblem || save.isPending} onClick={() => save.mutate()}>
          {save.isPending ? t('Saving...') : t('Save rate')}
        </Button>
      </Group>
    </Stack>
  );
}
