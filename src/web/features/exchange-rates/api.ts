/** The exchange-rate endpoints (issue 38): the list, the ECB file upload, a manual rate and a conversion. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Page } from '@domain/common/list';
import type { ConversionAnswer, EcbImportResult, ExchangeRate, ManualRateInput } from '@domain/money/exchange-schema';
import { api } from '@web/lib/api';

export const RATES_PAGE_SIZE = 25;
export type RateFilters = { currency?: string; source?: 'ECB' | 'MANUAL'; from?: string; to?: string; page: number };

export const ratesQuery = (f: RateFilters) =>
  queryOptions({
    queryKey: ['exchange-rates', 'list', f],
    queryFn: ({ signal }) => api<Page<ExchangeRate>>('/exchange-rates', { query: { ...f, pageSize: RATES_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

/** POST /exchange-rates/ecb: the file's bytes as they are (the server reads the XML). */
export const uploadEcbFile = (file: Blob) => api<EcbImportResult>('/exchange-rates/ecb', { body: file });
export const enterRate = (body: ManualRateInput) => api<ExchangeRate>('/exchange-rates', { body });
export const convert = (q: { amount: string; from: string; to: string; on: string; source: 'ECB' | 'MANUAL' }, signal?: AbortSignal) =>
  api<ConversionAnswer>('/exchange-rates/convert', { query: q, signal });
