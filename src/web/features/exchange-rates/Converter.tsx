import { useState } from 'react';
import { Button, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { isDecimalString } from '@domain/money/decimal';
import { formatMoney } from '@web/features/invoices';
import { formatDay } from '@web/lib/format';
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
        <TextInput label="Amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} error={badAmount ? 'A number such as 1000 or 12.50' : undefined} />
        <Select label="From" searchable data={CURRENCY_OPTIONS} value={from} onChange={setFrom} allowDeselect={false} />
        <Select label="To" searchable data={CURRENCY_OPTIONS} value={to} onChange={setTo} allowDeselect={false} />
        <TextInput type="date" label="On" value={on} onChange={(e) => setOn(e.currentTarget.value)} />
      </SimpleGrid>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SegmentedControl aria-label="Rates" data={[{ value: 'ECB', label: 'ECB rates' }, { value: 'MANUAL', label: 'Manual rates' }]} value={source} onChange={(v) => setSource(v)} />
        <Button leftSection={<IconArrowsExchange size={16} />} disabled={!amount.trim() || badAmount || !from || !to || run.isPending} onClick={() => run.mutate()}>
          Convert
        </Button>
      </Group>
      <ErrorBanner error={run.error} />
      {r && (
        <Stack gap={2} data-testid="conversion">
          <Text fz="xl" fw={700}>
            {formatMoney(amount.trim(), r.from)} = {formatMoney(r.amount, r.to)}
          </Text>
          <Text fz="sm" c="dimmed">
            1 {r.from} = {r.rate} {r.to}, {r.source} rate of {formatDay(r.rate_date)}
            {r.rate_date !== r.on ? ` (the last on or before ${formatDay(r.on)})` : ''}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
