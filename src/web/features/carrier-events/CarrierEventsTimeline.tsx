import type { ReactElement } from 'react';
import { Badge, Group, Text, Timeline } from '@mantine/core';
import { IconAnchor, IconBox, IconFileCheck, IconShip } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@web/lib/format';
import { reader, t } from '@web/lib/i18n';
import { carrierEventTitle } from '@domain/carrier-events/titles';
import { QueryTimeline } from '@web/ui/QueryTimeline';
import { Section } from '@web/ui/DetailParts';
import { shipmentCarrierEventsQuery } from './api';
import { CLASSIFIER, eventPlace, eventVessel } from './format';

const ICONS = { transport: IconShip, equipment: IconBox, shipment: IconFileCheck } as const;
/**
 * The carrier's milestones of a shipment (issue 18): events received in the DCSA Track & Trace standard, latest first,
 * each actual, estimated or planned, with its place (UN/LOCODE), vessel and voyage. Staff and the shipment's customer.
 */
export function CarrierEventsTimeline({ shipmentId }: { shipmentId: string }): ReactElement {
  const events = useQuery(shipmentCarrierEventsQuery(shipmentId));
  const rows = events.data ?? [];
  return (
    <Section title={t('Carrier events')} icon={<IconAnchor size={18} />}>
      <QueryTimeline
        query={events}
        rows={rows}
        empty={t('No events from the carrier yet')}
        label={t('Carrier events')}
        active={rows.findIndex((e) => e.classifier === 'actual')}
        item={(e) => {
          const Icon = ICONS[e.kind];
          return (
            <Timeline.Item key={e.id} bullet={<Icon size={14} />} title={carrierEventTitle(e, reader())} data-testid="carrier-event">
              <Group gap={6} mt={2}>
                {e.classifier && (
                  <Badge size="xs" variant="light" color={CLASSIFIER[e.classifier].color}>
                    {t(CLASSIFIER[e.classifier].label)}
                  </Badge>
                )}
                <Text fz="xs" c="dimmed">
                  {formatDateTime(e.occurred_at)}
                </Text>
              </Group>
              {eventPlace(e) && <Text fz="sm">{eventPlace(e)}</Text>}
              {eventVessel(e) && (
                <Text fz="sm" c="dimmed">
                  {eventVessel(e)}
                </Text>
              )}
              {e.kind === 'equipment' && e.container_number && (
                <Text fz="xs" c="dimmed">
                  {e.container_warning
                    ? t('Container {number} (check digit does not match)', { number: e.container_number })
                    : t('Container {number}', { number: e.container_number })}
                </Text>
              )}
            </Timeline.Item>
          );
        }}
      />
    </Section>
  );
}
