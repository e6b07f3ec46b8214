import { sql, type SQL } from 'drizzle-orm';
import { index } from 'drizzle-orm/pg-core';

// How lists search and sort text, in one place (migration 0014, decision record 0213).

/** A trigram index on the folded text that list searches match (cargodesk_fold: accents off, lower case). */
export const trgm = (name: string, column: unknown) => index(name).using('gin', sql`cargodesk_fold(${column}) gin_trgm_ops`);

/** A name as people expect it sorted: ICU's root collation, so "anim.gif" comes before "Warehouse". */
export const collated = (column: unknown): SQL => sql`${column} collate "und-x-icu"`;

/**
 * A name sorted for its reader: Turkish order for a Turkish reader (`ılıca, Istanbul, ikitelli, İzmir`: the sort key
 * of migration 0048, the same on PostgreSQL and PGlite), ICU's root collation for everyone else.
 */
export const collatedFor = (column: unknown, locale: string): SQL =>
  locale === 'tr' || locale.startsWith('tr-') ? sql`cargodesk_sort_tr(${column}) collate "C"` : collated(column);
