import { msg } from '@domain/common/i18n';

/**
 * The names of the checklist templates' first items (migrations 0025 and 0052), as the catalog holds them (issue 42):
 * an item that keeps its template's name reads in its reader's language, on the pages and in the mails and digests
 * (the server's `tr.t(item)` and the digest lines' `item_label` find them). A name an administrator writes is the
 * office's own text and is shown as written.
 */
export const TEMPLATE_ITEM_NAMES: ReadonlySet<string> = new Set([
  msg('Commercial Invoice'),
  msg('Packing List'),
  msg('Verified Gross Mass (VGM) declaration'),
  msg('Certificate of Origin'),
  msg('Export customs declaration'),
  msg('Import customs declaration'),
  msg('B/L draft approval'),
  msg('Original Bill of Lading or telex release'),
  msg('Arrival Notice'),
  msg('Dangerous Goods Declaration'),
  msg('Dangerous Goods Declaration (IMDG)'),
  msg('House Air Waybill'),
  msg("Shipper's Letter of Instruction"),
  msg('CMR consignment note'),
  msg('Transit declaration (T1)'),
]);

/** A checklist item's name for a reader: the template's names translated by `t`, any other as written. */
export const checklistItemName = (name: string, t: (message: string) => string): string => (TEMPLATE_ITEM_NAMES.has(name) ? t(name) : name);
