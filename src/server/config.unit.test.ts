import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for the embedded mode', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir).toMatch(/data$/);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.seedDemo).toBe(true);
    expect(c.logLevel).toBe('info');
  });
  it('follows PORT in the default public address and reads booleans', () => {
    const c = loadConfig({ PORT: '4100', SEED_DEMO: 'false', TRUST_PROXY: '1' });
    expect(c.publicUrl).toBe('http://localhost:4100');
    // Opened by any of its addresses (http://127.0.0.1:4100, http://192.168.1.20:4100), the request's own origin is
    // trusted; with PUBLIC_URL only it and ALLOWED_ORIGINS are (issue 19).
    expect(c.sameOrigin).toBe(true);
    const fixed = loadConfig({ PUBLIC_URL: 'https://portal.example.com', ALLOWED_ORIGINS: ' https://cargo.example.com/ , http://10.0.0.5:3000' });
    expect(fixed.sameOrigin).toBe(false);
    expect(fixed.allowedOrigins).toEqual(['https://cargo.example.com', 'http://10.0.0.5:3000']);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'not an address' })).toThrow(/ALLOWED_ORIGINS/);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'ftp://files.example.com' })).toThrow(/ALLOWED_ORIGINS/);
    expect(c.seedDemo).toBe(false);
    expect(c.trustProxy).toBe(true);
  });
  it('names the variable of a bad value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });
  it('requires AUTH_SECRET with DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db' })).toThrow(/AUTH_SECRET: required when DATABASE_URL is set/);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', AUTH_SECRET: 'x'.repeat(32) }).databaseUrl).toBe('postgres://u@h/db');
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
  });
  it('runs as web, worker or both, the two alone on a PostgreSQL server only (issue 44)', () => {
    expect(loadConfig({}).role).toBe('both');
    const shared = { DATABASE_URL: 'postgres://u@h/db', AUTH_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...shared, INSTANCE_ROLE: 'web' }).role).toBe('web');
    expect(loadConfig({ ...shared, INSTANCE_ROLE: 'worker' }).role).toBe('worker');
    expect(() => loadConfig({ INSTANCE_ROLE: 'worker' })).toThrow(/INSTANCE_ROLE: worker needs DATABASE_URL/);
    expect(() => loadConfig({ ...shared, INSTANCE_ROLE: 'cron' })).toThrow(/INSTANCE_ROLE/);
  });
  it('stores documents locally unless S3_BUCKET is set, and wants both S3 keys or neither', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'documents', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' }).s3).toEqual({
      bucket: 'documents',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: true,
    });
    expect(() => loadConfig({ S3_BUCKET: 'documents', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_BUCKET: 'documents', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });

  it('shares rate limits through Redis only when REDIS_URL is set', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(() => loadConfig({ REDIS_URL: 'not a url' })).toThrow(/REDIS_URL/);
  });

  it('requires the {container} placeholder in TRACKING_EMBED_URL', () => {
    expect(() => loadConfig({ TRACKING_EMBED_URL: 'https://t.example/embed' })).toThrow(/TRACKING_EMBED_URL/);
    expect(loadConfig({ TRACKING_EMBED_URL: 'https://t.example/embed?c={container}' }).trackingEmbedUrl).toContain('{container}');
  });
  it('keeps the auth rate limits on unless a loopback load test switches them off explicitly', () => {
    expect(loadConfig({}).rateLimits).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).rateLimits).toBe(true);
    // Only the exact value, only on a loopback address, never behind a proxy.
    expect(() => loadConfig({ RATE_LIMITS_OFF_FOR_LOAD_TEST: 'true', HOST: '127.0.0.1' })).toThrow(/RATE_LIMITS_OFF_FOR_LOAD_TEST/);
    expect(() => loadConfig({ RATE_LIMITS_OFF_FOR_LOAD_TEST: 'yes' })).toThrow(/RATE_LIMITS_OFF_FOR_LOAD_TEST: only for a load test on this machine/);
    expect(() => loadConfig({ RATE_LIMITS_OFF_FOR_LOAD_TEST: 'yes', HOST: '0.0.0.0', NODE_ENV: 'production' })).toThrow(/HOST=127.0.0.1/);
    expect(() => loadConfig({ RATE_LIMITS_OFF_FOR_LOAD_TEST: 'yes', HOST: '127.0.0.1', TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY unset/);
    expect(loadConfig({ RATE_LIMITS_OFF_FOR_LOAD_TEST: 'yes', HOST: '127.0.0.1', NODE_ENV: 'production' }).rateLimits).toBe(false);
    expect(loadConfig({ RATE_LIMITS_OFF_FOR_LOAD_TEST: 'yes', HOST: '::1' }).rateLimits).toBe(false);
  });
});
