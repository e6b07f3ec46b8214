/**
 * The words of a shipment's stored enumerations in the reader's language (issue 42): one ICU message per enumeration,
 * so that a word two of them share ('Box', a package and a truck) is translated for each. The pages
 * (web/features/shipments/labels.ts) and the papers (server/pdf/format.ts) read them here, so both say the same. English
 * reads as statusLabel writes it ('in_progress' 'In Progress', 'net_30' 'Net 30'); a value a message does not know too.
 */
import { msg, type Reader } from '@domain/common/i18n';
import { statusLabel } from './status';

export const ENUM_WORDS = {
  shipmentStatus: msg(
    '{value, select, pending {Pending} pending_approval {Pending Approval} approved {Approved} in_progress {In Progress} in_transit {In Transit} customs_check {Customs Check} delivered {Delivered} completed {Completed} other {{label}}}',
  ),
  customsStatus: msg('{value, select, pending {Pending} in_progress {In Progress} cleared {Cleared} held {Held} documentation_required {Documentation Required} other {{label}}}'),
  paymentTerms: msg('{value, select, prepaid {Prepaid} collect {Collect} net_30 {Net 30} net_60 {Net 60} net_90 {Net 90} other {{label}}}'),
  /** 'Prepaid', 'Collect': a transport document's freight terms (issue 41). */
  freightTerms: msg('{value, select, prepaid {Prepaid} collect {Collect} other {{label}}}'),
  packageType: msg('{value, select, box {Box} pallet {Pallet} package {Package} crate {Crate} drum {Drum} bag {Bag} roll {Roll} bundle {Bundle} carton {Carton} unit {Unit} other {{label}}}'),
  truckType: msg('{value, select, box {Box} flatbed {Flatbed} reefer {Reefer} tanker {Tanker} other {{label}}}'),
  /** 'Export', 'Import' (a loading type, or a handler's role). */
  loadingType: msg('{value, select, export {Export} import {Import} other {{label}}}'),
} as const;

/**
 * `value` under one of ENUM_WORDS's messages for `reader`. The messages' own fallback case is 'other', so the value
 * 'other' (a package or truck type) is named there, and so is none ('Unknown').
 */
export function enumWord(reader: Pick<Reader, 't'>, message: string, value: string | null | undefined): string {
  const label = value === 'other' ? reader.t(msg('Other')) : value ? statusLabel(value) : reader.t(msg('Unknown'));
  return reader.t(message, { value: value ?? '', label });
}
