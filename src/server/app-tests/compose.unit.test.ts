import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { envSchema, loadConfig } from '@server/config';

// Issue 19: the container image and the compose file. No Docker engine runs on the development machines, so what can
// be checked without one is checked here: the files parse, the portal's variables are ones the config knows, and the
// config the compose file gives the portal loads (PostgreSQL, S3-compatible storage, SMTP). Not run: building the
// image and starting the services (see the README).

const root = path.resolve(__dirname, '../../..');
type Service = { image?: string; build?: string; environment?: Record<string, string>; depends_on?: Record<string, unknown>; healthcheck?: unknown; deploy?: { replicas?: number } };
// Merge keys (`<<: *portal-environment`) as compose reads them.
const compose = parse(fs.readFileSync(path.join(root, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
  configs: Record<string, { content?: string }>;
};

/** What the operator sets before `docker compose up` (the file's start line). */
const GIVEN: Record<string, string> = { AUTH_SECRET: 'x'.repeat(64), MINIO_ROOT_PASSWORD: 'm'.repeat(48) };
/** Compose's ${VAR:-default} and ${VAR:?message} with VAR unset, as `docker compose config` would fill them (GIVEN set). */
const interpolate = (value: string) =>
  value.replace(/\$\{(\w+):([-?])([^}]*)\}/g, (_, name: string, kind: string, rest: string) => GIVEN[name] ?? (kind === '-' ? rest : ''));

describe('compose.yaml', () => {
  it('runs two web replicas and a worker behind a proxy, beside PostgreSQL, Redis, an S3-compatible store and a mail catcher (issue 44)', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['mailpit', 'minio', 'minio-bucket', 'postgres', 'proxy', 'redis', 'web', 'worker']);
    expect(compose.services.web!.build).toBe('.');
    expect(compose.services.worker!.build).toBe('.');
    expect(compose.services.web!.deploy?.replicas).toBe(2);
    expect(compose.services.postgres!.healthcheck).toBeDefined();
    for (const s of ['web', 'worker']) expect(Object.keys(compose.services[s]!.depends_on ?? {}).sort()).toEqual(['mailpit', 'minio-bucket', 'postgres', 'redis']);
    // The proxy takes the web replicas by Docker's DNS name and the portal's port, round-robin.
    expect(compose.configs.caddyfile!.content).toMatch(/dynamic a \{\s*name web\s*port 3000/);
    expect(compose.configs.caddyfile!.content).toMatch(/lb_policy round_robin/);
  });

  it.each([
    ['web', 'web'],
    ['worker', 'worker'],
  ] as const)("gives the %s service only variables the config knows, and a configuration that loads", (service, role) => {
    const env = Object.fromEntries(Object.entries(compose.services[service]!.environment ?? {}).map(([k, v]) => [k, interpolate(String(v))]));
    const known = Object.keys(envSchema.shape);
    expect(Object.keys(env).filter((k) => !known.includes(k))).toEqual([]);
    const config = loadConfig(env);
    expect(config.role).toBe(role);
    expect(config.redisUrl).toBe('redis://redis:6379');
    expect(config.trustProxy).toBe(true);
    expect(config.databaseUrl).toBe('postgres://cargodesk:cargodesk@postgres:5432/cargodesk');
    expect(config.s3).toMatchObject({ bucket: 'cargodesk-documents', endpoint: 'http://minio:9000', forcePathStyle: true });
    expect(config.smtpUrl).toBe('smtp://mailpit:1025');
    expect(config.publicUrl).toBe('http://localhost:3000');
    // AUTH_SECRET is required with DATABASE_URL: compose refuses to start without it (${AUTH_SECRET:?...}).
    expect(String(compose.services[service]!.environment!.AUTH_SECRET)).toMatch(/^\$\{AUTH_SECRET:\?/);
    expect(config.s3).toMatchObject({ accessKeyId: 'cargodesk', secretAccessKey: GIVEN.MINIO_ROOT_PASSWORD });
  });

  it('pins every image to a release (issue 37)', () => {
    const images = Object.values(compose.services).flatMap((s) => (s.image ? [s.image] : []));
    expect(images.length).toBe(6);
    // A tag with a minor version or a dated release, or a digest; never none, `latest` or a bare major version.
    for (const image of images) expect(image).toMatch(/(:(v?\d+\.\d+[\w.-]*|RELEASE\.[\w-]+)|@sha256:[0-9a-f]{64})$/);
  });

  it('takes MinIO’s keys from the environment: no secret is written in the file (issue 37)', () => {
    const text = fs.readFileSync(path.join(root, 'compose.yaml'), 'utf8');
    expect(text).not.toMatch(/cargodesk-minio-secret/);
    const minio = compose.services.minio!.environment!;
    expect(minio.MINIO_ROOT_PASSWORD).toMatch(/^\$\{MINIO_ROOT_PASSWORD:\?/);
    for (const s of ['web', 'worker']) {
      expect(compose.services[s]!.environment!.S3_SECRET_ACCESS_KEY).toBe(minio.MINIO_ROOT_PASSWORD);
      expect(compose.services[s]!.environment!.S3_ACCESS_KEY_ID).toBe(minio.MINIO_ROOT_USER);
    }
    expect(compose.services['minio-bucket']!.environment).toEqual(minio);
  });
});

describe('Dockerfile', () => {
  const text = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  it('builds on Node 24 slim and runs the production bundle as an unprivileged user with a health check', () => {
    expect(text).toMatch(/^FROM node:24-slim AS build$/m);
    expect(text).toMatch(/^FROM node:24-slim$/m);
    expect(text).toMatch(/^USER node$/m);
    expect(text).toMatch(/^HEALTHCHECK .*\n.*\/api\/health/m);
    expect(text).toMatch(/^CMD \["node", "dist\/server\/main.mjs"\]$/m);
    expect(text).toMatch(/NODE_ENV=production/);
  });
});
