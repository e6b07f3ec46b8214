/**
 * Shipment status labels, badge colours (spec section 4) and the status changes staff may make
 * (decision record 0141).
 */
import { SHIPMENT_STATUSES, type Role, type ShipmentStatus } from '@domain/common/enums';
import { ENGLISH, msg } from '@domain/common/i18n';

export function isShipmentStatus(value: unknown): value is ShipmentStatus {
  return typeof value === 'string' && (SHIPMENT_STATUSES as readonly string[]).includes(value);
}

/**
 * What statusLabel gives the values it names (shipment and customs statuses, truck and package types, payment terms),
 * one message each, so that a page shows them in the reader's language: t(statusLabel(value)).
 */
const STATUS_WORDS: Record<string, string> = {
  pending: msg('Pending'),
  pending_approval: msg('Pending Approval'),
  approved: msg('Approved'),
  in_progress: msg('In Progress'),
  in_transit: msg('In Transit'),
  customs_check: msg('Customs Check'),
  delivered: msg('Delivered'),
  completed: msg('Completed'),
  cleared: msg('Cleared'),
  held: msg('Held'),
  documentation_required: msg('Documentation Required'),
  box: msg('Box'),
  flatbed: msg('Flatbed'),
  reefer: msg('Reefer'),
  tanker: msg('Tanker'),
  other: msg('Other'),
  pallet: msg('Pallet'),
  package: msg('Package'),
  crate: msg('Crate'),
  drum: msg('Drum'),
  bag: msg('Bag'),
  roll: msg('Roll'),
  bundle: msg('Bundle'),
  carton: msg('Carton'),
  unit: msg('Unit'),
  prepaid: msg('Prepaid'),
  collect: msg('Collect'),
  net_30: msg('Net 30'),
  net_60: msg('Net 60'),
  net_90: msg('Net 90'),
};

/**
 * The status shown on a badge: in_progress is 'In Progress'; other values are capitalised word by word
 * ('pending' gives 'Pending', 'pending_approval' 'Pending Approval', 'customs_check' 'Customs Check').
 */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return msg('Unknown');
  if (Object.hasOwn(STATUS_WORDS, status)) return STATUS_WORDS[status]!;
  return status
    .split('_')
    .filter((w) => w.length > 0)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

export type StatusColor = 'yellow' | 'green' | 'blue';

/** Badge colours: pending yellow, in_progress green, every other status blue. */
export function statusColor(status: string | null | undefined): StatusColor {
  if (status === 'pending') return 'yellow';
  if (status === 'in_progress') return 'green';
  return 'blue';
}

/** The status that closes a shipment: only an admin may move a shipment out of it (decision 0141). */
export const CLOSED_STATUS: ShipmentStatus = 'completed';

export const STATUS_MESSAGES = {
  sameStatus: (status: string) => ENGLISH.t(msg('The shipment is already {status}'), { status: statusLabel(status) }),
  reopenAdminOnly: msg('Only an administrator can reopen a completed shipment'),
  unknownStatus: msg('Status must be one of: pending, pending_approval, approved, in_progress, in_transit, customs_check, delivered, completed'),
  notYourShipment: msg('You can only change the status of shipments you handle'),
} as const;

/**
 * Whether `role` may move a shipment from `from` to `to` (decision 0141): any of the eight statuses may
 * move to any other (operations are not linear: corrections and repeated customs checks happen, and the
 * history keeps every change), never to itself; a completed shipment is closed and only an admin may reopen it.
 * Answers null when allowed, else the message. Who may change a shipment at all (admin or its handler)
 * is checked by the server.
 */
export function statusChangeProblem(from: string, to: string, role: Role): string | null {
  if (!isShipmentStatus(to)) return STATUS_MESSAGES.unknownStatus;
  if (from === to) return STATUS_MESSAGES.sameStatus(to);
  if (from === CLOSED_STATUS && role !== 'admin') return STATUS_MESSAGES.reopenAdminOnly;
  return null;
}

/** The statuses a status picker offers for a shipment currently in `from` (in lifecycle order). */
export function allowedNextStatuses(from: string, role: Role): ShipmentStatus[] {
  return SHIPMENT_STATUSES.filter((to) => statusChangeProblem(from, to, role) === null);
}

/**
 * A status milestone for customers: creation and status changes, no actor, no other field. The API's schema of it is
 * customerShipmentEventSchema (views-schema.ts, whose CustomerShipmentEvent is this shape); it is spelled here so
 * this module loads no zod and the schema module can take its messages from here.
 */
export type StatusMilestone = { id: string; kind: 'created' | 'status_changed'; changes: { status: { from: string | null; to: string } }; created_at: string };

/**
 * The status milestones among history rows (creation and status changes, oldest last as stored: newest first):
 * a customer's whole history, and what the customer view shows when staff open it (they receive every event kind,
 * so rows without a status change, such as edits and document assignments, are left out here rather than read).
 */
export function statusMilestones(events: readonly { id: string; kind: string; changes: Partial<Record<string, { from: unknown; to: unknown }>>; created_at: string }[]): StatusMilestone[] {
  return events.flatMap((e) => {
    const status = e.changes?.status;
    if ((e.kind !== 'created' && e.kind !== 'status_changed') || !status || typeof status.to !== 'string') return [];
    return [{ id: e.id, kind: e.kind, changes: { status: { from: typeof status.from === 'string' ? status.from : null, to: status.to } }, created_at: e.created_at }];
  });
}
