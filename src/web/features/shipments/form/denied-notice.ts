import { t } from '@web/lib/i18n';

const EDIT_PATH = /^\/shipment\/[^/]+\/edit$/;

/**
 * Called by the router's guard when it sends a user away from a page their role may not open: on a shipment's
 * edit page (admins only, spec section 2) the user sees "You don't have permission to edit shipments.".
 * The guard is part of the first page's bundle, so the notification system and the message load on demand.
 */
export function notifyPageDenied(pathname: string): void {
  if (!EDIT_PATH.test(pathname)) return;
  void Promise.all([import('@mantine/notifications'), import('@domain/shipments/messages')]).then(([{ notifications }, { SHIPMENT_MESSAGES }]) =>
    notifications.show({ id: 'shipment-edit-denied', color: 'red', title: t('Access denied'), message: t(SHIPMENT_MESSAGES.cannotEdit) }),
  );
}
