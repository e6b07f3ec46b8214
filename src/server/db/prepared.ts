import { parse, protocol, type PGlite } from '@electric-sql/pglite';

/**
 * A read every request makes (the session's), run as a named prepared statement (decision record 0286): the database
 * parses and plans its text once per connection, then only binds and executes it. Parameters are `$1`, `$2`, ... and
 * go as text; the statement's name must be unique to its text.
 */
export type PreparedStatement = { readonly name: string; readonly text: string };

/**
 * The embedded database's prepared reads. A `query` makes six calls into PGlite (parse, describe the statement, bind,
 * describe the portal, execute, sync) and parses and plans the text each time; this sends Parse once, then Bind,
 * Describe, Execute and Sync as one message. It waits for PGlite's transaction and query locks as `query` does, so it
 * never lands inside another caller's transaction (and must not be called from inside one).
 */
export function pglitePrepared(client: PGlite) {
  const parsed = new Set<string>();
  const { serialize } = protocol;
  return <T>(statement: PreparedStatement, params: (string | null)[]): Promise<T[]> =>
    client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const fresh = !parsed.has(statement.name);
        const parts = [
          ...(fresh ? [serialize.parse({ name: statement.name, text: statement.text })] : []),
          serialize.bind({ statement: statement.name, values: params }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ];
        const answer = await client.execProtocolStream(Buffer.concat(parts), { syncToFs: false, throwOnError: false });
        if (fresh && answer.some((m) => m.name === 'parseComplete')) parsed.add(statement.name);
        const error = answer.find((m) => m.name === 'error');
        if (error) throw error;
        await client.syncToFs();
        return (parse.parseResults(answer, client.parsers)[0]?.rows ?? []) as T[];
      }),
    );
}
