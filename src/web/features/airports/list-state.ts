import type { AirportListSearch } from '@domain/airports/schema';

/** The list's last search and page, so Back, Cancel and Save on a form page return to the list the user left. */
let last: AirportListSearch = {};

export const rememberListSearch = (search: AirportListSearch) => {
  last = { q: search.q || undefined, page: search.page && search.page > 1 ? search.page : undefined };
};
export const lastListSearch = (): AirportListSearch => last;
