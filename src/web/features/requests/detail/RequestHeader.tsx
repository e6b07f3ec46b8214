import type { ReactNode } from 'react';
import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClockExclamation } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { RequestDetail } from '@domain/requests/schema';
import { formatDateTime, formatDay } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { RequestModeBadge, RequestStatusBadge } from '../RequestBadges';

/** The request's header card: number, status and mode, who asked when (and, for staff, for which company), actions. */
export function RequestHeader({ request: r, staff, actions }: { request: RequestDetail; staff: boolean; actions?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="header" data-testid="request-header">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Group gap="sm" wrap="wrap">
            <Title order={1} fz={26} data-testid="request-number">
              {r.number}
            </Title>
            <RequestStatusBadge status={r.status} />
            <RequestModeBadge mode={r.mode} />
          </Group>
          <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {r.origin} → {r.destination}
          </Text>
          <Text fz="sm" c="dimmed">
            {staff ? `${r.company_name} · ` : ''}
            {r.requested_by_name
              ? t('Requested {date} by {name}', { date: formatDateTime(r.created_at), name: r.requested_by_name })
              : t('Requested {date}', { date: formatDateTime(r.created_at) })}
          </Text>
        </Stack>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Paper>
  );
}

const BANNER_LINK = { fw: 700, c: 'inherit', underline: 'always' } as const;

/** Where the shipment's link goes in the translated sentence around it. */
const LINK_SLOT = '\u0000';

/** How the request ended, when it has: the shipment it booked, the reason it was declined, an expired or cancelled quote. */
export function RequestOutcome({ request: r, staff }: { request: RequestDetail; staff: boolean }) {
  if (r.status === 'accepted' && r.shipment_id) {
    const [before, after] = t('The shipment {reference} was booked from this request and waits for approval.', { reference: LINK_SLOT }).split(LINK_SLOT);
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} title={t('Quote accepted')} data-testid="request-outcome">
        {/* The link takes the banner's text colour, underlined: the anchor blue on the teal tint is 4.34:1 (issue 37). */}
        {before}
        {staff ? (
          <Anchor renderRoot={(props) => <Link {...props} to="/shipment/$id" params={{ id: r.shipment_id! }} />} {...BANNER_LINK}>
            {r.shipment_reference}
          </Anchor>
        ) : (
          <Anchor renderRoot={(props) => <Link {...props} to="/all-shipments/$id" params={{ id: r.shipment_id! }} />} {...BANNER_LINK}>
            {r.shipment_reference}
          </Anchor>
        )}
        {after}
      </Alert>
    );
  }
  if (r.status === 'declined') {
    return (
      <Alert color="red" variant="light" icon={<IconCircleX size={18} />} title={t('Request declined')} data-testid="request-outcome">
        <Text fz="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {r.decline_reason}
        </Text>
      </Alert>
    );
  }
  if (r.status === 'expired') {
    return (
      <Alert color="orange" variant="light" icon={<IconClockExclamation size={18} />} title={t('Quote expired')} data-testid="request-outcome">
        {t('The quote was valid until {date}.', { date: formatDay(r.valid_until) })}{' '}
        {staff ? t('Save a new quote to send it again.') : t('Ask for a new one with a new request, or contact your handler.')}
      </Alert>
    );
  }
  if (r.status === 'cancelled') {
    return (
      <Alert color="gray" variant="light" icon={<IconCircleX size={18} />} title={t('Request cancelled')} data-testid="request-outcome">
        {staff ? t('The customer cancelled this request.') : t('You cancelled this request.')}
      </Alert>
    );
  }
  return null;
}
