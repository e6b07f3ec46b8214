import { z } from 'zod';
import { listQuerySchema } from '@domain/common/list-schema';

/**
 * The audit log (issue 8): who did what, when and from which address. Admins read it on /audit.
 * Every action the server writes has a label here; an unknown one is shown as written.
 */
export const AUDIT_ACTIONS = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Failed sign-in',
  'auth.password_reset': 'Password reset',
  'auth.password_changed': 'Password changed',
  'auth.account_confirmed': 'Account confirmed from the mail',
  'auth.registration_replaced': 'Unconfirmed registration replaced by a new one',
  'auth.two_factor_challenge': 'Password accepted, code asked',
  'auth.two_factor_verified': 'Signed in with an authenticator code',
  'auth.recovery_code_used': 'Signed in with a recovery code',
  'auth.two_factor_failed': 'Wrong two-factor code',
  'auth.two_factor_enabled': 'Two-factor authentication turned on',
  'auth.two_factor_disabled': 'Two-factor authentication turned off',
  'auth.recovery_codes_regenerated': 'New recovery codes generated',
  'settings.two_factor_requirement': 'Two-factor requirement for staff changed',
  'settings.exception_thresholds': 'Exception alert thresholds changed',
  'settings.letterhead': 'Letterhead changed',
  'settings.checklist_template': 'Checklist template changed',
  'staff.pending_created': 'Staff member added',
  'staff.pending_deleted': 'Pending staff member removed',
  'staff.updated': 'Staff member changed',
  'staff.deleted': 'Staff member deleted',
  'staff.two_factor_reset': "Staff member's two-factor reset",
  'document.upload': 'Document uploaded',
  'document.delete': 'Document deleted',
  'document.download': 'Document downloaded',
  'document.generated': 'Document generated',
  'document.finalized': 'Generated document made final',
  'document.checklist_received': 'Checklist document received',
  'document.checklist_approved': 'Checklist document approved',
  'document.checklist_rejected': 'Checklist document rejected',
  'shipment.handler_assigned': 'Shipment handler assigned',
  'shipment.share_link_created': 'Tracking link shared',
  'shipment.share_link_revoked': 'Tracking link revoked',
  'shipment.carrier_event_attached': 'Carrier event attached to a shipment',
  'shipment.carrier_event_dismissed': 'Carrier event dismissed',
  'request.handler_assigned': 'Request handler assigned',
  'request.accepted': 'Quote accepted, shipment created',
  'request.quote_pdf': 'Quote PDF downloaded',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'webhook.created': 'Webhook created',
  'webhook.updated': 'Webhook changed',
  'webhook.deleted': 'Webhook deleted',
  'webhook.secret_rotated': 'Webhook secret replaced',
  'webhook.replayed': 'Webhook delivery replayed',
  'import.uploaded': 'Import file uploaded and checked',
  'import.committed': 'Import committed',
  'money.rates_imported': 'Exchange rates imported from the ECB file',
  'money.rate_entered': 'Exchange rate entered',
  'money.invoice_drafted': 'Invoice drafted',
  'money.invoice_draft_deleted': 'Invoice draft deleted',
  'money.invoice_issued': 'Invoice issued',
  'money.invoice_pdf': 'Invoice or credit note PDF downloaded',
  'money.invoice_ubl': 'Invoice or credit note e-invoice (UBL) downloaded',
  'money.credit_note_drafted': 'Credit note drafted',
  'money.credit_note_issued': 'Credit note issued',
  'money.billing_settings_changed': 'Billing settings changed',
  'money.charge_added': 'Charge line added to a shipment',
  'money.charge_changed': "Shipment's charge line changed",
  'money.charge_removed': "Shipment's charge line removed",
  'money.charge_code_added': 'Charge code added',
  'money.charge_code_changed': 'Charge code changed',
  'money.payment_recorded': 'Payment recorded',
  'money.accounting_settings_changed': 'Accounting settings changed',
  'money.accounting_export': 'Accounting export made (DATEV, Xero or QuickBooks)',
  'money.accounting_export_downloaded': 'Accounting export downloaded again',
  'money.supplier_bill_entered': 'Supplier bill entered',
  'money.supplier_bill_changed': 'Supplier bill changed',
  'money.supplier_bill_document': "Supplier's bill file uploaded",
  'money.supplier_bill_matched': 'Supplier bill line matched to a cost line',
  'money.supplier_bill_unmatched': 'Supplier bill line unmatched',
  'money.supplier_bill_paid': 'Payment to a supplier recorded',
  'money.rate_card_added': 'Rate card added',
  'money.rate_card_removed': 'Rate card removed',
  'money.rate_zone_saved': 'Rate zone saved',
  'money.rate_zone_removed': 'Rate zone removed',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_CATEGORIES = {
  auth: 'Sign-ins, passwords and two-factor',
  staff: 'Staff changes',
  document: 'Documents',
  settings: 'Security and alert settings',
  shipment: 'Shipment assignments and tracking links',
  request: 'Request assignments, accepted quotes and quote PDFs',
  api_key: 'API keys',
  webhook: 'Webhooks',
  import: 'Bulk imports',
  money: 'Exchange rates, invoices and payments',
} as const;
export type AuditCategory = keyof typeof AUDIT_CATEGORIES;
const CATEGORY_VALUES = Object.keys(AUDIT_CATEGORIES) as [AuditCategory, ...AuditCategory[]];

export const AUDIT_PAGE_SIZE = 20;

export const auditQuerySchema = listQuerySchema.extend({
  pageSize: listQuerySchema.shape.pageSize.default(AUDIT_PAGE_SIZE),
  category: z.enum(CATEGORY_VALUES, { message: `category must be one of: ${CATEGORY_VALUES.join(', ')}` }).optional(),
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
