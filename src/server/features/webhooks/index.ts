/** Webhooks, as other features use them: announcing an event in the change's transaction. */
export { announceWebhook } from './events';
