/**
 * The only way a webhook delivery reaches the network (decision record 0243): the host is resolved here, every address
 * it resolves to is checked against the network rules (domain/webhooks addressProblem), and the connection is made to
 * the checked address itself (a pinned lookup), so a second resolution cannot swap in another address (DNS rebinding).
 * Redirects are never followed: a 3xx answer is returned as it is, and the delivery counts it as a failure.
 */
import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { DELIVERY_ERRORS, WEBHOOK_MESSAGES, addressProblem, hostOf, parseIp, type NetworkPolicy } from '@domain/webhooks/schema';

export type ResolvedAddress = { address: string; family: 4 | 6 };

/** The network rules of this process, and (in tests) a resolver in place of the system's. */
export type WebhookNet = NetworkPolicy & { resolve?: (host: string) => Promise<ResolvedAddress[]> };

/** Tests and development: loopback allowed, nothing else private. Production passes its own (config.ts). */
export const DEV_WEBHOOK_NET: WebhookNet = { production: false, allowed: [] };

export class BlockedAddressError extends Error {}

const systemResolve = async (host: string): Promise<ResolvedAddress[]> =>
  (await dns.lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/**
 * The address to connect to for `url`, after resolution: refused (BlockedAddressError with a message for people) when
 * the name does not resolve or any address it resolves to is in a blocked network.
 */
export async function checkedAddress(url: URL, net: WebhookNet): Promise<ResolvedAddress> {
  const host = hostOf(url);
  const literal = parseIp(host);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: host, family: literal.version }];
  else {
    try {
      addresses = await withTimeout((net.resolve ?? systemResolve)(host), 5000);
    } catch {
      throw new BlockedAddressError(WEBHOOK_MESSAGES.unresolved);
    }
  }
  if (addresses.length === 0) throw new BlockedAddressError(WEBHOOK_MESSAGES.unresolved);
  for (const a of addresses) {
    const ip = parseIp(a.address);
    const reason = ip ? addressProblem(ip, net) : 'reserved';
    if (reason) throw new BlockedAddressError(WEBHOOK_MESSAGES.blocked(reason));
  }
  return addresses[0]!;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    p.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });
}

export type PostAnswer = { status: number; location: string | null };

/** POSTs `body` to `url` on the checked address; resolves with the answer's status (any status), rejects on no answer. */
export async function guardedPost(url: string, body: string, headers: Record<string, string>, net: WebhookNet, timeoutMs = 15_000): Promise<PostAnswer> {
  const u = new URL(url);
  const target = await checkedAddress(u, net);
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  const mod = u.protocol === 'https:' ? https : http;
  return new Promise<PostAnswer>((resolve, reject) => {
    const req = mod.request(
      {
        method: 'POST',
        protocol: u.protocol,
        hostname: hostOf(u),
        port: u.port || (u.protocol === 'https:' ? 443 : 80),
        path: `${u.pathname}${u.search}`,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinned,
        agent: false,
        timeout: timeoutMs,
      },
      (res) => {
        // The answer's body is not needed: read a little and drop it, so the socket closes.
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: typeof res.headers.location === 'string' ? res.headers.location : null }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(DELIVERY_ERRORS.timeout(Math.round(timeoutMs / 1000)))));
    req.on('error', reject);
    req.end(body);
  });
}
