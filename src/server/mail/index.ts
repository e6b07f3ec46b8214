import path from 'node:path';
import type { Config } from '@server/config';
import type { Logger } from '@server/logger';
import { devMailboxTransport, smtpTransport, webhookTransport, type MailTransport } from './transports';

/** SMTP when SMTP_URL is set, else the webhook when NOTIFY_WEBHOOK_URL is set, else the dev mailbox. */
export function chooseTransport(config: Config, logger: Logger): MailTransport {
  if (config.smtpUrl) return smtpTransport(config.smtpUrl, config.mailFrom);
  if (config.notifyWebhookUrl) return webhookTransport(config.notifyWebhookUrl, config.notifyWebhookKey1, config.notifyWebhookKey2);
  return devMailboxTransport(path.join(config.dataDir, 'mail'), logger);
}
