import type { NotificationSettings, NotificationSettingsInput, UnsubscribeView } from '@domain/notifications/schema';
import { api } from '@web/lib/api';

/** My choices, or a contact's (admins): the same form reads and saves either address. */
export const notificationsPath = (contact?: { companyId: string; contactId: string }) =>
  contact ? `/companies/${encodeURIComponent(contact.companyId)}/contacts/${encodeURIComponent(contact.contactId)}/notifications` : '/notifications';

export const getNotificationSettings = (path: string, signal?: AbortSignal) => api<NotificationSettings>(path, { signal });
export const saveNotificationSettings = (path: string, body: NotificationSettingsInput) => api<NotificationSettings>(path, { method: 'PUT', body });

export const unsubscribeView = (token: string) => api<UnsubscribeView>('/unsubscribe', { query: { token } });
export const unsubscribe = (token: string) => api<UnsubscribeView>('/unsubscribe', { method: 'POST', query: { token } });
