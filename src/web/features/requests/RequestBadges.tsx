import { Badge } from '@mantine/core';
import { REQUEST_MODE_LABELS, REQUEST_STATUS_LABELS, type RequestMode, type RequestStatus } from '@domain/requests/schema';
import { t } from '@web/lib/i18n';
import { TYPE_COLORS } from '@web/ui/ShipmentBadges';

export const REQUEST_STATUS_COLORS: Record<RequestStatus, string> = {
  submitted: 'blue',
  quoted: 'violet',
  accepted: 'teal',
  declined: 'red',
  expired: 'orange',
  cancelled: 'gray',
};

const MODE_COLORS: Record<RequestMode, string> = { ...TYPE_COLORS, best_offer: 'pink' };

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return (
    <Badge color={REQUEST_STATUS_COLORS[status]} variant="light" radius="sm" tt="none" style={{ minWidth: 'max-content' }} data-testid="request-status">
      {t(REQUEST_STATUS_LABELS[status])}
    </Badge>
  );
}

export function RequestModeBadge({ mode }: { mode: RequestMode }) {
  return (
    <Badge color={MODE_COLORS[mode]} variant="outline" radius="sm" tt="none" style={{ minWidth: 'max-content' }} data-testid="request-mode">
      {t(REQUEST_MODE_LABELS[mode])}
    </Badge>
  );
}
