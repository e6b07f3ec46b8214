import type { SeaportListSearch } from '@domain/seaports/schema';

/** The list's last search and page, so Back, Cancel and Save on a form return to the list the user left. */
let last: SeaportListSearch = {};

export const rememberListSearch = (search: SeaportListSearch) => {
  last = { q: search.q || undefined, page: search.page && search.page > 1 ? search.page : undefined };
};
export const lastListSearch = (): SeaportListSearch => last;
