import { Redis } from 'ioredis';
import type { Hit, RateStore } from './rate-limit';

/**
 * One atomic step per hit: count it, start the window on the first hit, and return the count and the time left.
 * A key without an expiry (never expected) gets one, so no counter can live forever.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }`;

/** One hit back, only from a running window (a key that exists), never below 0. */
const REFUND_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 and tonumber(redis.call('GET', KEYS[1])) > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0`;

const PREFIX = 'cargodesk:rate:';

/** Auth rate-limit counters in Redis (REDIS_URL), shared by every instance, fixed windows like the database store. */
export class RedisRateStore implements RateStore {
  readonly redis: Redis;

  /**
   * `fallback` counts while Redis cannot be reached (the database table), so an outage neither locks everyone
   * out nor switches the limits off; `onFallback` hears about each failure (for the log).
   */
  constructor(
    url: string,
    private readonly fallback: RateStore,
    private readonly onFallback: (err: unknown) => void = () => {},
    /** Key prefix; tests give each run its own, since the Redis server (and its 10-minute windows) outlives a run. */
    private readonly prefix = PREFIX,
  ) {
    // Fail fast rather than queue: a sign-in should not hang because Redis is away.
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 });
  }

  async hit(key: string, windowSeconds: number): Promise<Hit> {
    try {
      const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(windowSeconds * 1000))) as [number, number];
      return { count, resetAt: new Date(Date.now() + ttl) };
    } catch (err) {
      this.onFallback(err);
      return this.fallback.hit(key, windowSeconds);
    }
  }

  async refund(key: string): Promise<void> {
    try {
      await this.redis.eval(REFUND_SCRIPT, 1, this.prefix + key);
    } catch (err) {
      this.onFallback(err);
      await this.fallback.refund(key);
    }
  }

  /** Resolves once connected (the start waits for it, so a wrong REDIS_URL stops the start with a clear error). */
  async ready(): Promise<void> {
    if (this.redis.status === 'ready') return;
    await new Promise<void>((resolve, reject) => {
      this.redis.once('ready', resolve);
      this.redis.once('error', reject);
    });
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
