import { Text, Timeline } from '@mantine/core';
import { IconCircleCheck, IconFlag } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { statusMilestones } from '@domain/shipments/status';
import { formatDateTime } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { shipmentStatusLabel } from '../labels';
import { QueryTimeline } from '@web/ui/QueryTimeline';
import { shipmentEventsQuery } from './api';
import { Section } from '@web/ui/DetailParts';

/**
 * The customer view's status milestones (creation and status changes), oldest first, the current one last. Staff who
 * open the customer view receive every kind of history row; only the milestones among them are shown.
 */
export function StatusMilestones({ shipmentId }: { shipmentId: string }) {
  const events = useQuery(shipmentEventsQuery(shipmentId));
  const rows = statusMilestones(events.data ?? []).reverse();
  return (
    <Section title={t('Status Milestones')} icon={<IconFlag size={18} />}>
      <QueryTimeline
        query={events}
        rows={rows}
        empty={t('No milestones yet')}
        label={t('Status milestones')}
        active={rows.length - 1}
        bulletSize={24}
        item={(e) => (
          <Timeline.Item
            key={e.id}
            bullet={<IconCircleCheck size={14} />}
            title={e.kind === 'created' ? t('Shipment created') : shipmentStatusLabel(e.changes.status.to)}
            data-testid="milestone"
          >
            <Text fz="sm" c="dimmed">
              {e.kind === 'created' ? t('Status: {status}', { status: shipmentStatusLabel(e.changes.status.to) }) : t('From {status}', { status: shipmentStatusLabel(e.changes.status.from) })}
            </Text>
            <Text fz="xs" c="dimmed">
              {formatDateTime(e.created_at)}
            </Text>
          </Timeline.Item>
        )}
      />
    </Section>
  );
}
