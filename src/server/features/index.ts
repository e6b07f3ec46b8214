import { messageRoutes } from './messages/routes';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '@server/http/context';
import { airportRoutes } from './airports/routes';
import { seaportRoutes } from './seaports/routes';
import { companyRoutes } from './companies/routes';
import { staffRoutes } from './staff/routes';
import { carrierRoutes } from './carriers/routes';
import { serviceProviderRoutes } from './service-providers/routes';
import { consolidationAgentRoutes } from './consolidation-agents/routes';
import { shipmentListRoutes } from './shipment-lists/routes';
import { shipmentRoutes } from './shipments/routes';
import { documentRoutes } from './documents/routes';
import { auditRoutes } from './audit/routes';
import { settingsRoutes } from './settings/routes';
import { shareLinkRoutes } from './share-links/routes';
import { exceptionRoutes } from './exceptions/routes';
import { notificationRoutes } from './notifications/routes';
import { requestRoutes } from './requests/routes';
import { generatedDocumentRoutes } from './generated-documents/routes';
import { checklistRoutes } from './checklist/routes';
import { apiKeyRoutes } from './api-keys/routes';
import { webhookRoutes } from './webhooks/routes';
import { carrierEventRoutes } from './carrier-events/routes';
import { importRoutes } from './imports/routes';
import type { FeatureDeps } from './deps';
import { exchangeRateRoutes } from './exchange-rates/routes';
import { chargeRoutes } from './charges/routes';
import { paymentRoutes } from './payments/routes';
import { invoiceRoutes } from './invoices/routes';
import { billingSettingsRoutes } from './billing-settings/routes';
import { accountingRoutes } from './accounting';
import { supplierBillRoutes } from './supplier-bills/routes';
import { rateRoutes } from './rates';
import { jobRoutes } from './jobs/routes';

/**
 * Every signed-in feature router, mounted under /api after the session check.
 * A new feature adds one line here.
 */
export function featureRoutes(_deps: FeatureDeps): OpenAPIHono<AppEnv>[] {
  return [
    airportRoutes(_deps.db),
    seaportRoutes(_deps.db),
    companyRoutes(_deps.db),
    staffRoutes(_deps.db),
    carrierRoutes(_deps.db),
    serviceProviderRoutes(_deps.db),
    consolidationAgentRoutes(_deps.db),
    shipmentListRoutes(_deps.db),
    shipmentRoutes(_deps),
    documentRoutes(_deps),
    shareLinkRoutes(_deps),
    exceptionRoutes(_deps.db),
    notificationRoutes(_deps.db),
    requestRoutes(_deps),
    messageRoutes(_deps),
    generatedDocumentRoutes(_deps),
    checklistRoutes(_deps),
    webhookRoutes(_deps),
    carrierEventRoutes(_deps),
    importRoutes(_deps),
    exchangeRateRoutes(_deps.db),
    chargeRoutes(_deps.db),
    paymentRoutes(_deps.db),
    invoiceRoutes(_deps.db),
    billingSettingsRoutes(_deps.db),
    accountingRoutes(_deps.db, _deps.storage),
    supplierBillRoutes(_deps),
    rateRoutes(_deps.db),
    auditRoutes(_deps.db),
    jobRoutes(_deps),
    settingsRoutes(_deps.db),
    apiKeyRoutes(_deps.db),
  ];
}
