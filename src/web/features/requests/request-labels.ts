/** Labels and select options of the request pages. */
import type { LoadingType } from '@domain/common/enums';
import { REQUEST_MODES, REQUEST_MODE_LABELS, REQUEST_STATUSES, REQUEST_STATUS_LABELS } from '@domain/requests/schema';

export const DIRECTION_LABELS: Record<LoadingType, string> = { export: 'Export', import: 'Import' };

export const MODE_OPTIONS = REQUEST_MODES.map((m) => ({ value: m, label: REQUEST_MODE_LABELS[m] }));
export const STATUS_OPTIONS = REQUEST_STATUSES.map((s) => ({ value: s, label: REQUEST_STATUS_LABELS[s] }));
export const DIRECTION_OPTIONS = (['export', 'import'] as const).map((d) => ({ value: d, label: DIRECTION_LABELS[d] }));
