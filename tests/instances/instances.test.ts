/**
 * More than one machine, proven (issue 44, decision 0282): two `web` instances and one `worker` of the built portal
 * on one PostgreSQL database, one S3-compatible store (s3rver) and, when it answers, one Redis, behind a small
 * round-robin proxy as a load balancer would put them. A working day through the proxy: signed in on one instance,
 * read on the other; a paper uploaded on one, downloaded on the other; a mail written by a web instance waits for
 * the workers; two workers start together and deliver it, a daily digest, a checklist reminder and a webhook each once;
 * a worker answers its health check only; an import uploaded through a web instance is checked and committed by a
 * worker; sign-in limits count across instances. Then one web instance is killed in
 * the middle of a load: every write it acknowledged is in the database, and the other keeps answering.
 */
import http from 'node:http';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpsReceiver } from '../helpers/https-receiver';
import { smtpPeer } from '../helpers/smtp-peer';
import { createShipment, demoContext, query, serverErrors, sleep, startPortal, tempDir, throwAwayDatabase, until, uploadPdf, type Portal } from '../reliability/harness';
import { signIn } from '../../bench/session';

const BASE = Number(process.env.INSTANCES_PORT ?? 3460);
const SECRET = 'instances-test-secret-0123456789abcdef';
let database: Awaited<ReturnType<typeof throwAwayDatabase>>;
let s3: S3rver;
let s3Dir: string;
const received: { key: string; to: string }[] = [];
const peer = smtpPeer((m) => {
  const key = /^X-Idempotency-Key: *(.+)$/im.exec(m.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' '))?.[1]?.trim() ?? '';
  for (const to of m.to) received.push({ key, to: to.toLowerCase() });
});
const portals: Portal[] = [];
let proxy: http.Server;
const proxyUrl = `http://127.0.0.1:${BASE}`;
let env: Record<string, string>;
let hooks: Awaited<ReturnType<typeof httpsReceiver>>;

/** Round-robin over the web instances; a GET that finds its instance gone is tried on the next, as a balancer does. */
function startProxy(upstreams: number[]): Promise<http.Server> {
  let next = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (left: number) => {
        const port = upstreams[next++ % upstreams.length]!;
        const out = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': String(port) });
          answer.pipe(res);
        });
        out.on('error', () => {
          if (req.method === 'GET' && left > 1) attempt(left - 1);
          else if (!res.headersSent) res.writeHead(502).end();
          else res.destroy();
        });
        out.end(body);
      };
      attempt(upstreams.length);
    });
  });
  return new Promise((resolve) => server.listen(BASE, '127.0.0.1', () => resolve(server)));
}

const redisAnswers = () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(6379, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

const start = (offset: number, role: 'web' | 'worker', seedDemo: boolean) =>
  startPortal({ port: BASE + offset, dataDir: tempDir(`instances-${role}`), databaseUrl: database.url, seedDemo, env: { ...env, INSTANCE_ROLE: role } });

beforeAll(async () => {
  database = await throwAwayDatabase();
  s3Dir = tempDir('instances-s3');
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir });
  const { port: s3Port } = await s3.run();
  const bucket = `documents-${randomBytes(4).toString('hex')}`;
  const client = new S3Client({ region: 'us-east-1', endpoint: `http://127.0.0.1:${s3Port}`, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  const smtpPort = await peer.listen();
  hooks = await httpsReceiver(s3Dir);
  env = {
    AUTH_SECRET: SECRET,
    PUBLIC_URL: proxyUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    S3_BUCKET: bucket, S3_ENDPOINT: `http://127.0.0.1:${s3Port}`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true',
    ...((await redisAnswers()) ? { REDIS_URL: 'redis://127.0.0.1:6379' } : {}),
    // Webhooks go over https only in production: the receiver's own certificate, and its address allowed.
    NODE_EXTRA_CA_CERTS: hooks.certFile,
    WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
  };
  // Both start together on the empty database: one migrates and seeds the demo while the other waits (the start-up lock).
  portals.push(...(await Promise.all([start(1, 'web', true), start(2, 'web', true)])));
  proxy = await startProxy([BASE + 1, BASE + 2]);
});

afterAll(async () => {
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  for (const p of portals) await p.stop().catch(() => undefined);
  await peer.close();
  await hooks?.close();
  await s3?.close();
  await rm(s3Dir, { recursive: true, force: true });
  await database?.drop();
});

describe('two web instances and two workers on one database', () => {
  it('serve one working day: a session, a paper and a mail cross instances; the workers alone send, each thing once', async () => {
    // Started together, they migrated and seeded once: one demo company, each migration recorded once.
    expect(await query(database.url, `select count(*)::int as n from companies where name = 'Anatolia Textiles Ltd'`)).toEqual([{ n: 1 }]);
    expect(await query(database.url, 'select count(*)::int - count(distinct hash)::int as twice from drizzle.__drizzle_migrations')).toEqual([{ twice: 0 }]);
    const { cookie, companyId } = await demoContext(proxyUrl);
    // Signed in on one instance, read on both.
    const seen = new Map<string, number>();
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${proxyUrl}/api/shipments?pageSize=1`, { headers: { cookie } });
      expect(res.status).toBe(200);
      const upstream = res.headers.get('x-upstream')!;
      seen.set(upstream, ((await res.json()) as { total: number }).total);
    }
    expect([...seen.keys()].sort()).toEqual([String(BASE + 1), String(BASE + 2)]);
    expect(new Set(seen.values()).size).toBe(1);

    // A paper uploaded through one instance is downloaded through the other (the shared store).
    const uploaded = await uploadPdf(proxyUrl, cookie, 'two-instances.pdf');
    expect(uploaded.status, uploaded.error).toBe(201);
    const bodies: string[] = [];
    const from = new Set<string>();
    const link = await fetch(`${proxyUrl}/api/documents/${encodeURIComponent(uploaded.name!)}/link`, { headers: { cookie } });
    expect(link.status).toBe(200);
    const { url } = (await link.json()) as { url: string };
    for (let i = 0; i < 2; i++) {
      const file = await fetch(new URL(url, proxyUrl), { headers: { cookie } });
      expect(file.status).toBe(200);
      from.add(file.headers.get('x-upstream')!);
      bodies.push(Buffer.from(await file.arrayBuffer()).subarray(0, 5).toString());
    }
    expect(from.size).toBe(2);
    expect(bodies).toEqual(['%PDF-', '%PDF-']);

    // A customer's request writes the handlers' mail; no web instance sends it.
    const customer = await signIn(proxyUrl, 'customer@cargodesk.test');
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const request = await fetch(`${proxyUrl}/api/requests`, {
      method: 'POST',
      headers: { cookie: customer, origin: proxyUrl, 'content-type': 'application/json' },
      body: JSON.stringify({
        mode: 'air', direction: 'export', origin_airport: 'IST', origin_city: 'Istanbul', origin_country: 'Turkey', destination_airport: 'FRA',
        destination_city: 'Frankfurt', destination_country: 'Germany', cargo_ready_date: day, incoterm: 'FCA', incoterm_place: 'Istanbul',
        cargo_description: 'Two instances', weight_gross: 100, pieces: [{ count: 1, length: 100, width: 80, height: 60, unit: 'cm', weight: 100 }],
      }),
    });
    expect(request.status, await request.clone().text()).toBe(201);
    const { id } = (await request.json()) as { id: string };
    const key = `request-new:${id}:export@cargodesk.test`;
    await sleep(3_000);
    expect(await query(database.url, 'select status from outbox where idempotency_key = $1', [key])).toEqual([{ status: 'pending' }]);
    expect(received.filter((m) => m.key === key)).toEqual([]);

    // Work the workers find waiting when they start: a daily digest line, a checklist item due tomorrow, a webhook.
    const today = new Date().toISOString().slice(0, 10);
    await query(database.url, `insert into notification_profiles (email, digest_hour, time_zone) values ('customer@cargodesk.test', 0, 'UTC')
      on conflict (email) do update set digest_hour = 0, time_zone = 'UTC'`);
    await query(database.url, `insert into notification_digest_items (email, event, title, detail, url)
      values ('customer@cargodesk.test', 'status_changed', 'TWO-WORKERS', 'a line for the digest', $1)`, [proxyUrl]);
    const [due] = await query<{ shipment_id: string }>(database.url, `
      with s as (select id from shipments where company_id = $1 and status not in ('delivered', 'completed') order by reference_number limit 1),
      moved as (update shipments set estimated_departure = now() + interval '1 day' where id = (select id from s) returning id)
      update shipment_checklist_items set required = true, provider = 'customer', document_name = null, anchor = 'departure',
        offset_days = 0, reminded_for = null
      where id = (select id from shipment_checklist_items where shipment_id = (select id from moved) order by position limit 1)
      returning shipment_id::text`, [companyId]);
    expect(due, 'a demo shipment with a checklist').toBeDefined();
    const hook = await fetch(`${proxyUrl}/api/webhooks`, {
      method: 'POST', headers: { cookie, origin: proxyUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${hooks.url}/two-workers`, events: ['shipment_created'] }),
    });
    expect(hook.status, await hook.clone().text()).toBe(201);
    const hooked = await createShipment(proxyUrl, cookie, companyId, 'TWO-HOOK');
    expect(hooked.status, hooked.error).toBe(201);
    // An import uploaded through a web instance waits for a worker to check it (decision 0285).
    const upload = await fetch(`${proxyUrl}/api/imports?kind=companies&mode=skip`, {
      method: 'POST',
      headers: { cookie, origin: proxyUrl, 'content-type': 'application/octet-stream', 'x-file-name': 'two-instances.csv' },
      body: 'Company Name,First Name,Last Name,Email\r\nTwo Instances Imports Ltd,Ada,Worker,ada@two-instances.example\r\n',
    });
    expect(upload.status, await upload.clone().text()).toBe(202);
    const imported = ((await upload.json()) as { id: string }).id;
    await sleep(1_000);
    expect(hooks.received).toEqual([]);
    expect(await query(database.url, 'select status from imports where id = $1', [imported])).toEqual([{ status: 'validating' }]);

    // Two workers start together: each mail, the digest, the reminder and the webhook go out once; a worker answers
    // its health check and nothing else.
    const workers = await Promise.all([start(3, 'worker', true), start(4, 'worker', true)]);
    portals.push(...workers);
    const digestKey = `digest:customer@cargodesk.test:${today}`;
    await until(async () => received.some((m) => m.key === key), 30_000, 'the workers to send the request mail');
    await until(async () => received.some((m) => m.key === digestKey), 30_000, 'the workers to send the digest');
    await until(async () => hooks.received.some((r) => r.body.includes(hooked.id!)), 30_000, 'the workers to deliver the webhook');
    await until(
      async () => (await query(database.url, 'select 1 from shipment_checklist_items where shipment_id = $1 and reminded_for is not null', [due!.shipment_id])).length > 0,
      30_000, 'the workers to remind of the checklist item',
    );
    await sleep(3_000);
    expect(received.filter((m) => m.key === key)).toEqual([{ key, to: 'export@cargodesk.test' }]);
    expect(received.filter((m) => m.key === digestKey)).toEqual([{ key: digestKey, to: 'customer@cargodesk.test' }]);
    const sent = received.map((m) => `${m.key} ${m.to}`);
    expect(sent.filter((m, i) => sent.indexOf(m) !== i), 'mails sent twice').toEqual([]);
    const hookIds = hooks.received.filter((r) => r.body.includes(hooked.id!)).map((r) => r.headers['webhook-id']);
    expect(hookIds).toHaveLength(1);
    // The reminder reached each of the company's contacts once, as a mail or as a line of their digest.
    const reminded = await query<{ email: string; n: number }>(database.url, `
      select email, count(*)::int as n from notification_digest_items where event = 'checklist_due' and shipment_id = $1 group by email order by email`, [due!.shipment_id]);
    const reminderMails = received.filter((m) => m.key.startsWith(`checklist-due:${due!.shipment_id}:`));
    expect(reminded.length + reminderMails.length, 'the checklist reminder').toBeGreaterThan(0);
    expect(reminded.filter((r) => r.n > 1)).toEqual([]);
    // The import: checked by a worker, committed through the web instances while both answer, written once.
    const importState = async () => {
      const res = await fetch(`${proxyUrl}/api/imports/${imported}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      return { status: ((await res.json()) as { status: string }).status, upstream: res.headers.get('x-upstream')! };
    };
    await until(async () => (await importState()).status === 'ready', 30_000, 'a worker to check the import');
    const commit = await fetch(`${proxyUrl}/api/imports/${imported}/commit`, { method: 'POST', headers: { cookie, origin: proxyUrl } });
    expect(commit.status, await commit.clone().text()).toBe(202);
    // Both web instances answer right after the commit is accepted, while the worker has it (two reads: the proxy takes
    // turns), and on until it is written; a one-row import can be written before a slower poll comes round.
    const answeredBy = new Set<string>();
    for (let i = 0; i < 2; i++) answeredBy.add((await importState()).upstream);
    await until(async () => {
      const state = await importState();
      answeredBy.add(state.upstream);
      return state.status === 'committed';
    }, 30_000, 'a worker to commit the import');
    expect(answeredBy.size).toBe(2);
    expect(await query(database.url, `select count(*)::int as n from companies where name = 'Two Instances Imports Ltd'`)).toEqual([{ n: 1 }]);
    expect(await query(database.url, `select name, state from pgboss.job where data->>'importId' = $1 order by name`, [imported])).toEqual([
      { name: 'import-check', state: 'completed' },
      { name: 'import-commit', state: 'completed' },
    ]);
    for (const worker of workers) {
      expect((await fetch(`${worker.url}/api/health`)).status).toBe(200);
      expect((await fetch(`${worker.url}/api/shipments`, { headers: { cookie } })).status).toBe(404);
    }

    // Sign-in limits are shared: three wrong passwords for one e-mail, spread over both instances, and the fourth is refused.
    const email = `limits-${randomBytes(4).toString('hex')}@example.com`;
    const tries: [number, string][] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${proxyUrl}/api/auth/sign-in/email`, {
        method: 'POST', headers: { 'content-type': 'application/json', origin: proxyUrl }, body: JSON.stringify({ email, password: 'wrong-password' }),
      });
      tries.push([res.status, res.headers.get('x-upstream')!]);
    }
    expect(tries.map(([status]) => status)).toEqual([401, 401, 401, 429]);
    expect(new Set(tries.map(([, upstream]) => upstream)).size).toBe(2);

    // Writes go on while one web instance is killed: each acknowledged one is kept; the other instance answers on.
    const writes = Array.from({ length: 30 }, async (_, i) => {
      await sleep(i * 40);
      return createShipment(proxyUrl, cookie, companyId, `TWO-${i}`);
    });
    await sleep(500);
    process.kill(portals[0]!.realPid, 'SIGKILL');
    const outcomes = await Promise.all(writes);
    const acknowledged = outcomes.filter((o) => o.id).map((o) => o.id!);
    expect(acknowledged.length).toBeGreaterThan(10);
    const stored = await query<{ id: string }>(database.url, 'select id from shipments where id = any($1::uuid[]) order by id', [acknowledged]);
    expect(stored.map((r) => r.id)).toEqual([...acknowledged].sort());
    for (let i = 0; i < 6; i++) expect((await fetch(`${proxyUrl}/api/shipments?pageSize=1`, { headers: { cookie } })).status).toBe(200);
    expect([...serverErrors(portals[1]!), ...workers.flatMap(serverErrors)]).toEqual([]);
  });
});
