/**
 * Who reads a mail (issue 42; one query for many addresses since decision 0288), on PGlite and PostgreSQL: a contact
 * reads their company's language, whatever case or spaces their address was saved with; staff their own choice; the time
 * zone is the one of their notification choices; an unknown address reads English in UTC. The answer is keyed by the
 * addresses as given, and the lookup uses the indexes of migration 0058 rather than reading every contact.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '@tests/helpers/test-app';
import type { Database } from '@server/db/client';
import { readerOf, readersOf } from './audience';

let database: Database & { dropped: () => Promise<void> };
const MOMENT = '2026-01-05T14:30:00Z';

beforeAll(async () => {
  database = await freshDatabase({ from: 'seeded' });
  const db = database.db;
  const company = (await db.execute<{ id: string }>(sql`insert into companies (name, language) values ('Readers Test Tekstil', 'tr') returning id`)).rows[0]!.id;
  // Saved before the forms trimmed: spaces and capitals.
  await db.execute(sql`insert into customers (company_id, first_name, last_name, email, is_primary_contact) values (${company}, 'Ayşe', 'Yılmaz', '  Ayse.Yilmaz@Readers.Example ', true)`);
  await db.execute(sql`insert into notification_profiles (email, time_zone) values ('ayse.yilmaz@readers.example', 'Europe/Istanbul')`);
  await db.execute(sql`update users set language = 'tr' where email = 'import@cargodesk.test'`);
  await db.execute(sql`update users set language = null where email = 'export@cargodesk.test'`);
});
afterAll(async () => {
  await database?.dropped();
});

describe('who reads a mail', () => {
  it("answers each address as given: a contact in the company's language and time zone, staff in their own, strangers in English", async () => {
    const given = [' AYSE.YILMAZ@readers.example', 'import@cargodesk.test', 'export@cargodesk.test', 'nobody@elsewhere.example'];
    const readers = await readersOf(database.db, given);
    expect([...readers.keys()].sort()).toEqual([...given].sort());
    const ayse = readers.get(' AYSE.YILMAZ@readers.example')!;
    expect(ayse.locale).toBe('tr');
    // 14:30 UTC is 17:30 in Istanbul, written as Turkish writes it.
    expect(ayse.formats.dateTime(MOMENT)).toBe('5.01.2026 17:30');
    expect(readers.get('import@cargodesk.test')!.locale).toBe('tr');
    expect(readers.get('export@cargodesk.test')!.locale).toBe('en');
    const stranger = readers.get('nobody@elsewhere.example')!;
    expect(stranger.locale).toBe('en');
    expect(stranger.formats.dateTime(MOMENT)).toBe('05 Jan 2026, 14:30');
    // One address alone reads the same.
    expect((await readerOf(database.db, 'ayse.yilmaz@readers.example')).formats.dateTime(MOMENT)).toBe('5.01.2026 17:30');
    expect(await readersOf(database.db, [])).toEqual(new Map());
  });

  it("finds a contact through the trimmed address's index, not by reading every contact", async () => {
    // Sequential scans off, so the plan shows whether an index can answer the lookup at all (one transaction: one connection).
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const r = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain select 1 from customers cu where lower(btrim(cu.email)) = lower(btrim(${'ayse.yilmaz@readers.example'}))`);
      return r.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('customers_email_trimmed_idx');
  });
});

