import type { ShipmentStatus } from './enums';

/** Spec section 4: the status sets behind every active/completed/pending figure. */
/** Land, air and partial pages, the admin and handler dashboards. */
export const ACTIVE_STATUSES = ['in_progress', 'in_transit', 'customs_check'] as const satisfies readonly ShipmentStatus[];
export const COMPLETED_STATUSES = ['delivered'] as const satisfies readonly ShipmentStatus[];
/** The customer dashboard counts these as active. */
export const CUSTOMER_ACTIVE_STATUSES = ['pending', 'pending_approval', 'approved', 'in_progress'] as const satisfies readonly ShipmentStatus[];
/** The customer sidebar's Pending figure. */
export const PENDING_STATUSES = ['pending', 'pending_approval'] as const satisfies readonly ShipmentStatus[];
