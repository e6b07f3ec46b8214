import { Text, Timeline } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconHistory, IconPaperclip, IconPencil, IconSend, IconSquarePlus, IconUserCheck } from '@tabler/icons-react';
import type { RequestEvent } from '@domain/requests/schema';
import { formatDateTime } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { Section } from '@web/ui/DetailParts';
import { eventDetail, eventTitle } from './request-history';

const ICONS: Record<string, typeof IconPencil> = {
  submitted: IconSquarePlus,
  assigned: IconUserCheck,
  quote_saved: IconPencil,
  quote_sent: IconSend,
  declined: IconCircleX,
  cancelled: IconCircleX,
  accepted: IconCircleCheck,
  attachment_added: IconPaperclip,
};

/** What happened to the request, oldest first: who, when, what (a customer's list leaves out staff's drafts). */
export function RequestHistory({ events }: { events: RequestEvent[] }) {
  return (
    <Section title={t('History')} icon={<IconHistory size={18} />}>
      {events.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('Nothing recorded yet')}
        </Text>
      ) : (
        <Timeline bulletSize={26} lineWidth={2} active={events.length - 1} aria-label={t('Request history')}>
          {events.map((e) => {
            const Icon = ICONS[e.kind] ?? IconPencil;
            const detail = eventDetail(e);
            return (
              <Timeline.Item key={e.id} bullet={<Icon size={14} />} title={eventTitle(e.kind)} data-testid="history-row">
                <Text fz="xs" c="dimmed">
                  {e.actor_name ?? t('System')} · {formatDateTime(e.created_at)}
                </Text>
                {detail && (
                  <Text fz="sm" mt={2} style={{ overflowWrap: 'anywhere' }}>
                    {detail}
                  </Text>
                )}
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Section>
  );
}
