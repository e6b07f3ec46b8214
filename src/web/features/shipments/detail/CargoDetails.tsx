import { Badge, Group, Paper, Table, Text } from '@mantine/core';
import { IconBox } from '@tabler/icons-react';
import { lineCubicCm, type Piece } from '@domain/cargo/measures';
import type { CustomerShipment, ShipmentDetail } from '@domain/shipments/index';
import { formatHsCode } from '@domain/cargo/trade-numbers';
import { msg } from '@domain/common/i18n';
import { formatNumber } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { Field, FieldGrid, Section, measure } from '@web/ui/DetailParts';
import { fieldMoney } from '../field-money';
import { packageTypeLabel } from '../labels';

const money = (amount: number | null, currency: string) => (amount === null ? null : fieldMoney(amount, currency));
const plain = (n: number) => formatNumber(n);

/** The dimension lines: pieces, length x width x height in their unit, weight per piece and the line's volume. */
function PiecesTable({ pieces }: { pieces: Piece[] }) {
  return (
    <Table.ScrollContainer minWidth={400} mt="md">
      <Table striped verticalSpacing={6} aria-label={t('Dimension lines')} fz="sm" style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th ta="right">{t('Pieces')}</Table.Th>
            <Table.Th>{t('Dimensions (L × W × H)')}</Table.Th>
            <Table.Th ta="right">{t('Weight per Piece')}</Table.Th>
            <Table.Th ta="right">{t('Volume')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pieces.map((p, i) => {
            const cm3 = lineCubicCm(p);
            return (
              <Table.Tr key={i}>
                <Table.Td ta="right">{p.count}</Table.Td>
                <Table.Td>
                  {plain(p.length)} × {plain(p.width)} × {plain(p.height)} {p.unit}
                </Table.Td>
                <Table.Td ta="right">{p.weight === null ? '—' : `${plain(p.weight)} kg`}</Table.Td>
                <Table.Td ta="right">{cm3 === null ? '—' : `${(cm3 / 1_000_000).toFixed(3)} m³`}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Cargo Information: description, weights, volume, packages, dimension lines, HS code, dangerous goods codes, values
 * and handling flags. Staff also see the volumetric and chargeable weight with the calculation (never a customer).
 */
export function CargoSection({ shipment, staff }: { shipment: CustomerShipment | ShipmentDetail; staff: boolean }) {
  const s = shipment;
  const detail = staff && 'weight_chargeable' in s ? s : null;
  // Older shipments carry one set of dimensions instead of lines.
  const dims = s.pieces.length === 0 && [s.length, s.width, s.height].every((v) => typeof v === 'number') ? `${s.length} × ${s.width} × ${s.height} cm` : null;
  const flags = [
    s.dangerous_goods && { label: msg('Dangerous Goods'), color: 'red' },
    s.temperature_controlled && { label: msg('Temperature Controlled'), color: 'cyan' },
    'stackable' in s && s.stackable === false && { label: msg('Not Stackable'), color: 'orange' },
    'door_delivery' in s && s.door_delivery && { label: msg('Door Delivery'), color: 'teal' },
  ].filter((f): f is { label: string; color: string } => !!f);
  return (
    <Section title={t('Cargo Information')} icon={<IconBox size={18} />}>
      <FieldGrid>
        <Field label={t('Description')} span>
          {s.cargo_description}
        </Field>
        <Field label={t('Gross Weight')}>{measure(s.weight_gross, 'kg')}</Field>
        {s.weight_net !== null && <Field label={t('Net Weight')}>{measure(s.weight_net, 'kg')}</Field>}
        <Field label={t('Volume')}>{measure(s.volume, 'm³')}</Field>
        {detail && <Field label={t('Volumetric Weight')}>{measure(detail.weight_volumetric, 'kg')}</Field>}
        {detail && <Field label={t('Chargeable Weight')}>{measure(detail.weight_chargeable, 'kg')}</Field>}
        <Field label={t('Packages')}>
          {s.packages_count}
          {s.package_type ? ` × ${packageTypeLabel(s.package_type)}` : ''}
        </Field>
        {dims && <Field label={t('Dimensions (L × W × H)')}>{dims}</Field>}
        <Field label={t('HS Code')}>{s.hs_code ? formatHsCode(s.hs_code) : null}</Field>
        {s.dangerous_goods && <Field label={t('UN Number')}>{s.un_number}</Field>}
        {s.dangerous_goods && <Field label={t('Hazard Class')}>{s.hazard_class}</Field>}
        {s.dangerous_goods && s.packing_group && <Field label={t('Packing Group')}>{s.packing_group}</Field>}
        {s.dangerous_goods && s.tunnel_code && <Field label={t('Tunnel Restriction Code')}>{`(${s.tunnel_code})`}</Field>}
        {s.cargo_value !== null && <Field label={t('Cargo Value')}>{money(s.cargo_value, s.cargo_value_currency)}</Field>}
        {s.cargo_insurance_value !== null && <Field label={t('Insurance Value')}>{money(s.cargo_insurance_value, s.cargo_insurance_value_currency)}</Field>}
        {s.temperature_controlled && (
          <Field label={t('Temperature Range')}>
            {t('{min} °C to {max} °C', { min: s.temperature_range_min ?? '?', max: s.temperature_range_max ?? '?' })}
          </Field>
        )}
      </FieldGrid>
      {s.pieces.length > 0 && <PiecesTable pieces={s.pieces} />}
      {detail?.cargo_calculation && (
        <Paper withBorder radius="sm" p="xs" mt="md" bg="gray.0">
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
            {t('Chargeable weight calculation')}
          </Text>
          <Text fz="sm" data-testid="cargo-calculation" style={{ overflowWrap: 'anywhere' }}>
            {detail.cargo_calculation}
          </Text>
        </Paper>
      )}
      {flags.length > 0 && (
        <Group gap="xs" mt="md">
          {flags.map((f) => (
            <Badge key={f.label} color={f.color} variant="light" radius="sm" tt="none">
              {t(f.label)}
            </Badge>
          ))}
        </Group>
      )}
    </Section>
  );
}
