/** The import API as the API tests call it: upload, wait for the check, commit. */
import { expect } from 'vitest';
import type { Import } from '@domain/imports/schema';
import { untilSettled } from './import-wait';
import type { TestApp } from './test-app';

/** Upload, wait for the check, commit: the import API as a test calls it (`t` is read when called, after beforeAll). */
export function importClient(app: () => TestApp) {
  const upload = (cookie: string, name: string, body: string | Uint8Array, query = 'kind=shipments&mode=skip') =>
    app().request(`/api/imports?${query}`, { cookie, body, headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) } });
  /** The import once its check or commit has ended (a worker runs them, decision 0285: the app needs `background`). */
  async function settled(id: string, cookie: string): Promise<Import> {
    return untilSettled(async () => {
      const res = await app().request(`/api/imports/${id}`, { cookie });
      expect(res.status).toBe(200);
      return (await res.json()) as Import;
    });
  }
  async function checked(cookie: string, name: string, body: string | Uint8Array, query?: string): Promise<Import> {
    const res = await upload(cookie, name, body, query);
    expect(res.status, await res.clone().text()).toBe(202);
    const started = (await res.json()) as Import;
    expect(['validating', 'ready', 'invalid']).toContain(started.status);
    return settled(started.id, cookie);
  }
  async function committed(cookie: string, id: string): Promise<Import> {
    const res = await app().request(`/api/imports/${id}/commit`, { cookie, method: 'POST' });
    expect(res.status, await res.clone().text()).toBe(202);
    return settled(id, cookie);
  }
  return { upload, settled, checked, committed };
}
