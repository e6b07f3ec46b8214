/**
 * Who handles a shipment (issue 21, decision record 0223). Admins assign and reassign any shipment, one at a time or
 * in bulk; export and import handlers take unassigned shipments of their own direction. One rule, used by the server
 * before it writes and by the pages to show only the controls that will work.
 */
import { z } from 'zod';
import { roleLabel, type LoadingType, type Role } from '@domain/common/enums';
import { UUID_PATTERN } from '@domain/common/ids';
import { can } from '@domain/access/permissions';
import { ENGLISH, msg } from '@domain/common/i18n';

/** At most this many shipments in one bulk assignment (a page of a list is 10; a selection across pages stays small). */
export const MAX_BULK_ASSIGN = 100;

/** A handler taking a shipment of the other direction: one message a direction. */
const NOT_YOUR_DIRECTION: Record<LoadingType, string> = {
  export: msg('Only export handlers and administrators can take export shipments.'),
  import: msg('Only import handlers and administrators can take import shipments.'),
};

export const HANDLER_MESSAGES = {
  unknownHandler: msg('Choose an active staff member as handler'),
  // One whole message per direction (the handler refused is of the other one), so each reads in one language.
  wrongDirection: (name: string, role: Role, loadingType: LoadingType) =>
    role === 'import' && loadingType === 'export'
      ? ENGLISH.t(msg('{name} is an Import handler and cannot handle export shipments. Choose an Export handler or an administrator.'), { name })
      : role === 'export' && loadingType === 'import'
        ? ENGLISH.t(msg('{name} is an Export handler and cannot handle import shipments. Choose an Import handler or an administrator.'), { name })
        : ENGLISH.t(msg('{name} is an {role} handler and cannot handle {direction} shipments. Choose another handler or an administrator.'), { name, role: roleLabel(role), direction: loadingType }),
  onlySelf: msg('Only an administrator can assign a shipment to someone else.'),
  notYourDirection: (loadingType: LoadingType) => NOT_YOUR_DIRECTION[loadingType],
  taken: (name: string) => ENGLISH.t(msg('This shipment is already handled by {name}. Ask an administrator to reassign it.'), { name }),
  noneSelected: msg('Select at least one shipment.'),
  tooMany: msg('Select at most 100 shipments at once.'),
  badShipmentId: msg('Unknown shipment'),
  someNotFound: msg('Some of the selected shipments no longer exist. Reload the list and try again.'),
} as const;

const shipmentId = z.string({ message: HANDLER_MESSAGES.badShipmentId }).regex(UUID_PATTERN, HANDLER_MESSAGES.badShipmentId);
const handlerId = z.string({ message: HANDLER_MESSAGES.unknownHandler }).regex(UUID_PATTERN, HANDLER_MESSAGES.unknownHandler).nullable();

/** PUT /api/shipments/:id/handler: the new handler, or null to leave the shipment unassigned (admins). */
export const handlerAssignmentSchema = z.object({ handler_id: handlerId });
export type HandlerAssignment = z.infer<typeof handlerAssignmentSchema>;

/** POST /api/shipments/handler: one handler for several shipments (admins), all or none. */
export const bulkHandlerAssignmentSchema = z.object({
  shipment_ids: z
    .array(shipmentId, { message: HANDLER_MESSAGES.noneSelected })
    .min(1, HANDLER_MESSAGES.noneSelected)
    .max(MAX_BULK_ASSIGN, HANDLER_MESSAGES.tooMany)
    .refine((ids) => new Set(ids).size === ids.length, msg('A shipment is listed twice')),
  handler_id: handlerId,
});
export type BulkHandlerAssignment = z.infer<typeof bulkHandlerAssignmentSchema>;

export const bulkHandlerResultSchema = z.object({
  /** Shipments whose handler changed. */
  changed: z.number().int(),
  /** Shipments that already had this handler (nothing written for them). */
  unchanged: z.number().int(),
});
export type BulkHandlerResult = z.infer<typeof bulkHandlerResultSchema>;

/** GET /api/handlers: staff who may handle shipments of a direction (for the assignment control). */
export const handlerOptionsQuerySchema = z.object({
  loading_type: z.enum(['export', 'import'], { message: msg("loading_type must be 'export' or 'import'") }).optional(),
});
export const handlerOptionSchema = z.object({ id: z.string(), full_name: z.string(), email: z.string(), role: z.enum(['admin', 'export', 'import']) });
export type HandlerOption = z.infer<typeof handlerOptionSchema>;
export const handlerOptionsSchema = z.array(handlerOptionSchema);

/** Whether a staff member of `role` may handle shipments of this direction: admins all, handlers their own. */
export function canHandle(role: Role, loadingType: LoadingType): boolean {
  return can(role, 'shipments:any_handler') || role === loadingType;
}

export type HandlerProblem = { status: 400 | 403 | 409; message: string };

/**
 * Why `actor` may not make `target` (null: nobody) the handler of `shipment`, or null when they may.
 * Admins: the target must be a staff member who can handle the shipment's direction. Export and import handlers:
 * only themselves, only on an unassigned shipment of their direction ("pick up"). Same handler as now: allowed (no-op).
 */
export function handlerChangeProblem(
  actor: { id: string; role: Role },
  shipment: { loading_type: LoadingType; handler_id: string | null; handler_name: string | null },
  target: { id: string; role: Role; full_name: string } | null,
): HandlerProblem | null {
  if (target && target.role === 'customer') return { status: 400, message: HANDLER_MESSAGES.unknownHandler };
  if (actor.role === 'admin') {
    if (target && !canHandle(target.role, shipment.loading_type)) {
      return { status: 400, message: HANDLER_MESSAGES.wrongDirection(target.full_name, target.role, shipment.loading_type) };
    }
    return null;
  }
  if (actor.role === 'customer') return { status: 403, message: HANDLER_MESSAGES.onlySelf };
  if (!target || target.id !== actor.id) return { status: 403, message: HANDLER_MESSAGES.onlySelf };
  if (shipment.handler_id === actor.id) return null;
  if (!canHandle(actor.role, shipment.loading_type)) return { status: 403, message: HANDLER_MESSAGES.notYourDirection(shipment.loading_type) };
  if (shipment.handler_id) return { status: 409, message: HANDLER_MESSAGES.taken(shipment.handler_name ?? 'another handler') };
  return null;
}

/** Whether the page offers `actor` the "Take this shipment" button (a handler, an unassigned shipment of their direction). */
export function canTakeShipment(actor: { role: Role }, shipment: { loading_type: LoadingType; handler_id: string | null }): boolean {
  return (actor.role === 'export' || actor.role === 'import') && !shipment.handler_id && canHandle(actor.role, shipment.loading_type);
}
