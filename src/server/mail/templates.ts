import { escapeHtml } from '../../domain/html';
import type { Mail } from './outbox';

function layout(title: string, body: string): string {
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">
<h2 style="color:#1c4e80;margin:0 0 16px">${escapeHtml(title)}</h2>
${body}
<p style="color:#6b7280;font-size:12px;margin-top:32px">This is an automated message from Cargodesk. Please do not reply.</p>
</body></html>`;
}

function button(url: string, label: string): string {
  return `<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#1c7ed6;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>
<p style="font-size:12px;color:#6b7280">Or open this link: ${escapeHtml(url)}</p>`;
}

export function confirmAccountMail(to: string, name: string, url: string): Mail {
  return {
    to,
    subject: 'Confirm your Cargodesk account',
    html: layout(
      'Confirm your account',
      `<p>Hello ${escapeHtml(name)},</p><p>Please confirm your email address to finish your Cargodesk registration.</p>${button(url, 'Confirm my account')}`,
    ),
    text: `Hello ${name},\n\nConfirm your Cargodesk account: ${url}\n`,
  };
}

export function resetPasswordMail(to: string, name: string, url: string): Mail {
  return {
    to,
    subject: 'Reset your Cargodesk password',
    html: layout(
      'Reset your password',
      `<p>Hello ${escapeHtml(name)},</p><p>We received a request to reset your password. The link is valid for one hour.</p>${button(url, 'Set a new password')}<p>If you did not ask for this, you can ignore this mail.</p>`,
    ),
    text: `Hello ${name},\n\nSet a new Cargodesk password: ${url}\n`,
  };
}
