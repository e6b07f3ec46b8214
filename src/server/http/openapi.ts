import { msg } from '@domain/common/i18n';
import { z } from 'zod';
import { OpenAPIHono, type Hook } from '@hono/zod-openapi';
import type { AppEnv } from './context';
import { invalid } from './errors';

export const errorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() }),
});

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input',
  401: 'Not signed in',
  403: 'Forbidden',
  404: 'Not found (or belongs to another company)',
  409: 'Conflict',
  413: 'Too large',
  415: 'Unsupported type',
  429: 'Rate limited',
};

export function errorResponses<const S extends readonly (keyof typeof DESCRIPTIONS)[]>(...statuses: S) {
  return Object.fromEntries(
    statuses.map((s) => [s, { description: DESCRIPTIONS[s]!, content: { 'application/json': { schema: errorSchema } } }]),
  ) as Record<S[number], { description: string; content: { 'application/json': { schema: typeof errorSchema } } }>;
}

/** zod validation failures become our 400 shape, with the first message and one message per field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const validationHook: Hook<any, AppEnv, any, any> = (result) => {
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.') || '_';
      fields[key] ??= issue.message;
    }
    throw invalid(result.error.issues[0]?.message ?? msg('Invalid input'), fields);
  }
};

/**
 * The security schemes of the API description (decision record 0241). Every operation needs the session cookie unless
 * it says otherwise: the public ones (eligibility, share-tracking pages, unsubscribe, health) declare `security: []`.
 */
export const SESSION_SCHEME = 'sessionCookie';
/** Service keys (issue 18, decision 0242) as `Authorization: Bearer`; GET /metrics also takes the scraper's token. */
export const BEARER_SCHEME = 'bearer';

/**
 * The document-level part of /api/openapi.json: the two security schemes, the global security and the server.
 * `sessionCookieName` is Better Auth's cookie (`better-auth.session_token`, `__Secure-` first behind an https
 * PUBLIC_URL). The server is relative: the paths are under /api of whichever address serves this document (PUBLIC_URL,
 * or any of the machine's addresses without it).
 */
export function describeApi(api: OpenAPIHono<AppEnv>, sessionCookieName: string): Parameters<OpenAPIHono<AppEnv>['getOpenAPI31Document']>[0] {
  api.openAPIRegistry.registerComponent('securitySchemes', SESSION_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: sessionCookieName,
    description: 'The session cookie set by signing in (POST /api/auth/sign-in/email). State-changing requests also need our Origin header.',
  });
  api.openAPIRegistry.registerComponent('securitySchemes', BEARER_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    description:
      'A service key (issue 18, decision 0242) made under POST /api-keys, sent as `Authorization: Bearer cdk_…`. It acts ' +
      'with its role, under the same permissions and company scope as a session, on every operation but the management of ' +
      'keys, staff and settings; it needs no Origin header. Each key is rate limited per minute (429 with Retry-After; ' +
      "RateLimit-Policy and RateLimit headers on every answer). GET /metrics also takes the scraper's METRICS_TOKEN.",
  });
  return {
    openapi: '3.1.0',
    info: { title: 'Cargodesk API', version: '1.0.0' },
    servers: [{ url: '/api', description: 'This portal: the paths are under /api of the address that serves this document' }],
    // Either one: a signed-in person's cookie, or a service key.
    security: [{ [SESSION_SCHEME]: [] }, { [BEARER_SCHEME]: [] }],
  };
}

/** The one way to make a feature router: OpenAPI-described routes whose validation errors use our 400 shape. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}
