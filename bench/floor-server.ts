/**
 * S6's floor: a bare node:http server answering every request with the bytes /api/health answered
 * (body and headers, passed in FLOOR_RESPONSE as JSON), started the same way as the portal.
 */
import http from 'node:http';

const { headers, body } = JSON.parse(process.env.FLOOR_RESPONSE ?? '{"headers":{},"body":""}') as { headers: Record<string, string>; body: string };
const payload = Buffer.from(body);
const server = http.createServer((_req, res) => {
  res.writeHead(200, { ...headers, 'content-length': payload.length });
  res.end(payload);
});
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
