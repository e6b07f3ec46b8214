import { describe, expect, it } from 'vitest';
import { workerOnly } from './instance-role';

describe('workerOnly: a worker instance answers its health check only', () => {
  const app = (request: Request) => new Response(`app: ${new URL(request.url).pathname}`);
  const worker = (request: Request) => Promise.resolve(workerOnly(app)(request, undefined));

  it('passes /api/health through', async () => {
    expect(await (await worker(new Request('http://w/api/health'))).text()).toBe('app: /api/health');
  });

  it('answers any other path 404 without reaching the app', async () => {
    for (const path of ['/', '/signin', '/api/shipments', '/api/health/x', '/api/auth/sign-in/email']) {
      const res = await worker(new Request(`http://w${path}`, { method: path.startsWith('/api/auth') ? 'POST' : 'GET' }));
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
  });
});
