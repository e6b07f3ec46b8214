import pg from 'pg';

/** When the API suite runs on PostgreSQL, check once that the server answers, with a clear message if not. */
export default async function setup() {
  if (process.env.TEST_DB !== 'postgres') return;
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (e) {
    throw new Error(`Cannot reach TEST_DATABASE_URL (${url}): ${(e as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}
