import { Badge } from '@mantine/core';
import { statusColor, statusLabel } from '@domain/shipments/status';
import { SHIPMENT_TYPE_LABELS, transportModeLabel, type ShipmentType } from '@domain/common/enums';
import { t } from '@web/lib/i18n';

/** Status badge (spec section 4): pending yellow, in_progress green ('In Progress'), others blue. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={statusColor(status)} variant="light" radius="sm" tt="none" style={{ minWidth: "max-content" }} data-testid="status-badge">
      {t(statusLabel(status))}
    </Badge>
  );
}

export const TYPE_COLORS: Record<ShipmentType, string> = { air: 'indigo', sea: 'cyan', land: 'orange', partial: 'grape' };

export function TypeBadge({ type }: { type: ShipmentType }) {
  return (
    <Badge color={TYPE_COLORS[type]} variant="outline" radius="sm" tt="none" style={{ minWidth: "max-content" }} data-testid="type-badge">
      {t(SHIPMENT_TYPE_LABELS[type])}
    </Badge>
  );
}

export function ModeBadge({ mode }: { mode: string | null }) {
  return (
    <Badge color="gray" variant="light" radius="sm" tt="none" style={{ minWidth: "max-content" }}>
      {t(transportModeLabel(mode))}
    </Badge>
  );
}
