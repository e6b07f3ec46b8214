/**
 * /api/jobs (issue 44, decision record 0285): admins see each job's queue and its failures, run a job now (its run and
 * audit row in one transaction) and retry a failed run; no one else may.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobsOverview } from '@domain/jobs/schema';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';

let t: TestApp;
let admin: string;
let exportUser: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@cargodesk.test');
  exportUser = await t.signIn('export@cargodesk.test');
});
afterAll(async () => t?.close());

const overview = async () => {
  const res = await t.request('/api/jobs', { cookie: admin });
  expect(res.status).toBe(200);
  return (await res.json()) as JobsOverview;
};
const audits = async (action: string) =>
  (await t.db.execute<{ target: string }>(sql`select target from audit_log where action = ${action} order by created_at, id`)).rows.map((r) => r.target);

describe('/api/jobs', () => {
  it('lists every job, those this portal runs as active, with nothing failed yet', async () => {
    const { queues, failures } = await overview();
    expect(queues.map((q) => q.name)).toEqual([
      'daily-digests', 'quote-expiry-warnings', 'checklist-reminders', 'overdue-invoice-reminders', 'orphan-sweep', 'rate-limit-prune', 'digest-prune', 'ecb-rates',
      'import-check', 'import-commit',
    ]);
    // The test app runs no digests loop and has no ECB_RATES_URL: those jobs are not set up.
    expect(queues.filter((q) => q.active).map((q) => q.name)).toEqual(['orphan-sweep', 'rate-limit-prune', 'digest-prune', 'import-check', 'import-commit']);
    expect(failures).toEqual([]);
  });

  it('runs a job now once: a second run while one waits is a 409 and leaves no audit row', async () => {
    const first = await t.request('/api/jobs/rate-limit-prune/run', { method: 'POST', cookie: admin });
    expect(first.status).toBe(202);
    const { id } = (await first.json()) as { id: string };
    const second = await t.request('/api/jobs/rate-limit-prune/run', { method: 'POST', cookie: admin });
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: { message: string } }).error.message).toBe('A run of this job is already waiting.');
    expect(await audits('settings.job_run')).toEqual(['rate-limit-prune']);
    const waiting = (await overview()).queues.find((q) => q.name === 'rate-limit-prune');
    expect(waiting).toMatchObject({ waiting: 1, running: 0, failed: 0 });
    const row = await t.db.execute<{ state: string }>(sql`select state from pgboss.job where id = ${id}`);
    expect(row.rows).toEqual([{ state: 'created' }]);
  });

  it('refuses a job this portal does not run, and one that runs when its work arrives', async () => {
    const res = await t.request('/api/jobs/ecb-rates/run', { method: 'POST', cookie: admin });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('This job is not set up on this portal.');
    const check = await t.request('/api/jobs/import-check/run', { method: 'POST', cookie: admin });
    expect(check.status).toBe(409);
    expect(((await check.json()) as { error: { message: string } }).error.message).toBe('This job runs when its work arrives, not by hand.');
  });

  it('lists a failed run with its error and retries it', async () => {
    const boss = await t.housekeeping.boss();
    const id = (await boss.send('digest-prune', null, { retryLimit: 0 }))!;
    const [job] = await boss.fetch('digest-prune');
    expect(job?.id).toBe(id);
    await boss.fail('digest-prune', id, new Error('relation "digests" is locked'));
    const { queues, failures } = await overview();
    expect(queues.find((q) => q.name === 'digest-prune')).toMatchObject({ failed: 1, waiting: 0 });
    expect(failures).toEqual([{ id, name: 'digest-prune', failed_at: expect.any(String), attempts: 1, error: 'relation "digests" is locked' }]);

    expect((await t.request(`/api/jobs/digest-prune/${id}/retry`, { method: 'POST', cookie: exportUser })).status).toBe(403);
    expect((await t.request(`/api/jobs/rate-limit-prune/${id}/retry`, { method: 'POST', cookie: admin })).status).toBe(404);
    expect((await t.request(`/api/jobs/digest-prune/${id}/retry`, { method: 'POST', cookie: admin })).status).toBe(204);
    expect((await overview()).failures).toEqual([]);
    expect((await t.db.execute<{ state: string }>(sql`select state from pgboss.job where id = ${id}`)).rows).toEqual([{ state: 'retry' }]);
    expect(await audits('settings.job_retried')).toEqual(['digest-prune']);
    // Retried once: it is no longer a failed run.
    expect((await t.request(`/api/jobs/digest-prune/${id}/retry`, { method: 'POST', cookie: admin })).status).toBe(404);
  });
});
