/**
 * The matrix against the permission table (docs/decisions/0255): a role the table refuses a route's action gets 401
 * (anonymous) or 403; a role it allows gets neither, unless the case names it as refused by its data (403).
 */
import { can } from '@domain/access/permissions';
import type { Case, Role } from './authz-matrix.rows';
import type { RouteAction } from './authz-matrix.actions';

/** Whether the table lets `role` do `action`: null for a public route (anyone, no decision to check). */
export function tableAllows(action: RouteAction, role: Role): boolean | null {
  if (action === 'public') return null;
  if (role === 'anonymous') return false;
  return action === 'signed-in' || can(role, action);
}

/** What is wrong with `status` for `role` on a case of a route needing `action`, or null when it agrees. */
export function tableProblem(action: RouteAction, c: Case, role: Role, status: number): string | null {
  const allowed = tableAllows(action, role);
  if (allowed === null) return null;
  const refusal = role === 'anonymous' ? 401 : 403;
  if (!allowed) return status === refusal ? null : `the table refuses ${role} ${action}, but the answer is ${status}, not ${refusal}`;
  if (status === 401) return `the table lets ${role} ${action}, but the answer is 401`;
  if (status === 403 && !c.refusedByData?.includes(role)) return `the table lets ${role} ${action}, but the answer is 403 (not named in refusedByData)`;
  return null;
}
