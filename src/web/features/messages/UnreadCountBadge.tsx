import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { unreadCountQuery } from './message-keys';

/**
 * The sidebar's count of unread threads beside "Messages" (GET /api/threads/unread, every minute and on focus).
 * Nothing at 0 or while unknown. Its name ("3 unread") joins the link's, so the menu reads "Messages 3 unread".
 */
export function UnreadCountBadge() {
  const count = useQuery(unreadCountQuery).data?.unread ?? 0;
  if (count <= 0) return null;
  return (
    <Badge size="sm" color="red" variant="filled" circle={count < 10} role="status" aria-label={`${count} unread`} data-testid="sidebar-unread">
      {count > 99 ? '99+' : count}
    </Badge>
  );
}
