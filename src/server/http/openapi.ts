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
    throw invalid(result.error.issues[0]?.message ?? 'Invalid input', fields);
  }
};

/** The one way to make a feature router: OpenAPI-described routes whose validation errors use our 400 shape. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}
