import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { airports, seaports } from '../schema';
import airportRows from './data/airports.json' with { type: 'json' };
import seaportRows from './data/seaports.json' with { type: 'json' };

async function insertInChunks<T extends Record<string, unknown>>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

/** Real airports (OurAirports) and sea ports (UN/LOCODE), loaded once when their tables are empty. */
export async function seedReferenceData(db: Db): Promise<{ airports: number; seaports: number }> {
  const count = async (table: 'airports' | 'seaports') =>
    Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`)).rows[0]?.n ?? 0);
  let a = 0;
  let s = 0;
  if ((await count('airports')) === 0) {
    await insertInChunks(airportRows as (typeof airports.$inferInsert)[], (chunk) =>
      db.insert(airports).values(chunk).onConflictDoNothing(),
    );
    a = airportRows.length;
  }
  if ((await count('seaports')) === 0) {
    await insertInChunks(seaportRows as (typeof seaports.$inferInsert)[], (chunk) =>
      db.insert(seaports).values(chunk).onConflictDoNothing(),
    );
    s = seaportRows.length;
  }
  return { airports: a, seaports: s };
}
