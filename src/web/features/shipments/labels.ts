/**
 * The words of a shipment's stored enumerations in the reader's language (issue 42). English reads as statusLabel and
 * capitalize write them ('in_progress' 'In Progress', 'net_30' 'Net 30', 'export' 'Export'); one message per
 * enumeration, so a word two of them share ('Box' a package and a truck) is translated for each. A value the message
 * does not know reads as statusLabel writes it.
 */
import { transportModeLabel } from '@domain/common/enums';
import { shipmentTypeLabel } from '@domain/shipments/labels';
import { statusLabel } from '@domain/shipments/status';
import { t } from '@web/lib/i18n';

type Value = string | null | undefined;
// 'other' is the messages' own fallback case: the value 'other' (a package or truck type) is named there, as is none.
const values = (value: Value) => ({ value: value ?? '', label: value === 'other' ? t('Other') : value ? statusLabel(value) : t('Unknown') });

export const shipmentStatusLabel = (value: Value): string =>
  t(
    '{value, select, pending {Pending} pending_approval {Pending Approval} approved {Approved} in_progress {In Progress} in_transit {In Transit} customs_check {Customs Check} delivered {Delivered} completed {Completed} other {{label}}}',
    values(value),
  );

export const customsStatusLabel = (value: Value): string =>
  t('{value, select, pending {Pending} in_progress {In Progress} cleared {Cleared} held {Held} documentation_required {Documentation Required} other {{label}}}', values(value));

export const paymentTermsLabel = (value: Value): string =>
  t('{value, select, prepaid {Prepaid} collect {Collect} net_30 {Net 30} net_60 {Net 60} net_90 {Net 90} other {{label}}}', values(value));

/** 'Prepaid', 'Collect': a transport document's freight terms (issue 41). */
export const freightTermsLabel = (value: Value): string => t('{value, select, prepaid {Prepaid} collect {Collect} other {{label}}}', values(value));

export const packageTypeLabel = (value: Value): string =>
  t(
    '{value, select, box {Box} pallet {Pallet} package {Package} crate {Crate} drum {Drum} bag {Bag} roll {Roll} bundle {Bundle} carton {Carton} unit {Unit} other {{label}}}',
    values(value),
  );

export const truckTypeLabel = (value: Value): string =>
  t('{value, select, box {Box} flatbed {Flatbed} reefer {Reefer} tanker {Tanker} other {{label}}}', values(value));

/** 'Export', 'Import' (a loading type, or a handler's role). */
export const loadingTypeLabel = (value: Value): string => t('{value, select, export {Export} import {Import} other {{label}}}', values(value));

/** The type badge's text: the type, and for a partial shipment its mode ('Partial (LCL)'), as shipmentTypeBadge writes it. */
export function shipmentTypeText(s: { type: string; transport_mode?: string | null }): string {
  return s.type === 'partial' ? t('Partial ({mode})', { mode: t(transportModeLabel(s.transport_mode)) }) : t(shipmentTypeLabel(s.type));
}
