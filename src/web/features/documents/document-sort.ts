import type { DocumentSort } from '@domain/documents/schema';
import type { DocumentSearch, SortDir } from './search';

// The documents list's sort, without the search schema: documents/api.ts reads it, and the shipment page, which shows
// documents, loads that module before anything validates (decision record 0248).

/** The sort in effect: newest first by default; a newly chosen Name or Size column starts ascending. */
export function documentSortOf(s: DocumentSearch): { sort: DocumentSort; dir: SortDir } {
  const sort = s.sort ?? 'created_at';
  return { sort, dir: s.dir ?? (sort === 'created_at' ? 'desc' : 'asc') };
}

/** A click on a sortable header: the same column flips its direction, another column starts at its default. */
export function toggledSort(s: DocumentSearch, clicked: DocumentSort): { sort: DocumentSort; dir: SortDir } {
  const current = documentSortOf(s);
  if (current.sort === clicked) return { sort: clicked, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return documentSortOf({ sort: clicked });
}
