import type { ServiceType } from '@domain/common/enums';
import { msg } from '@domain/common/i18n';
import { t } from '@web/lib/i18n';

/** The service types are stored as their English names; these mark them for the catalog (issue 42). */
const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  'Customs Broker': msg('Customs Broker'),
  'Freight Forwarder': msg('Freight Forwarder'),
  'Insurance Provider': msg('Insurance Provider'),
  'Warehouse Provider': msg('Warehouse Provider'),
  'Transport Provider': msg('Transport Provider'),
  'Container Depot': msg('Container Depot'),
  'Consolidation Agent': msg('Consolidation Agent'),
  Other: msg('Other'),
};

/** A stored service type in the reader's language; one the list does not know shows as stored. */
export const serviceTypeLabel = (value: string): string =>
  Object.hasOwn(SERVICE_TYPE_LABELS, value) ? t(SERVICE_TYPE_LABELS[value as ServiceType]) : value;
