import type { DocumentSort } from '@domain/documents/schema';

export type SortDir = 'asc' | 'desc';
/** The sort part of the documents list's search (search.ts, whose schema this module leaves out). */
type SortSearch = { sort?: DocumentSort; dir?: SortDir };

// The documents list's sort, without the search schema: documents/api.ts reads it, and the shipment page, which shows
// documents, loads that module before anything validates (decision record 0248).

/** The sort in effect: newest first by default; a newly chosen Name or Size column starts ascending. */
export function documentSortOf(s: SortSearch): { sort: DocumentSort; dir: SortDir } {
  const sort = s.sort ?? 'created_at';
  return { sort, dir: s.dir ?? (sort === 'created_at' ? 'desc' : 'asc') };
}

/** A click on a sortable header: the same column flips its direction, another column starts at its default. */
export function toggledSort(s: SortSearch, clicked: DocumentSort): { sort: DocumentSort; dir: SortDir } {
  const current = documentSortOf(s);
  if (current.sort === clicked) return { sort: clicked, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return documentSortOf({ sort: clicked });
}
