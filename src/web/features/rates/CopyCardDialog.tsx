import { useState, type ReactElement } from 'react';
import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { nextValidity, type RateCard } from '@domain/rates/schema';
import { ApiError } from '@web/lib/api';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { formatDay } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { copyRateCard } from './api';

/**
 * "Copy to new days" (issue 40): a carrier's card for its next period, the same lane and prices. The days proposed
 * follow the card (from the day after it ends, as long as it ran); the priority stays unless changed.
 */
export function CopyCardDialog({ card, onClose }: { card: RateCard; onClose: () => void }): ReactElement {
  const proposed = nextValidity(card);
  const [from, setFrom] = useState(proposed.valid_from);
  const [to, setTo] = useState(proposed.valid_to);
  const [priority, setPriority] = useState<number>(card.priority);
  const client = useQueryClient();
  const copy = useMutation({
    mutationFn: copyRateCard,
    onSuccess: (made) => {
      notifications.show({ color: 'teal', title: t('Rate card copied'), message: `${made.origin} → ${made.destination}, ${formatDay(made.valid_from)} – ${formatDay(made.valid_to)}` });
      void client.invalidateQueries({ queryKey: ['rate-cards'] });
      onClose();
    },
  });
  const fields: Record<string, string> = copy.error instanceof ApiError ? (copy.error.fields ?? {}) : {};
  const fieldError = (field: string) => (fields[field] ? t(fields[field]) : undefined);
  return (
    <Modal opened onClose={onClose} title={<Text fw={700}>{t('Copy to new days')}</Text>} centered>
      <Stack>
        <Text fz="sm">
          {t('A new {side, select, buy {buy} other {sell}} card {origin} → {destination} with the same prices and surcharges. This one, valid {from} – {to}, stays as it is.', {
            side: card.side,
            origin: card.origin,
            destination: card.destination,
            from: formatDay(card.valid_from),
            to: formatDay(card.valid_to),
          })}
        </Text>
        <SimpleGrid cols={2}>
          <TextInput type="date" label={t('Valid from')} required value={from} onChange={(e) => setFrom(e.currentTarget.value)} error={fieldError('valid_from')} />
          <TextInput type="date" label={t('Valid to')} required value={to} onChange={(e) => setTo(e.currentTarget.value)} error={fieldError('valid_to')} />
        </SimpleGrid>
        <NumberInput label={t('Priority')} description={t('A higher priority prices where cards overlap')} min={0} max={100} allowDecimal={false} value={priority} onChange={(v) => setPriority(typeof v === 'number' ? v : 0)} error={fieldError('priority')} />
        {!Object.keys(fields).length && <ErrorBanner error={copy.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={copy.isPending}>
            {t('Cancel')}
          </Button>
          <Button onClick={() => copy.mutate({ id: card.id, valid_from: from, valid_to: to, priority })} loading={copy.isPending}>
            {t('Copy card')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
