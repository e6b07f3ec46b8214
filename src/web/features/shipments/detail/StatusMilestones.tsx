import { Center, Loader, Text, Timeline } from '@mantine/core';
import { IconCircleCheck, IconFlag } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { statusLabel, statusMilestones } from '@domain/shipments/status';
import { formatDateTime } from '@web/lib/format';
import { ErrorBanner } from '@web/ui/ErrorBanner';
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
    <Section title="Status Milestones" icon={<IconFlag size={18} />}>
      <ErrorBanner error={events.error} />
      {events.isPending ? (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      ) : rows.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No milestones yet
        </Text>
      ) : (
        <Timeline bulletSize={24} lineWidth={2} active={rows.length - 1} aria-label="Status milestones">
          {rows.map((e) => (
            <Timeline.Item
              key={e.id}
              bullet={<IconCircleCheck size={14} />}
              title={e.kind === 'created' ? 'Shipment created' : statusLabel(e.changes.status.to)}
              data-testid="milestone"
            >
              <Text fz="sm" c="dimmed">
                {e.kind === 'created' ? `Status: ${statusLabel(e.changes.status.to)}` : `From ${statusLabel(e.changes.status.from)}`}
              </Text>
              <Text fz="xs" c="dimmed">
                {formatDateTime(e.created_at)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Section>
  );
}
