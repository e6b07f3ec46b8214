import { notifications } from '@mantine/notifications';
import { SHIPMENT_MESSAGES } from '../../../../domain/shipments';

const EDIT_PATH = /^\/shipment\/[^/]+\/edit$/;

/**
 * Called by the router's guard when it sends a user away from a page their role may not open: on a shipment's
 * edit page (admins only, spec section 2) the user sees "You don't have permission to edit shipments.".
 */
export function notifyPageDenied(pathname: string): void {
  if (EDIT_PATH.test(pathname)) {
    notifications.show({ id: 'shipment-edit-denied', color: 'red', title: 'Access denied', message: SHIPMENT_MESSAGES.cannotEdit });
  }
}
