/**
 * S6's floors: a bare node:http server (FLOOR_KIND=node) or a bare Hono app on @hono/node-server (FLOOR_KIND=hono)
 * answering every request with the bytes /api/health answered (body and headers, passed in FLOOR_RESPONSE as JSON).
 */
import http from 'node:http';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';

const { headers, body } = JSON.parse(process.env.FLOOR_RESPONSE ?? '{"headers":{},"body":""}') as { headers: Record<string, string>; body: string };
const payload = Buffer.from(body);
const port = Number(process.env.PORT);
const hostname = process.env.HOST ?? '127.0.0.1';
let server: http.Server;
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
process.on('SIGTERM', () => server.close(() => process.exit(0)));
