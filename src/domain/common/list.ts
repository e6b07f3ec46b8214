/**
 * Lists' sizes, pages and search patterns without their query schema (decision record 0283): pages that only show a
 * page of rows load no zod. `list-schema.ts` re-exports all of it for the server and the search forms.
 */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 200;

export type Page<T> = { rows: T[]; total: number; page: number; pageSize: number };

/** 'Showing X to Y of Z results' (spec section 2): the 1-based range of the rows on this page. */
export function showingRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from: Math.min(from, total), to: Math.min(page * pageSize, total) };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Escapes LIKE metacharacters so a search for `50%_off\` matches those characters literally. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Websites without http(s) get https:// when linked (spec section 5). */
export function websiteHref(website: string): string {
  const w = website.trim();
  return /^https?:\/\//i.test(w) ? w : `https://${w}`;
}
