import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildTemplates, type Templates } from './helpers/templates';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's template databases (tests/helpers/templates.ts). */
    apiTemplates: Templates;
  }
}

/**
 * Once per API run: when on PostgreSQL, check that the server answers, with a clear message if not; then build the
 * template databases every test file's database is copied from (decision record 0266), and drop them at the end.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'postgres') {
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
  const { templates, drop } = await buildTemplates();
  project.provide('apiTemplates', templates);
  return drop;
}
