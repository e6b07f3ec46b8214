import type { ReactElement } from 'react';
import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { carrierEventTitle } from '@domain/carrier-events/titles';
import type { CustomerShipment } from '@domain/shipments/index';
import { dateMoveNote, type DateMove } from '@domain/shipments/date-moves';
import { placeLabel } from '@domain/shipments/labels';
import { Field } from '@web/ui/DetailParts';
import { eventPlace, eventVessel, shipmentCarrierEventsQuery } from '@web/features/carrier-events';
import { formatDate, formatDateTime } from '@web/lib/format';
import { reader, t } from '@web/lib/i18n';

/** An end of the route: its city and country, with the port or airport when the shipment names one. */
function end(s: CustomerShipment, side: 'origin' | 'destination'): string {
  const where = placeLabel(s[`${side}_city`], s[`${side}_country`], reader());
  const code = s[`${side}_airport`] ?? s[`${side}_port`];
  return code && code !== s[`${side}_city`] ? `${where} (${code})` : where;
}

/**
 * An estimated date with how it moved (issue 45): "23 Dec 2026", and below it, dimmed, "was 19 Dec 2026 · moved
 * 01 Dec 2026 · moved 2 times" when the office or the carrier moved it (the latest move; the count from two on).
 */
function MovedDate({ date, move, testId }: { date: string; move: DateMove | null; testId: string }): ReactElement {
  const note = dateMoveNote(date, move, formatDate);
  return (
    <>
      {formatDate(date)}
      {note && (
        <Text component="span" display="block" fz="xs" fw={400} c="dimmed" data-testid={testId}>
          {t('was {date} · moved {when}', { date: note.date, when: note.when })}
          {note.count > 1 && ` · ${t('{count, plural, one {moved once} other {moved # times}}', { count: note.count })}`}
        </Text>
      )}
    </>
  );
}

/**
 * The customer's first screen of a shipment (issue 45): where it goes, when it leaves and arrives (and how those dates
 * moved), and the carrier's latest word on it (the newest actual event, with its place, vessel and voyage), above the
 * papers and the rest. On a phone this answers "where is it and when does it arrive" without scrolling.
 */
export function WhereItIs({ shipment: s }: { shipment: CustomerShipment }): ReactElement {
  const events = useQuery(shipmentCarrierEventsQuery(s.id));
  const latest = events.data?.find((e) => e.classifier === 'actual') ?? events.data?.[0];
  const where = latest && eventPlace(latest);
  const vessel = latest && eventVessel(latest);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="where-it-is" data-testid="where-it-is">
      <Group gap="sm" wrap="nowrap" align="flex-start" mb="sm">
        <ThemeIcon variant="light" size="lg" aria-hidden>
          <IconMapPin size={20} />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={2} fz="md" id="where-it-is">
            {t('Where it is')}
          </Title>
          <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="where-route">
            {end(s, 'origin')} → {end(s, 'destination')}
          </Text>
        </Stack>
      </Group>
      <SimpleGrid cols={2} spacing="sm">
        <Field label={t('Estimated departure')}>
          {s.estimated_departure ? <MovedDate date={s.estimated_departure} move={s.date_moves.departure} testId="where-departure-moved" /> : null}
        </Field>
        <Field label={t('Estimated arrival')}>
          {s.estimated_arrival ? <MovedDate date={s.estimated_arrival} move={s.date_moves.arrival} testId="where-arrival-moved" /> : null}
        </Field>
      </SimpleGrid>
      <Stack gap={2} mt="sm" data-testid="where-latest">
        <Text fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
          {t('Latest from the carrier')}
        </Text>
        {latest ? (
          <>
            <Text fz="sm" fw={500}>
              {carrierEventTitle(latest, reader())}
              {latest.occurred_at && ` · ${formatDateTime(latest.occurred_at)}`}
            </Text>
            {(where || vessel) && (
              <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {[where, vessel].filter(Boolean).join(' · ')}
              </Text>
            )}
          </>
        ) : (
          <Text fz="sm" c="dimmed">
            {events.isPending ? t('Loading') : t('No events from the carrier yet')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
