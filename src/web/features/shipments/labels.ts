/**
 * The words of a shipment's stored enumerations in the reader's language (issue 42), by the messages the papers use
 * too (domain/shipments/enum-words.ts).
 */
import { transportModeLabel } from '@domain/common/enums';
import { ENUM_WORDS, enumWord } from '@domain/shipments/enum-words';
import { shipmentTypeLabel } from '@domain/shipments/labels';
import { t } from '@web/lib/i18n';

type Value = string | null | undefined;
const reader = { t };

export const shipmentStatusLabel = (value: Value): string => enumWord(reader, ENUM_WORDS.shipmentStatus, value);
export const customsStatusLabel = (value: Value): string => enumWord(reader, ENUM_WORDS.customsStatus, value);
export const paymentTermsLabel = (value: Value): string => enumWord(reader, ENUM_WORDS.paymentTerms, value);
/** 'Prepaid', 'Collect': a transport document's freight terms (issue 41). */
export const freightTermsLabel = (value: Value): string => enumWord(reader, ENUM_WORDS.freightTerms, value);
export const packageTypeLabel = (value: Value): string => enumWord(reader, ENUM_WORDS.packageType, value);
export const truckTypeLabel = (value: Value): string => enumWord(reader, ENUM_WORDS.truckType, value);
/** 'Export', 'Import' (a loading type, or a handler's role). */
export const loadingTypeLabel = (value: Value): string => enumWord(reader, ENUM_WORDS.loadingType, value);

/** The type badge's text: the type, and for a partial shipment its mode ('Partial (LCL)'), as shipmentTypeBadge writes it. */
export function shipmentTypeText(s: { type: string; transport_mode?: string | null }): string {
  return s.type === 'partial' ? t('Partial ({mode})', { mode: t(transportModeLabel(s.transport_mode)) }) : t(shipmentTypeLabel(s.type));
}
