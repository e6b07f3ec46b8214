/**
 * The floors (bench/floor.ts): a bare node:http server (FLOOR_KIND=node) or a bare Hono app on @hono/node-server
 * (FLOOR_KIND=hono) answering every request with the bytes /api/health answered (body and headers, passed in
 * FLOOR_RESPONSE as JSON); or (FLOOR_KIND=sql) a node:http server that, per request, runs a read's captured statements
 * in order on one connection of a `pg` pool the portal's size, each with a name (prepared once per connection: the
 * cheapest way through `pg`), and answers every statement's rows as JSON. No session, middleware, validation or log.
 */
import fs from 'node:fs';
import http from 'node:http';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import pg from 'pg';

type Query = { text: string; values: (string | null)[]; rowMode?: 'array' };

const port = Number(process.env.PORT);
const hostname = process.env.HOST ?? '127.0.0.1';
let server: http.Server;
let pool: pg.Pool | undefined;
if (process.env.FLOOR_KIND === 'sql') {
  const queries = JSON.parse(fs.readFileSync(process.env.FLOOR_QUERIES!, 'utf8')) as Query[];
  // A compound statement (a customer's `begin read only; select set_config(...)`) goes as the portal sends it: simple
  // protocol, unnamed. Every other statement is named.
  const configs: pg.QueryConfig[] = queries.map((q, i) =>
    q.text.includes(';') ? { text: q.text } : { name: `floor_${i}`, text: q.text, values: q.values, ...(q.rowMode ? { rowMode: q.rowMode } : {}) },
  );
  pool = new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: 20 });
  const db = pool;
  server = http.createServer((_req, res) => {
    void (async () => {
      const client = await db.connect();
      try {
        const rows: unknown[] = [];
        for (const config of configs) rows.push((await client.query(config)).rows);
        const body = JSON.stringify(rows);
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      } catch (e) {
        await client.query('rollback').catch(() => undefined);
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(e));
      } finally {
        client.release();
      }
    })();
  });
  server.listen(port, hostname);
} else {
  const { headers, body } = JSON.parse(process.env.FLOOR_RESPONSE ?? '{"headers":{},"body":""}') as { headers: Record<string, string>; body: string };
  const payload = Buffer.from(body);
  if (process.env.FLOOR_KIND === 'hono') {
    const app = new Hono();
    app.get('*', (c) => c.body(body, 200, headers));
    server = serve({ fetch: app.fetch, port, hostname }) as http.Server;
  } else {
    server = http.createServer((_req, res) => {
      res.writeHead(200, { ...headers, 'content-length': payload.length });
      res.end(payload);
    });
    server.listen(port, hostname);
  }
}
process.on('SIGTERM', () => server.close(() => void (pool?.end() ?? Promise.resolve()).then(() => process.exit(0))));
