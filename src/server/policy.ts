import { msg } from '@domain/common/i18n';
import type { MiddlewareHandler } from 'hono';
import { can, NOT_WITH_A_KEY, type Action } from '@domain/access/permissions';
import type { AppEnv, SessionUser } from './http/context';
import { AppError, forbidden } from './http/errors';
import { API_KEY_MESSAGES } from '@domain/api-keys/schema';

export { can, type Action } from '@domain/access/permissions';

export function assertCan(user: SessionUser, action: Action, message?: string): void {
  if (!can(user.role, action)) throw forbidden(message);
  if (user.api_key && NOT_WITH_A_KEY.has(action)) throw forbidden(API_KEY_MESSAGES.notWithKey);
}

/** A route guard, carrying the action it checks (the authorization matrix reads it from the app's routes). */
export type PermissionGuard = MiddlewareHandler<AppEnv> & { readonly permission: Action };

/** Route guard: 403 unless the signed-in user's role may do `action`. */
export function requirePermission(action: Action, message?: string): PermissionGuard {
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    assertCan(c.get('user'), action, message);
    await next();
  };
  return Object.assign(guard, { permission: action });
}

/** A customer's queries are scoped to their company; a customer without one gets the spec's message. */
export function customerCompanyId(user: SessionUser): string {
  if (!user.company_id) throw new AppError('not_found', msg('Customer company not found'));
  return user.company_id;
}
