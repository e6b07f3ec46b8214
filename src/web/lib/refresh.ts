import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * After a write, reads everything under `queryKey` again. Invalidating alone is not enough: a first read still on its
 * way (a list searched a moment before, shown meanwhile with the previous rows) is joined, not repeated, and the
 * server may have answered it before the write, so a deleted row stayed on the page. Such reads are cancelled first,
 * then every shown one is read anew.
 */
export async function refreshAfterWrite(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}
