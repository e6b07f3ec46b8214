import os from 'node:os';

/**
 * Which origins may send state-changing requests (issue 19, decision 0225). With PUBLIC_URL set: it, and the
 * ALLOWED_ORIGINS list. Without it (an office installation opened as http://localhost:3000, http://127.0.0.1:3000
 * or http://192.168.1.20:3000): also the origin the request itself was addressed to, so a page of this server may
 * post to this server under whatever address it was opened by. A foreign page's request carries its own origin,
 * which never equals the address it posts to, so the CSRF defence holds. That origin counts only when its host is one
 * of the machine's own names and addresses (issue 37, decision 0250): a client's `Host: attacker.example` is never
 * trusted and never starts a mail link.
 */
export type OriginPolicy = {
  /** Always trusted: PUBLIC_URL (or the localhost default), ALLOWED_ORIGINS, a development server. */
  fixed: string[];
  /** Also trust the request's own origin (true when PUBLIC_URL is unset). */
  sameOrigin: boolean;
  /** Read the request's address from X-Forwarded-Proto and X-Forwarded-Host (first hop) only when behind our proxy. */
  trustProxy: boolean;
  /** Whether a host (as in a URL: lower case, IPv6 without brackets) is this machine's own; `machineHosts()` by default. */
  ownHost?: (host: string) => boolean;
};

type NetworkInterfaces = Record<string, { address: string; family: string | number; internal: boolean }[] | undefined>;

/**
 * The names and addresses this machine is opened by: localhost, every address of its network interfaces (loopback
 * included), and its host name with and without the domain and as the `.local` name of the office network (mDNS).
 */
export function ownHostsOf(hostname: string, interfaces: NetworkInterfaces): Set<string> {
  const name = hostname.trim().toLowerCase();
  const short = name.split('.')[0] ?? '';
  const addresses = Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .map((i) => i.address.toLowerCase().split('%')[0]!);
  return new Set(['localhost', '127.0.0.1', '::1', ...addresses, ...(name ? [name, short, `${short}.local`] : [])]);
}

const HOSTS_FRESH_MS = 30_000;

/** This machine's own hosts (ownHostsOf), read again at most every 30 s so a new address (DHCP, a VPN) counts soon. */
export function machineHosts(read = () => ownHostsOf(os.hostname(), os.networkInterfaces()), now = () => Date.now()): (host: string) => boolean {
  let hosts = read();
  let at = now();
  return (host) => {
    const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
    if (hosts.has(h)) return true;
    if (now() - at < HOSTS_FRESH_MS) return false;
    hosts = read();
    at = now();
    return hosts.has(h);
  };
}

let thisMachine: ((host: string) => boolean) | undefined;
const ownHostOf = (policy: OriginPolicy) => policy.ownHost ?? (thisMachine ??= machineHosts());

const firstHop = (value: string | null) => value?.split(',')[0]?.trim() || undefined;

/** The origin (scheme, host and port) a request was addressed to, or null when it cannot be told. */
export function requestOrigin(req: Request, trustProxy: boolean): string | null {
  try {
    const url = new URL(req.url);
    if (trustProxy) {
      const host = firstHop(req.headers.get('x-forwarded-host'));
      const proto = firstHop(req.headers.get('x-forwarded-proto'));
      if (host) return new URL(`${proto === 'https' ? 'https' : proto === 'http' ? 'http' : url.protocol.replace(':', '')}://${host}`).origin;
    }
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * Without PUBLIC_URL, the origin the request was addressed to when its host is one of this machine's own (localhost,
 * 127.0.0.1, the office address, the machine's name); null otherwise, and always null with PUBLIC_URL set.
 */
export function ownRequestOrigin(policy: OriginPolicy, req: Request): string | null {
  if (!policy.sameOrigin) return null;
  const origin = requestOrigin(req, policy.trustProxy);
  if (!origin) return null;
  const host = new URL(origin).hostname.replace(/^\[(.*)\]$/, '$1');
  return ownHostOf(policy)(host) ? origin : null;
}

/** The origins trusted for this request. */
export function trustedOrigins(policy: OriginPolicy, req: Request): string[] {
  const own = ownRequestOrigin(policy, req);
  return own ? [...policy.fixed, own] : policy.fixed;
}

/** Whether `origin` (the request's Origin header) may send this state-changing request. */
export function isTrustedOrigin(policy: OriginPolicy, origin: string | undefined, req: Request): boolean {
  if (!origin) return false;
  const fixed = new Set(policy.fixed.map((o) => new URL(o).origin));
  if (fixed.has(origin)) return true;
  return origin === ownRequestOrigin(policy, req);
}

/**
 * The address links in mails start with: PUBLIC_URL when set; otherwise the address of the request that caused the
 * mail when it is one of this machine's own (a handler working at http://192.168.1.20:3000 sends links that open
 * there), else the localhost default: a Host header the client chose (`attacker.example`) never starts a link
 * (issue 37). Better Auth's own mails (account confirmation, password reset) keep PUBLIC_URL or the localhost default.
 */
export function linkBase(policy: OriginPolicy, publicUrl: string, req: Request): string {
  return ownRequestOrigin(policy, req) ?? publicUrl;
}

/**
 * The addresses people can open the portal at, for the start banner: the listening host itself, or for a wildcard
 * host (0.0.0.0, ::) localhost, the loopback address and every address of the machine's network interfaces.
 */
export function listenAddresses(host: string, port: number, interfaces: NetworkInterfaces): string[] {
  const url = (h: string) => `http://${h.includes(':') ? `[${h}]` : h}:${port}`;
  if (host !== '0.0.0.0' && host !== '::' && host !== '') return [url(host)];
  const external = Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((i) => !i.internal && (i.family === 'IPv4' || i.family === 4 || (host === '::' && !i.address.startsWith('fe80'))))
    .map((i) => url(i.address));
  return [...new Set([url('localhost'), url('127.0.0.1'), ...external])];
}
