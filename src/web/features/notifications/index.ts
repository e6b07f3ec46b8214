// The public entry of the notifications feature: what other features take from it (no side effects, no lazily loaded page).
export { NotificationChoices } from './NotificationChoices';
export { notificationsPath } from './api';
