/**
 * The one HTTP client of the web app: JSON in and out, cookies included, errors as ApiError. Every request names the
 * page's language (Accept-Language), so the server's messages come in it.
 */
import { msg } from '@domain/common/i18n';
import { currentLocale, t } from './i18n';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

let sessionEnded: (() => void) | undefined;

/**
 * Who hears that the session has ended (main.tsx: the client session ends once and the person goes to /signin,
 * decision 0220). Called for every 401 of our own API, from any call: queries, mutations, downloads.
 * Not for Better Auth's endpoints (`/api/auth/*`): there a 401 is about the password or code in the request
 * (a wrong password at sign-in, a wrong code at the two-factor step), and the form shows it.
 */
export function onSessionEnded(listener: (() => void) | undefined): void {
  sessionEnded = listener;
}

// The account confirmation (decision 0249) answers 401 for a wrong password too, not for an ended session.
const isAuthEndpoint = (url: string) => url.startsWith('/api/auth/') || url === '/api/account/confirm';

/** The error of a failed answer: our API's `{ error: { code, message, fields } }` or Better Auth's `{ code, message }`. */
function errorOf(res: Response, text: string): ApiError {
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  const body = (data ?? {}) as { error?: { code?: string; message?: string; fields?: Record<string, string> }; code?: string; message?: string };
  const err = body.error ?? { code: body.code, message: body.message };
  return new ApiError(res.status, err.code ?? 'error', t(err.message || res.statusText || msg('Request failed')), body.error?.fields);
}

/** Sends a same-origin request; a failed answer (or none) throws ApiError, after reporting an ended session. */
async function send(url: string, init: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers: { ...(init.headers as Record<string, string> | undefined), 'accept-language': currentLocale() }, credentials: 'same-origin' });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, 'network', t('Could not reach the server. Check your connection and try again.'));
  }
  if (res.ok) return res;
  const error = errorOf(res, await res.text().catch(() => ''));
  if (res.status === 401 && !isAuthEndpoint(url)) sessionEnded?.();
  throw error;
}

/**
 * How long a read made just ahead of the component that shows it stays fresh (decision records 0247, 0248): the
 * shipment page reads its checklist and its sections' data before they mount, and they do not read them a second
 * time on mounting. A change refreshes what it changes, as before.
 */
export const READ_AHEAD_FRESH_MS = 5_000;

/** `body` is sent as JSON, except a Blob (a file), which is sent as it is. */
export async function api<T>(path: string, init: { method?: string; body?: unknown; query?: Query; signal?: AbortSignal } = {}): Promise<T> {
  const raw = init.body instanceof Blob;
  const res = await send(withQuery(`/api${path}`, init.query), {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: init.body === undefined ? undefined : { 'content-type': raw ? 'application/octet-stream' : 'application/json' },
    body: init.body === undefined ? undefined : raw ? (init.body as Blob) : JSON.stringify(init.body),
    signal: init.signal,
  });
  const text = await res.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined as T;
  }
}

/**
 * The bytes behind a same-origin address (a signed file link, `/api/files/...`), read whole: a missing file, an
 * expired link or a cut connection is an ApiError here instead of a silently failed browser download.
 */
export async function fetchBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  if (!url.startsWith('/api/')) throw new ApiError(0, 'bad_link', t('Not a link of this site.'));
  const res = await send(url, { signal });
  try {
    return await res.blob();
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, 'network', t('Could not reach the server. Check your connection and try again.'));
  }
}
