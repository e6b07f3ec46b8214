import { z } from 'zod';
import { useNavigate, useSearch } from '@tanstack/react-router';

/** The threads page's state in the URL: "Unread only" survives a reload and a shared link. Bad values are dropped. */
export const messageSearchSchema = z.object({
  unread: z.boolean().optional().catch(undefined),
});
export type MessageSearch = z.infer<typeof messageSearchSchema>;

/** The current search and a setter that writes it into the URL (false is the default and is left out). */
export function useMessageSearch(): [MessageSearch, (next: MessageSearch) => void] {
  const search: MessageSearch = useSearch({ from: '/app/messages' });
  const navigate = useNavigate();
  const set = (next: MessageSearch) => void navigate({ to: '/messages', search: next.unread ? { unread: true } : {}, replace: true });
  return [search, set];
}
