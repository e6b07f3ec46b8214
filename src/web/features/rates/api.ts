/** The rate-card endpoints (issue 40): the list, a card's removal and the lookup. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Page } from '@domain/common/list';
import type { RateCard, RateCardCopy, RateLookup, RateLookupInput, RateZone, RateZoneInput } from '@domain/rates/schema';
import { api } from '@web/lib/api';

export const CARDS_PAGE_SIZE = 25;
export type CardFilters = { mode?: string; side?: string; origin?: string; destination?: string; carrier_id?: string; expiring_within?: number; page: number };

export const rateCardsQuery = (f: CardFilters) =>
  queryOptions({
    queryKey: ['rate-cards', 'list', f],
    queryFn: ({ signal }) => api<Page<RateCard>>('/rate-cards', { query: { ...f, pageSize: CARDS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export const copyRateCard = ({ id, ...body }: RateCardCopy & { id: string }) => api<RateCard>(`/rate-cards/${id}/copy`, { body });
export const deleteRateCard = (id: string) => api<void>(`/rate-cards/${id}`, { method: 'DELETE' });
export const lookupRates = (body: RateLookupInput) => api<RateLookup>('/rates/lookup', { body });

export const rateZonesQuery = () => queryOptions({ queryKey: ['rate-zones'], queryFn: ({ signal }) => api<{ rows: RateZone[] }>('/rate-zones', { signal }) });
export const saveRateZone = ({ id, ...body }: RateZoneInput & { id?: string }) =>
  id ? api<RateZone>(`/rate-zones/${id}`, { method: 'PUT', body }) : api<RateZone>('/rate-zones', { body });
export const deleteRateZone = (id: string) => api<void>(`/rate-zones/${id}`, { method: 'DELETE' });
