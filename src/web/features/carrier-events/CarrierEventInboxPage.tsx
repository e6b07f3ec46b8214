import { useState, type ReactElement } from 'react';
import { Anchor, Badge, Button, Group, Modal, Paper, SegmentedControl, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { MATCHED_BY_LABELS, type CarrierEventState, type InboxEvent, type MatchedBy } from '@domain/carrier-events/schema';
import { msg } from '@domain/common/i18n';
import { ApiError } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format';
import { reader, t } from '@web/lib/i18n';
import { carrierEventTitle } from '@domain/carrier-events/titles';
import { EmptyState } from '@web/ui/EmptyState';
import { PageHeader } from '@web/ui/PageHeader';
import { PagedList } from '@web/ui/PagedList';
import { SearchInput } from '@web/ui/SearchInput';
import { PHONE_QUERY } from '@web/ui/theme';
import { inboxQuery, useInboxActions } from './api';

const STATES = [
  { value: 'unmatched', label: msg('Waiting') },
  { value: 'dismissed', label: msg('Dismissed') },
  { value: 'matched', label: msg('On shipments') },
];
const EMPTY: Record<CarrierEventState, string> = {
  unmatched: msg('Every carrier event found its shipment.'),
  dismissed: msg('No event was dismissed.'),
  matched: msg('No carrier event is on a shipment yet.'),
};

const place = (e: InboxEvent) => [e.location_code, e.location_name].filter(Boolean).join(' · ') || '-';

function References({ event }: { event: InboxEvent }): ReactElement {
  return (
    <Stack gap={2}>
      {event.container_number && (
        <Group gap={4} wrap="wrap">
          <Text fz="sm">{t('Container {number}', { number: event.container_number })}</Text>
          {event.container_warning && (
            <Tooltip label={t(event.container_warning)} multiline w={260}>
              <Badge color="orange" variant="light" size="sm" style={{ flexShrink: 0 }} leftSection={<IconAlertTriangle size={12} />} aria-label={t(event.container_warning)}>
                {t('Check digit')}
              </Badge>
            </Tooltip>
          )}
        </Group>
      )}
      {event.bl_number && <Text fz="sm">BL {event.bl_number}</Text>}
      {event.booking_reference && <Text fz="sm">{t('Booking {reference}', { reference: event.booking_reference })}</Text>}
      {!event.container_number && !event.bl_number && !event.booking_reference && (
        <Text fz="sm" c="dimmed">
          {t('No reference')}
        </Text>
      )}
    </Stack>
  );
}

function Actions({ event, onAttach, onDismiss, busy }: { event: InboxEvent; onAttach: () => void; onDismiss: () => void; busy: boolean }): ReactElement {
  if (event.state === 'matched') {
    return (
      <Stack gap={0}>
        <Anchor renderRoot={(props) => <Link {...props} to="/shipment/$id" params={{ id: event.shipment_id! }} />} fz="sm" fw={600}>
          {event.shipment_reference}
        </Anchor>
        {event.matched_by && <Text fz="xs" c="dimmed">{t(MATCHED_BY_LABELS[event.matched_by as MatchedBy] ?? event.matched_by)}</Text>}
      </Stack>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" onClick={onAttach}>
        {t('Attach')}
      </Button>
      {event.state === 'unmatched' && (
        <Button size="xs" variant="default" onClick={onDismiss} loading={busy}>
          {t('Dismiss')}
        </Button>
      )}
    </Group>
  );
}

/** /carrier-events (staff, issue 18): carrier events no shipment claimed, to attach by reference number or dismiss. */
export function CarrierEventInboxPage(): ReactElement {
  const phone = useMediaQuery(PHONE_QUERY);
  const [state, setState] = useState<CarrierEventState>('unmatched');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useQuery(inboxQuery(state, q, page));
  const { attach, dismiss } = useInboxActions();
  const [attaching, setAttaching] = useState<InboxEvent | null>(null);
  const [reference, setReference] = useState('');
  const attachError = attach.error instanceof ApiError ? t(attach.error.fields?.reference_number ?? attach.error.message) : attach.error ? t('Could not attach the event') : null;

  const openAttach = (e: InboxEvent) => {
    attach.reset();
    setReference('');
    setAttaching(e);
  };
  const doDismiss = (e: InboxEvent) =>
    dismiss.mutate(e.id, { onSuccess: () => notifications.show({ color: 'green', title: t('Event dismissed'), message: `${carrierEventTitle(e, reader())}, ${place(e)}` }) });
  const doAttach = () => {
    if (!attaching) return;
    attach.mutate(
      { id: attaching.id, reference: reference.trim() },
      {
        onSuccess: (saved) => {
          setAttaching(null);
          notifications.show({
            color: 'green',
            title: t('Event attached'),
            message: saved.shipment_reference
              ? t('{event} is on {shipment}', { event: carrierEventTitle(saved, reader()), shipment: saved.shipment_reference })
              : t('{event} is on the shipment', { event: carrierEventTitle(saved, reader()) }),
          });
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <PageHeader title={t('Carrier events')} subtitle={t('Track & Trace events from carriers that no shipment claimed: attach each to its shipment or dismiss it')} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Group justify="space-between" mb="md" gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label={t('Which events')}
            data={STATES.map((s) => ({ ...s, label: t(s.label) }))}
            value={state}
            onChange={(v) => {
              setState(v as CarrierEventState);
              setPage(1);
            }}
          />
          <SearchInput
            value={q}
            onChange={(v) => {
              setQ(v);
              setPage(1);
            }}
            placeholder={t('Container, BL, booking, place...')}
          />
        </Group>
        <PagedList query={list} onPage={setPage} empty={<EmptyState title={t('No events here')} text={t(EMPTY[state])} icon={<IconInbox size={26} />} />}>
          {(rows) =>
            phone ? (
              <Stack gap="sm" data-testid="carrier-event-cards">
                {rows.map((e) => (
                  <Paper key={e.id} withBorder radius="md" p="md" data-testid="carrier-event-row">
                    <Text fw={700}>{carrierEventTitle(e, reader())}</Text>
                    <Text fz="sm">{place(e)}</Text>
                    <Text fz="xs" c="dimmed" mb="xs">
                      {formatDateTime(e.occurred_at)} · {t('received {date}', { date: formatDateTime(e.received_at) })}
                    </Text>
                    <References event={e} />
                    <Text fz="xs" c="dimmed" mt="xs" style={{ overflowWrap: 'anywhere' }}>
                      {e.external_id}
                    </Text>
                    <Group mt="sm">
                      <Actions event={e} onAttach={() => openAttach(e)} onDismiss={() => doDismiss(e)} busy={dismiss.isPending && dismiss.variables === e.id} />
                    </Group>
                  </Paper>
                ))}
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={900}>
                <Table verticalSpacing="sm" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('Event')}</Table.Th>
                      <Table.Th>{t('References')}</Table.Th>
                      <Table.Th>{t('Place')}</Table.Th>
                      <Table.Th>{t('Time')}</Table.Th>
                      <Table.Th>{t('Received')}</Table.Th>
                      <Table.Th>{state === 'matched' ? t('Shipment') : t('Actions')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((e) => (
                      <Table.Tr key={e.id} data-testid="carrier-event-row">
                        <Table.Td>
                          <Text fz="sm" fw={600}>
                            {carrierEventTitle(e, reader())}
                          </Text>
                          <Text fz="xs" c="dimmed" maw={240} style={{ overflowWrap: 'anywhere' }}>
                            {e.external_id}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <References event={e} />
                        </Table.Td>
                        <Table.Td>
                          <Text fz="sm">{place(e)}</Text>
                          {e.vessel_name && (
                            <Text fz="xs" c="dimmed">
                              {e.vessel_name}
                              {e.voyage && ` · ${t('voyage {voyage}', { voyage: e.voyage })}`}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.occurred_at)}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.received_at)}</Table.Td>
                        <Table.Td>
                          <Actions event={e} onAttach={() => openAttach(e)} onDismiss={() => doDismiss(e)} busy={dismiss.isPending && dismiss.variables === e.id} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          }
        </PagedList>
      </Paper>
      <Modal opened={attaching !== null} onClose={() => setAttaching(null)} title={t('Attach to a shipment')}>
        {attaching && (
          <form
            onSubmit={(ev) => {
              ev.preventDefault();
              doAttach();
            }}
          >
            <Stack>
              <Text fz="sm">
                {carrierEventTitle(attaching, reader())}, {place(attaching)}, {formatDateTime(attaching.occurred_at)}
              </Text>
              <TextInput
                label={t('Shipment reference number')}
                placeholder={t('e.g. {example}', { example: 'CD-S2611-1096' })}
                value={reference}
                onChange={(ev) => setReference(ev.currentTarget.value)}
                error={attachError}
                data-autofocus
                required
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setAttaching(null)}>
                  {t('Cancel')}
                </Button>
                <Button type="submit" loading={attach.isPending} disabled={!reference.trim()}>
                  {t('Attach')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </Stack>
  );
}
