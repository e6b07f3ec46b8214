import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page } from '@domain/common/list';
import type { ChargeLine, ChargeLineInput } from '@domain/billing/schema';
import type { JobMoney } from '@domain/billing/supplier-bills';
import type { ChargeCode, ChargeCodeInput, ChargeCodePatch, CustomerShipmentCharges } from '@domain/billing/charges-schema';
import { api } from '@web/lib/api';

/** The charges feature's server calls: one key root, invalidated on every write (issue 38). */
const CHARGES_KEY = ['charges'] as const;

export type StaffCharges = { lines: ChargeLine[]; totals: JobMoney[] };
export type ShipmentCharges = StaffCharges | CustomerShipmentCharges;

export const chargesQuery = (shipmentId: string) =>
  queryOptions({
    queryKey: [...CHARGES_KEY, 'shipment', shipmentId],
    queryFn: ({ signal }) => api<ShipmentCharges>(`/shipments/${encodeURIComponent(shipmentId)}/charges`, { signal }),
  });

/** The codes offered on a new line (in use), all of them in one page. */
export const activeCodesQuery = () =>
  queryOptions({
    queryKey: [...CHARGES_KEY, 'codes', 'active'],
    queryFn: ({ signal }) => api<Page<ChargeCode>>('/charge-codes', { query: { active: 'true', pageSize: MAX_PAGE_SIZE }, signal }),
    staleTime: 60_000,
  });

export const chargeCodeListQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: [...CHARGES_KEY, 'codes', 'list', q, page],
    queryFn: ({ signal }) => api<Page<ChargeCode>>('/charge-codes', { query: { q, page, pageSize: DEFAULT_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

function useChargesMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: CHARGES_KEY }) });
}

const linePath = (shipmentId: string, lineId?: string) =>
  `/shipments/${encodeURIComponent(shipmentId)}/charges${lineId ? `/${encodeURIComponent(lineId)}` : ''}`;

/** Adds (no id) or saves (with id) a line. */
export const useSaveLine = (shipmentId: string) =>
  useChargesMutation(({ id, values }: { id?: string; values: ChargeLineInput }) =>
    api<ChargeLine>(linePath(shipmentId, id), { method: id ? 'PATCH' : 'POST', body: values }),
  );

export const useRemoveLine = (shipmentId: string) => useChargesMutation((lineId: string) => api<void>(linePath(shipmentId, lineId), { method: 'DELETE' }));

/** Adds a code (no `existing`) or changes one. */
export const useSaveCode = () =>
  useChargesMutation(({ existing, values }: { existing?: string; values: ChargeCodeInput | ChargeCodePatch }) =>
    existing
      ? api<ChargeCode>(`/charge-codes/${encodeURIComponent(existing)}`, { method: 'PATCH', body: values })
      : api<ChargeCode>('/charge-codes', { body: values }),
  );
