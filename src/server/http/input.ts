import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from './errors';
import type { AppEnv } from './context';

/** The largest JSON request body (decision record 0040); a shipment with 50 containers is about 20 KB. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
export const BODY_TOO_LARGE_MESSAGE = 'The request body is too large (at most 1 MB).';
export const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000).';

const NUL = '\u0000';
const isJson = (contentType: string | undefined) => /^application\/([\w.+-]*\+)?json\b/i.test(contentType?.trim() ?? '');

/** The path (e.g. `containers.0.number`) of the first key or string holding a NUL, or undefined. */
export function nulPath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path || '_' : undefined;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = nulPath(v, path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const here = path ? `${path}.${k}` : k;
      if (k.includes(NUL)) return here;
      const found = nulPath(v, here);
      if (found) return found;
    }
  }
  return undefined;
}

const nulRefused = (field: string) => new AppError('invalid_input', NUL_MESSAGE, { [field]: NUL_MESSAGE });
const limit = bodyLimit({
  maxSize: MAX_JSON_BODY_BYTES,
  onError: () => {
    throw new AppError('too_large', BODY_TOO_LARGE_MESSAGE);
  },
});

/**
 * Input every API route refuses before it is parsed (decision record 0040): a JSON body over 1 MB (413), and a NUL
 * character anywhere in the path, the query or a JSON body (400), which PostgreSQL cannot store in text and would
 * otherwise fail as a 500. The raw document upload (POST /api/documents) streams its own body with its own limit.
 */
export function inputGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let path = c.req.path;
    try {
      path = decodeURIComponent(path);
    } catch {
      // Not valid percent-encoding: the routes answer it (404); only a NUL matters here.
    }
    if (path.includes(NUL)) throw nulRefused('path');
    for (const [key, values] of Object.entries(c.req.queries())) {
      if (key.includes(NUL) || values.some((v) => v.includes(NUL))) throw nulRefused(key.replaceAll(NUL, '') || '_');
    }
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    const upload = c.req.method === 'POST' && c.req.path === '/api/documents';
    if (!hasBody || upload || !isJson(c.req.header('content-type'))) return next();
    return limit(c, async () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await c.req.raw.clone().text());
      } catch {
        return next(); // not JSON: the route answers 400 as before
      }
      const field = nulPath(parsed);
      if (field) throw nulRefused(field);
      await next();
    });
  };
}
