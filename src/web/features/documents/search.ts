import { z } from 'zod';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { DOCUMENT_SORTS } from '@domain/documents/schema';
import { FILE_TYPE_FILTERS, type FileTypeFilter } from '@domain/documents/rules';
import { MAX_SEARCH_LENGTH } from '@domain/common/list';
import type { SortDir } from './document-sort';

export type { SortDir };
const TYPE_VALUES = FILE_TYPE_FILTERS.map((f) => f.value) as [FileTypeFilter, ...FileTypeFilter[]];

/** /documents list state in the URL (search, type filter, sort, page); bad values are dropped. */
export const documentSearchSchema = z.object({
  q: z.string().max(MAX_SEARCH_LENGTH).optional().catch(undefined),
  type: z.enum(TYPE_VALUES).optional().catch(undefined),
  sort: z.enum(DOCUMENT_SORTS).optional().catch(undefined),
  dir: z.enum(['asc', 'desc']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type DocumentSearch = z.infer<typeof documentSearchSchema>;

export { documentSortOf, toggledSort } from './document-sort';

/** Whether 'Clear Filters' shows: a search or a type other than All Types. */
export const hasDocumentFilter = (s: DocumentSearch): boolean => !!s.q || (!!s.type && s.type !== 'all');

/** The current search and a setter that writes a patch into the URL (anything but a page change goes back to page 1; typing replaces the history entry). */
export function useDocumentSearch(): [DocumentSearch, (patch: Partial<DocumentSearch>) => void] {
  const search: DocumentSearch = useSearch({ from: '/app/documents' });
  const navigate = useNavigate();
  const set = (patch: Partial<DocumentSearch>) => {
    const next: Record<string, unknown> = { ...search, ...patch };
    if (!('page' in patch)) delete next.page;
    if (next.type === 'all') delete next.type;
    for (const [k, v] of Object.entries(next)) if (v === undefined || v === '' || v === null) delete next[k];
    void navigate({ to: '/documents', search: next as DocumentSearch, replace: 'q' in patch });
  };
  return [search, set];
}
