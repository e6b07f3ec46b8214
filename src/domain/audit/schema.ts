import { z } from 'zod';
import { listQuerySchema } from '@domain/common/list-schema';
import { msg } from '@domain/common/i18n';

/**
 * The audit log (issue 8): who did what, when and from which address. Admins read it on /audit.
 * Every action the server writes has a label here; an unknown one is shown as written.
 */
export const AUDIT_ACTIONS = {
  'auth.sign_in': msg('Signed in'),
  'auth.sign_in_failed': msg('Failed sign-in'),
  'auth.password_reset': msg('Password reset'),
  'auth.password_changed': msg('Password changed'),
  'auth.account_confirmed': msg('Account confirmed from the mail'),
  'auth.registration_replaced': msg('Unconfirmed registration replaced by a new one'),
  'auth.two_factor_challenge': msg('Password accepted, code asked'),
  'auth.two_factor_verified': msg('Signed in with an authenticator code'),
  'auth.recovery_code_used': msg('Signed in with a recovery code'),
  'auth.two_factor_failed': msg('Wrong two-factor code'),
  'auth.two_factor_enabled': msg('Two-factor authentication turned on'),
  'auth.two_factor_disabled': msg('Two-factor authentication turned off'),
  'auth.recovery_codes_regenerated': msg('New recovery codes generated'),
  'settings.two_factor_requirement': msg('Two-factor requirement for staff changed'),
  'settings.exception_thresholds': msg('Exception alert thresholds changed'),
  'settings.letterhead': msg('Letterhead changed'),
  'settings.job_run': msg('Background job run by hand'),
  'settings.job_retried': msg('Failed background job retried'),
  'settings.checklist_template': msg('Checklist template changed'),
  'staff.pending_created': msg('Staff member added'),
  'staff.pending_deleted': msg('Pending staff member removed'),
  'staff.updated': msg('Staff member changed'),
  'staff.deleted': msg('Staff member deleted'),
  'staff.two_factor_reset': msg("Staff member's two-factor reset"),
  'document.upload': msg('Document uploaded'),
  'document.delete': msg('Document deleted'),
  'document.download': msg('Document downloaded'),
  'document.generated': msg('Document generated'),
  'document.finalized': msg('Generated document made final'),
  'document.checklist_received': msg('Checklist document received'),
  'document.checklist_approved': msg('Checklist document approved'),
  'document.checklist_rejected': msg('Checklist document rejected'),
  'shipment.handler_assigned': msg('Shipment handler assigned'),
  'shipment.share_link_created': msg('Tracking link shared'),
  'shipment.share_link_revoked': msg('Tracking link revoked'),
  'shipment.carrier_event_attached': msg('Carrier event attached to a shipment'),
  'shipment.carrier_event_dismissed': msg('Carrier event dismissed'),
  'request.handler_assigned': msg('Request handler assigned'),
  'request.accepted': msg('Quote accepted, shipment created'),
  'request.quote_declined': msg('Quote declined by the customer'),
  'request.revision_requested': msg('Revised quote asked for by the customer'),
  'request.quote_pdf': msg('Quote PDF downloaded'),
  'api_key.created': msg('API key created'),
  'api_key.revoked': msg('API key revoked'),
  'webhook.created': msg('Webhook created'),
  'webhook.updated': msg('Webhook changed'),
  'webhook.deleted': msg('Webhook deleted'),
  'webhook.secret_rotated': msg('Webhook secret replaced'),
  'webhook.replayed': msg('Webhook delivery replayed'),
  'import.uploaded': msg('Import file uploaded and checked'),
  'import.committed': msg('Import committed'),
  'money.rates_imported': msg('Exchange rates imported from the ECB file'),
  'money.rate_entered': msg('Exchange rate entered'),
  'money.invoice_drafted': msg('Invoice drafted'),
  'money.invoice_draft_deleted': msg('Invoice draft deleted'),
  'money.invoice_issued': msg('Invoice issued'),
  'money.invoice_pdf': msg('Invoice or credit note PDF downloaded'),
  'money.invoice_ubl': msg('Invoice or credit note e-invoice (UBL) downloaded'),
  'money.credit_note_drafted': msg('Credit note drafted'),
  'money.credit_note_issued': msg('Credit note issued'),
  'money.billing_settings_changed': msg('Billing settings changed'),
  'money.charge_added': msg('Charge line added to a shipment'),
  'money.charge_changed': msg("Shipment's charge line changed"),
  'money.charge_removed': msg("Shipment's charge line removed"),
  'money.charge_code_added': msg('Charge code added'),
  'money.charge_code_changed': msg('Charge code changed'),
  'money.payment_recorded': msg('Payment recorded'),
  'money.accounting_settings_changed': msg('Accounting settings changed'),
  'money.accounting_export': msg('Accounting export made (DATEV, Xero or QuickBooks)'),
  'money.accounting_export_downloaded': msg('Accounting export downloaded again'),
  'money.supplier_bill_entered': msg('Supplier bill entered'),
  'money.supplier_bill_changed': msg('Supplier bill changed'),
  'money.supplier_bill_deleted': msg('Supplier bill deleted'),
  'money.supplier_bill_document': msg("Supplier's bill file uploaded"),
  'money.supplier_bill_matched': msg('Supplier bill line matched to a cost line'),
  'money.supplier_bill_unmatched': msg('Supplier bill line unmatched'),
  'money.supplier_bill_paid': msg('Payment to a supplier recorded'),
  'money.rate_card_added': msg('Rate card added'),
  'money.rate_card_removed': msg('Rate card removed'),
  'money.rate_zone_saved': msg('Rate zone saved'),
  'money.rate_zone_removed': msg('Rate zone removed'),
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_CATEGORIES = {
  auth: msg('Sign-ins, passwords and two-factor'),
  staff: msg('Staff changes'),
  document: msg('Documents'),
  settings: msg('Security and alert settings'),
  shipment: msg('Shipment assignments and tracking links'),
  request: msg('Request assignments, accepted quotes and quote PDFs'),
  api_key: msg('API keys'),
  webhook: msg('Webhooks'),
  import: msg('Bulk imports'),
  money: msg('Exchange rates, invoices and payments'),
} as const;
export type AuditCategory = keyof typeof AUDIT_CATEGORIES;
const CATEGORY_VALUES = Object.keys(AUDIT_CATEGORIES) as [AuditCategory, ...AuditCategory[]];

export const AUDIT_PAGE_SIZE = 20;

export const auditQuerySchema = listQuerySchema.extend({
  pageSize: listQuerySchema.shape.pageSize.default(AUDIT_PAGE_SIZE),
  category: z.enum(CATEGORY_VALUES, { message: msg('category must be one of: auth, staff, document, settings, shipment, request, api_key, webhook, import, money') }).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditRowSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  actor_email: z.string().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip_address: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export function auditActionLabel(action: string): string {
  return Object.hasOwn(AUDIT_ACTIONS, action) ? AUDIT_ACTIONS[action as AuditAction] : action;
}

/** The /audit page's URL state: search, category and page (what the list query takes, minus pageSize). */
export const auditSearchSchema = z.object({
  q: z.string().max(200).optional().catch(undefined),
  category: z.enum(CATEGORY_VALUES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type AuditSearch = z.infer<typeof auditSearchSchema>;

const show = (v: unknown) => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v));

/** A short, readable line of an entry's details (e.g. 'role: export → import', 'status 401'). */
export function auditDetailLine(details: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(details)) {
    if (value === null || value === undefined || value === '') continue;
    const label = key.replace(/_/g, ' ');
    if (typeof value === 'object' && 'old' in value && 'new' in value) {
      if (value.old !== value.new) parts.push(`${label}: ${show(value.old)} → ${show(value.new)}`);
    } else if (typeof value !== 'object') {
      parts.push(`${label}: ${show(value)}`);
    }
  }
  return parts.join(', ');
}
