/** Labels and select options of the request pages (English; translated where shown, by `translated`). */
import type { LoadingType } from '@domain/common/enums';
import { msg } from '@domain/common/i18n';
import { t } from '@web/lib/i18n';
import { REQUEST_MODES, REQUEST_MODE_LABELS, REQUEST_STATUSES, REQUEST_STATUS_LABELS } from '@domain/requests/schema';

export const DIRECTION_LABELS: Record<LoadingType, string> = { export: msg('Export'), import: msg('Import') };

export const MODE_OPTIONS = REQUEST_MODES.map((m) => ({ value: m, label: REQUEST_MODE_LABELS[m] }));
export const STATUS_OPTIONS = REQUEST_STATUSES.map((s) => ({ value: s, label: REQUEST_STATUS_LABELS[s] }));
export const DIRECTION_OPTIONS = (['export', 'import'] as const).map((d) => ({ value: d, label: DIRECTION_LABELS[d] }));

/** Select options with their labels in the reader's language (call while rendering). */
export const translated = <T extends { label: string }>(options: readonly T[]): T[] => options.map((o) => ({ ...o, label: t(o.label) }));
