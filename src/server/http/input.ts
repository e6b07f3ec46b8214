import { ENGLISH, msg } from '@domain/common/i18n';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from './errors';
import type { AppEnv } from './context';

/** The largest JSON request body (decision record 0040); a shipment with 50 containers is about 20 KB. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
export const BODY_TOO_LARGE_MESSAGE = msg('The request body is too large (at most 1 MB).');
export const NUL_MESSAGE = msg('Text must not contain the NUL character (\\u0000).');
export const SURROGATE_MESSAGE = msg('Text must be valid Unicode (it holds half of a surrogate pair).');
/** How deeply a JSON body may nest objects and arrays (issue 37); our deepest body (a quote's lines) needs 4. */
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP_MESSAGE = ENGLISH.t(msg('The request body is nested too deeply (at most {depth} levels of objects and arrays).'), { depth: MAX_JSON_DEPTH });

const NUL = '\u0000';
/** Half of a UTF-16 surrogate pair without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why PostgreSQL would refuse this text (a NUL, or a lone UTF-16 surrogate, which jsonb rejects), or null. */
export function textProblem(text: string): string | null {
  if (text.includes(NUL)) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return null;
}
/**
 * Whether JSON text nests objects and arrays deeper than `max` (issue 37). One pass over the text with a counter, no
 * recursion and no parse, so a body of a million `[` costs a loop, never the stack; brackets inside strings (and
 * escaped quotes) do not count. Text that is not JSON may pass: the parser refuses it afterwards.
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > max) return true;
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return false;
}

const isJson = (contentType: string | undefined) => /^application\/([\w.+-]*\+)?json\b/i.test(contentType?.trim() ?? '');

/** The path (e.g. `containers.0.number`) and the problem of the first key or string PostgreSQL would refuse, or undefined. */
export function badTextPath(value: unknown, path = ''): [string, string] | undefined {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? [path || '_', problem] : undefined;
  }
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = badTextPath(v, path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const here = path ? `${path}.${k}` : k;
      const problem = textProblem(k);
      if (problem) return [here, problem];
      const found = badTextPath(v, here);
      if (found) return found;
    }
  }
  return undefined;
}

/** A request's JSON body as an object, read from a clone (the handler still reads it); {} when it is not a JSON object. */
export async function jsonBodyOf(req: Request): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await req.clone().json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const refused = (field: string, message: string) => new AppError('invalid_input', message, { [field]: message });
const limit = bodyLimit({
  maxSize: MAX_JSON_BODY_BYTES,
  onError: () => {
    throw new AppError('too_large', BODY_TOO_LARGE_MESSAGE);
  },
});

/**
 * Input every API route refuses before it is parsed (decision record 0040): a JSON body over 1 MB (413), and a NUL
 * character or a lone surrogate anywhere in the path, the query or a JSON body (400): PostgreSQL cannot store a NUL
 * in text, and jsonb refuses an unpaired surrogate (an audit or history row would fail), so both would be 500s. The raw document upload (POST /api/documents) streams its own body with its own limit.
 * A JSON body nested deeper than MAX_JSON_DEPTH is refused (400) before it is parsed or walked (issue 37): walking a
 * body of 100,000 `[` overflowed the stack (a 500 on any path, signed out too).
 */
export function inputGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // A parsed URL holds a NUL or half a surrogate pair only percent-encoded (the URL parser encodes raw ones), so a
    // URL without % needs no look (most requests: a health check or a page of a list).
    if (c.req.url.includes('%')) {
      let path = c.req.path;
      try {
        path = decodeURIComponent(path);
      } catch {
        // Not valid percent-encoding: the routes answer it (404); only a NUL matters here.
      }
      const pathProblem = textProblem(path);
      if (pathProblem) throw refused('path', pathProblem);
      for (const [key, values] of Object.entries(c.req.queries())) {
        const problem = [key, ...values].map(textProblem).find(Boolean);
        if (problem) throw refused(key.replaceAll(NUL, '') || '_', problem);
      }
    }
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    const upload = c.req.method === 'POST' && c.req.path === '/api/documents';
    if (!hasBody || upload || !isJson(c.req.header('content-type'))) return next();
    return limit(c, async () => {
      const text = await c.req.raw.clone().text();
      if (jsonTooDeep(text)) throw new AppError('invalid_input', TOO_DEEP_MESSAGE);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return next(); // not JSON: the route answers 400 as before
      }
      const bad = badTextPath(parsed);
      if (bad) throw refused(...bad);
      await next();
    });
  };
}
