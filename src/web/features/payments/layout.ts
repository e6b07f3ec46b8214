import { msg } from '@domain/common/i18n';
import type { AgeingBucket } from '@domain/money/ageing';
import { isZero } from './money';

/** The ageing buckets' names, marked here and translated where shown: `t(AGEING_LABELS[b])`. */
export const AGEING_LABELS: Record<AgeingBucket, string> = { current: msg('Current'), '1-30': msg('1-30 days'), '31-60': msg('31-60 days'), '61-90': msg('61-90 days'), '91+': msg('91+ days') };

/** A past-due bucket with an amount in it is red; any other takes `otherwise`. */
export const bucketColor = (bucket: AgeingBucket, amount: string, otherwise?: string) => (bucket !== 'current' && !isZero(amount) ? 'red.9' : otherwise);

/**
 * The printed statement and report: the page alone, without the menu, the header, the filters and the buttons, each
 * currency kept on one page where it fits, tables at full width without their scroll area.
 */
export const PRINT_STYLE = `@media print {
  .mantine-AppShell-navbar, .mantine-AppShell-header, .cd-no-print { display: none !important; }
  .mantine-AppShell-main { padding: 0 !important; margin: 0 !important; }
  .cd-print-block { break-inside: avoid; border-color: #999 !important; }
  .cd-print-block .mantine-ScrollArea-viewport { overflow: visible !important; }
  .cd-print-block table { min-width: 0 !important; }
  body { background: #fff !important; }
}`;
