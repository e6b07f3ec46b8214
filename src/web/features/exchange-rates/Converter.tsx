import { useState } from 'react';
import { Button, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { isDecimalString } from '@domain/money/decimal';
import { formatMoney } from '@web/features/invoices';
import { formatDay } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { convert } from './api';
import { CURRENCY_OPTIONS } from './RateForms';

const today = () => new Date().toISOString().slice(0, 10);

/** An amount in another currency on a day, by the server's conversion (through the euro, rounded once). */
export function Converter() {
  const [amount, setAmount] = useState('1000');
  const [from, setFrom] = useState<string | null>('USD');
  const [to, setTo] = useState<string | null>('EUR');
  const [on, setOn] = useState(today());
  const [source, setSource] = useState<'ECB' | 'MANUAL'>('ECB');
  const run = useMutation({ mutationFn: () => convert({ amount: amount.trim(), from: from!, to: to!, on, source }) });
  const badAmount = amount.trim() !== '' && !isDecimalString(amount.trim());
  const r = run.data;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 2 }} spacing="sm">
        <TextInput label={t('Amount')} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} error={badAmount ? t('A number such as 1000 or 12.50') : undefined} />
        <Select label={t('From')} searchable data={CURRENCY_OPTIONS} value={from} onChange={setFrom} allowDeselect={false} />
        <Select label={t('To')} searchable data={CURRENCY_OPTIONS} value={to} onChange={setTo} allowDeselect={false} />
        <TextInput type="date" label={t('On')} value={on} onChange={(e) => setOn(e.currentTarget.value)} />
      </SimpleGrid>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SegmentedControl aria-label={t('Rates')} data={[{ value: 'ECB', label: t('ECB rates') }, { value: 'MANUAL', label: t('Manual rates') }]} value={source} onChange={(v) => setSource(v)} />
        <Button leftSection={<IconArrowsExchange size={16} />} disabled={!amount.trim() || badAmount || !from || !to || run.isPending} onClick={() => run.mutate()}>
          {t('Convert')}
        </Button>
      </Group>
      <ErrorBanner error={run.error} />
      {r && (
        <Stack gap={2} data-testid="conversion">
          <Text fz="xl" fw={700}>
            {formatMoney(amount.trim(), r.from)} = {formatMoney(r.amount, r.to)}
          </Text>
          <Text fz="sm" c="dimmed">
            {r.rate_date !== r.on
              ? t('1 {from} = {rate} {to}, {source} rate of {date} (the last on or before {on})', { from: r.from, rate: r.rate, to: r.to, source: r.source, date: formatDay(r.rate_date), on: formatDay(r.on) })
              : t('1 {from} = {rate} {to}, {source} rate of {date}', { from: r.from, rate: r.rate, to: r.to, source: r.source, date: formatDay(r.rate_date) })}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
