import { ActionIcon, Badge, Indicator } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { t } from '@web/lib/i18n';
import { unreadCountQuery } from './message-keys';

/**
 * The sidebar's count of unread threads beside "Messages" (GET /api/threads/unread, every minute and on focus).
 * Nothing at 0 or while unknown. Its name ("3 unread") joins the link's, so the menu reads "Messages 3 unread".
 */
export function UnreadCountBadge() {
  const count = useQuery(unreadCountQuery).data?.unread ?? 0;
  if (count <= 0) return null;
  return (
    <Badge size="sm" color="red" variant="filled" circle={count < 10} role="status" aria-label={t('{count} unread', { count })} data-testid="sidebar-unread">
      {count > 99 ? '99+' : count}
    </Badge>
  );
}

/**
 * The phone header's way to the conversations: with the menu folded away, the unread count would be out of sight, so
 * the header shows it on a Messages button ("Messages, 3 unread") whenever there is something new.
 */
export function UnreadMessagesButton() {
  const count = useQuery(unreadCountQuery).data?.unread ?? 0;
  if (count <= 0) return null;
  return (
    <Indicator label={count > 99 ? '99+' : count} size={18} color="red" offset={4} data-testid="header-unread">
      <ActionIcon component={Link} to="/messages" variant="subtle" size="lg" aria-label={t('Messages, {count} unread', { count })}>
        <IconMessages size={20} />
      </ActionIcon>
    </Indicator>
  );
}
