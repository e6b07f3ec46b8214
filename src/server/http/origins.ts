/**
 * Which origins may send state-changing requests (issue 19, decision 0225). With PUBLIC_URL set: it, and the
 * ALLOWED_ORIGINS list. Without it (an office installation opened as http://localhost:3000, http://127.0.0.1:3000
 * or http://192.168.1.20:3000): also the origin the request itself was addressed to, so a page of this server may
 * post to this server under whatever address it was opened by. A foreign page's request carries its own origin,
 * which never equals the address it posts to, so the CSRF defence holds.
 */
export type OriginPolicy = {
  /** Always trusted: PUBLIC_URL (or the localhost default), ALLOWED_ORIGINS, a development server. */
  fixed: string[];
  /** Also trust the request's own origin (true when PUBLIC_URL is unset). */
  sameOrigin: boolean;
  /** Read the request's address from X-Forwarded-Proto and X-Forwarded-Host (first hop) only when behind our proxy. */
  trustProxy: boolean;
};

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

/** The origins trusted for this request. */
export function trustedOrigins(policy: OriginPolicy, req: Request): string[] {
  const own = policy.sameOrigin ? requestOrigin(req, policy.trustProxy) : null;
  return own ? [...policy.fixed, own] : policy.fixed;
}

/** Whether `origin` (the request's Origin header) may send this state-changing request. */
export function isTrustedOrigin(policy: OriginPolicy, origin: string | undefined, req: Request): boolean {
  if (!origin) return false;
  const fixed = new Set(policy.fixed.map((o) => new URL(o).origin));
  if (fixed.has(origin)) return true;
  return policy.sameOrigin && origin === requestOrigin(req, policy.trustProxy);
}

/**
 * The address links in mails start with: PUBLIC_URL when set; otherwise the address of the request that caused the
 * mail (a handler working at http://192.168.1.20:3000 sends links that open there). Better Auth's own mails (account
 * confirmation, password reset) keep PUBLIC_URL or the localhost default: a reset link built from a request's Host
 * header could be pointed at another site by whoever asks for the reset.
 */
export function linkBase(policy: OriginPolicy, publicUrl: string, req: Request): string {
  return (policy.sameOrigin ? requestOrigin(req, policy.trustProxy) : null) ?? publicUrl;
}

type NetworkInterfaces = Record<string, { address: string; family: string | number; internal: boolean }[] | undefined>;

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
