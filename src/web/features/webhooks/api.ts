import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Webhook, WebhookDeliveryList, WebhookInput, WebhookList, WebhookUpdate, WebhookWithSecret } from '@domain/webhooks/schema';
import { refreshAfterWrite } from '@web/lib/refresh';
import { api } from '@web/lib/api';

const KEY = ['webhooks'] as const;
const one = (id: string) => `/webhooks/${encodeURIComponent(id)}`;

export const useWebhooks = () => useQuery({ queryKey: KEY, queryFn: ({ signal }) => api<WebhookList>('/webhooks', { signal }) });

/** A subscription's delivery log; refreshed every few seconds while open, so new deliveries and retries show. */
export const useDeliveries = (id: string) =>
  useQuery({ queryKey: [...KEY, id, 'deliveries'], queryFn: ({ signal }) => api<WebhookDeliveryList>(`${one(id)}/deliveries`, { signal }), refetchInterval: 5000 });

function useInvalidating<A, R>(fn: (a: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => refreshAfterWrite(queryClient, KEY) });
}

export const useCreateWebhook = () => useInvalidating((input: WebhookInput) => api<WebhookWithSecret>('/webhooks', { body: input }));
export const useUpdateWebhook = () => useInvalidating(({ id, ...body }: WebhookUpdate & { id: string }) => api<Webhook>(one(id), { method: 'PATCH', body }));
export const useDeleteWebhook = () => useInvalidating((id: string) => api<void>(one(id), { method: 'DELETE' }));
export const useRotateSecret = () => useInvalidating((id: string) => api<WebhookWithSecret>(`${one(id)}/secret`, { body: {} }));
export const useReplay = () =>
  useInvalidating(({ id, deliveryId }: { id: string; deliveryId: string }) => api<{ id: string }>(`${one(id)}/deliveries/${encodeURIComponent(deliveryId)}/replay`, { body: {} }));
