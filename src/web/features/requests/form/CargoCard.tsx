import { Checkbox, Grid, Group, NumberInput, SegmentedControl, Stack, Textarea } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { cargoMeasures } from '@domain/shipments/index';
import { WEIGHT_UNITS, toKg, type WeightUnit } from '@domain/requests/parties';
import { CargoSummary, DangerousGoodsFields, DimensionLines, VolumeField } from '@web/features/cargo';
import { FormSection } from '@web/ui/FormSection';
import { t } from '@web/lib/i18n';
import type { RequestFormApi } from './request-form';
import { formTransport } from './request-form-values';

// A minus or a 0 stays as typed; the check names it (issue 37).
const weight = { step: 0.01, decimalScale: 3, clampBehavior: 'none', hideControls: true } as const;
const UNIT_DATA = WEIGHT_UNITS.map((u) => ({ value: u, label: u }));

/** The gross weight in kg for the live figures, whatever unit it is typed in (issue 45); as typed when not a number. */
function weightInKg(value: number | string, unit: WeightUnit): number | string {
  const n = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
  return Number.isFinite(n) ? toKg(n, unit) : value;
}

/**
 * What travels: description, gross weight, the dimension lines of the shipment form with the live volume and
 * chargeable weight (the domain's cargoMeasures, by the mode asked for), and dangerous goods with UN number and class.
 */
export function CargoCard({ form }: { form: RequestFormApi }) {
  const v = form.values;
  const transport = formTransport(v.mode);
  const measures = cargoMeasures({ transport, pieces: v.pieces, volume: v.volume, weight_gross: weightInKg(v.weight_gross, v.weight_unit) });
  return (
    <FormSection title={t('Cargo')} description={t('What travels, its weight and size')} icon={<IconPackage size={18} />}>
      <Stack gap="md">
        <Textarea label={t('Cargo Description')} placeholder={t('e.g. Cotton fabric rolls on pallets')} autosize minRows={2} maxLength={2000} {...form.getInputProps('cargo_description')} />
        {/* kg or lb (issue 45): stored in kg, shown as entered. */}
        <Group gap="sm" align="flex-end" wrap="nowrap" maw={420}>
          <NumberInput label={t('Gross Weight')} {...weight} style={{ flex: 1 }} {...form.getInputProps('weight_gross')} />
          <SegmentedControl aria-label={t('Weight Unit')} data={UNIT_DATA} value={v.weight_unit} onChange={(u) => form.setFieldValue('weight_unit', u)} />
        </Group>
        <DimensionLines form={form} />
        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <VolumeField form={form} measures={measures} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <CargoSummary measures={measures} noTransport={t('The chargeable weight follows once the mode is set: choose air, sea or land, or we work it out with the quote.')} />
          </Grid.Col>
        </Grid>
        <Checkbox label={t('Dangerous Goods')} {...form.getInputProps('dangerous_goods', { type: 'checkbox' })} />
        {v.dangerous_goods && <DangerousGoodsFields form={form} />}
      </Stack>
    </FormSection>
  );
}
