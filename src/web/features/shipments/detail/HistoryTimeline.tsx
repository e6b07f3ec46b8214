import { Stack, Text, Timeline } from '@mantine/core';
import { IconCirclePlus, IconFileText, IconHistory, IconPencil, IconProgressCheck, IconUserCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ShipmentEvent } from '@domain/shipments/index';
import { formatDateTime } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { QueryTimeline } from '@web/ui/QueryTimeline';
import { shipmentEventsQuery } from './api';
import { Section } from '@web/ui/DetailParts';
import { changeLines, eventTitle } from './history-format';

const ICONS: Record<string, typeof IconPencil> = {
  created: IconCirclePlus,
  updated: IconPencil,
  status_changed: IconProgressCheck,
  document_assigned: IconFileText,
  document_removed: IconFileText,
  handler_assigned: IconUserCheck,
};

/** Staff: every change of the shipment, newest first: who, when, and each field as old → new. */
export function HistoryTimeline({ shipmentId, names }: { shipmentId: string; names: Record<string, string> }) {
  const events = useQuery(shipmentEventsQuery(shipmentId));
  const rows = (events.data ?? []) as ShipmentEvent[];
  return (
    <Section title={t('History')} icon={<IconHistory size={18} />}>
      <QueryTimeline
        query={events}
        rows={rows}
        empty={t('No changes recorded yet')}
        label={t('Shipment history')}
        active={0}
        item={(e) => {
          const Icon = ICONS[e.kind] ?? IconPencil;
          const lines = changeLines(e, names);
          return (
            <Timeline.Item key={e.id} bullet={<Icon size={14} />} title={eventTitle(e.kind)} data-testid="history-row">
              <Text fz="xs" c="dimmed">
                {e.actor_full_name ?? t('System')} · {formatDateTime(e.created_at)}
              </Text>
              <Stack gap={2} mt={4}>
                {lines.map((l) => (
                  <Text key={l.field} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                    <Text span fz="sm" c="dimmed">
                      {t('{label}:', { label: l.label })}{' '}
                    </Text>
                    {l.from !== null && (
                      <>
                        <Text span fz="sm" c="dimmed" td="line-through">
                          {l.from}
                        </Text>
                        {' → '}
                      </>
                    )}
                    <Text span fz="sm" fw={500}>
                      {l.to}
                    </Text>
                  </Text>
                ))}
              </Stack>
            </Timeline.Item>
          );
        }}
      />
    </Section>
  );
}
