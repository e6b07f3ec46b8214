import { msg } from '@domain/common/i18n';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type ErrorCode =
  | 'invalid_input'
  | 'unauthenticated'
  | 'forbidden'
  | 'two_factor_required'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported_type'
  | 'rate_limited'
  | 'unavailable'
  | 'internal';

const STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  two_factor_required: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

/** The one error type services throw; mapped once to `{ error: { code, message, fields? } }`. */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = STATUS[code];
  }
  toBody() {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

export const notFound = (message = msg('Not found')) => new AppError('not_found', message);
export const forbidden = (message = msg('You do not have permission to do this.')) => new AppError('forbidden', message);
export const invalid = (message: string, fields?: Record<string, string>) => new AppError('invalid_input', message, fields);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError('conflict', message, fields);

/** PostgreSQL unique violation (23505), for mapping duplicates to a 409. */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  let err: unknown = e;
  for (let depth = 0; err && depth < 4; depth++) {
    const x = err as { code?: string; constraint?: string; cause?: unknown };
    if (x.code === '23505') return constraint ? x.constraint === constraint : true;
    err = x.cause;
  }
  return false;
}
