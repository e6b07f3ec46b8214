/**
 * The database's own limit for the create scenario: a `pg` loop replays the statements the endpoint ran
 * (captured from the real app) at the same concurrency. pgbench cannot thread the new shipment's id from
 * the INSERT ... RETURNING into the event and outbox rows that follow, so this loop does it: each round
 * gets a fresh reference number, and the id the database returns replaces the captured one in every
 * later parameter (event changes, outbox key and mail body included).
 */
import pg from 'pg';
import type { CapturedQuery } from './capture';
import { summarize, type Measured } from './stats';

export type Replay = {
  queries: CapturedQuery[];
  /** The reference number and the new row's id as captured; both are replaced in every parameter. */
  reference: string;
  id?: string;
  /**
   * Values the database hands out during the transaction (S18: the series' next number) are carried over too: a
   * returned integer that differs from the captured one replaces the captured one in later parameters, exactly or as
   * a document number's six-digit sequence ('-004370').
   */
  followReturned?: boolean;
};

/** Finds the captured id: the first value of the first row returned by the INSERT into shipments. */
export function replayOf(queries: CapturedQuery[], reference: string): Replay {
  const insert = queries.find((q) => /^insert into "shipments"/i.test(q.text.trim()) && q.firstRow);
  if (!insert) throw new Error('the captured create ran no INSERT INTO shipments ... RETURNING');
  return { queries, reference, id: String(insert.firstRow![0]) };
}

const swap = (value: string | null, map: Map<string, string>, exact?: Map<string, string>): string | null => {
  if (value === null) return null;
  if (exact?.has(value)) return exact.get(value)!;
  let out = value;
  for (const [from, to] of map) out = out.split(from).join(to);
  return out;
};

const rowValues = (row: unknown): unknown[] => (Array.isArray(row) ? row : row && typeof row === 'object' ? Object.values(row) : []);

async function once(client: pg.Client, r: Replay, reference: string) {
  const map = new Map([[r.reference, reference]]);
  const exact = new Map<string, string>();
  let inTransaction = false;
  try {
    for (const q of r.queries) {
      const config: pg.QueryConfig = { text: q.text, values: q.values.map((v) => swap(v, map, exact)) };
      const res = q.rowMode ? await client.query({ ...config, rowMode: 'array' }) : await client.query(config);
      if (r.followReturned && q.firstRow) {
        const now = rowValues(res.rows[0]);
        q.firstRow.forEach((was, i) => {
          const from = String(was);
          const to = String(now[i]);
          if (/^\d{1,6}$/.test(from) && /^\d{1,6}$/.test(to) && from !== to) {
            exact.set(from, to);
            map.set(`-${from.padStart(6, '0')}`, `-${to.padStart(6, '0')}`);
          }
        });
      }
      const verb = q.text.trim().toLowerCase();
      if (verb === 'begin') inTransaction = true;
      if (verb === 'commit' || verb === 'rollback') inTransaction = false;
      if (r.id && !map.has(r.id) && q.firstRow?.map(String).includes(r.id)) {
        const row = res.rows[0] as unknown[] | Record<string, unknown>;
        const values = Array.isArray(row) ? row : Object.values(row);
        map.set(r.id, String(values[q.firstRow.map(String).indexOf(r.id)]));
      }
    }
  } catch (e) {
    if (inTransaction) await client.query('rollback').catch(() => undefined);
    throw e;
  }
}

/**
 * `clients` connections replay the captured create back to back for `seconds`; references are prefix + counter, or
 * the next of a pool (S18: the next draft to issue).
 */
export async function runReplayLoop(url: string, r: Replay, clients: number, seconds: number, prefix: string | (() => string)): Promise<Measured> {
  const latencies: number[] = [];
  let errors = 0;
  const conns = await Promise.all(
    Array.from({ length: clients }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    conns.map(async (client, w) => {
      for (let i = 0; performance.now() < end; i++) {
        const t = performance.now();
        try {
          await once(client, r, typeof prefix === 'function' ? prefix() : `${prefix}${w}-${i}`);
          latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all(conns.map((c) => c.end()));
  return summarize(latencies, errors, elapsed);
}
