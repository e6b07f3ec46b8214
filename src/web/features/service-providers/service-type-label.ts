import { SERVICE_TYPE_LABELS, type ServiceType } from '@domain/common/enums';
import { t } from '@web/lib/i18n';

/** A stored service type (its English name) in the reader's language; one the list does not know shows as stored. */
export const serviceTypeLabel = (value: string): string =>
  Object.hasOwn(SERVICE_TYPE_LABELS, value) ? t(SERVICE_TYPE_LABELS[value as ServiceType]) : value;
