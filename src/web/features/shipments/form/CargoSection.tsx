import { Checkbox, Grid, Group, NumberInput, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { PACKAGE_TYPES } from '@domain/common/enums';
import { cargoMeasures, transportOf } from '@domain/shipments/index';
import { AmountInput } from './AmountInput';
import { CargoSummary, DangerousGoodsFields, DimensionLines, VolumeField } from '@web/features/cargo';
import { selectValue, type SectionProps } from './form-context';
import { enumOptions } from './form-values';
import { t } from '@web/lib/i18n';
import { FormSection } from '@web/ui/FormSection';
import { packageTypeLabel } from '../labels';

/** Steps of spec section 5: cargo and money 0.01, volume 0.001. */
const weight = { step: 0.01, decimalScale: 2, min: 0, allowNegative: false, hideControls: true, rightSection: 'kg', rightSectionWidth: 36 } as const;
const temperature = { step: 0.1, decimalScale: 1, min: -273, max: 1000, hideControls: true, rightSection: '°C', rightSectionWidth: 36 } as const;

export type CargoProps = SectionProps & {
  /** The chosen carrier's own volumetric divisor (cm³ per kg), or null for the mode's default. */
  carrierDivisor: number | null;
};

/**
 * Cargo: description, packing, weights, the dimension lines with their live totals (the domain's cargoMeasures, no
 * request), values and handling flags; dangerous goods ask for the UN number and hazard class. With lines the volume
 * is computed and shown read-only; the stored length, width and height of older shipments stay in the form untouched.
 */
export function CargoSection(props: CargoProps) {
  const { form, carrierDivisor } = props;
  const v = form.values;
  const transport = transportOf({ type: String(v.type), transport_mode: selectValue(v.transport_mode) });
  const measures = cargoMeasures({ transport, pieces: v.pieces, volume: v.volume, weight_gross: v.weight_gross, carrierDivisor });
  return (
    <FormSection title={t('Cargo')} description={t('What travels, how it is packed, weights and values')} icon={<IconPackage size={18} />}>
      <Stack gap="md">
        <Textarea label={t('Cargo Description')} placeholder={t('e.g. Cotton fabric rolls')} autosize minRows={2} maxLength={2000} {...form.getInputProps('cargo_description')} />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <Select label={t('Package Type')} placeholder={t('Select package type')} data={enumOptions(PACKAGE_TYPES, packageTypeLabel)} {...form.getInputProps('package_type')} value={selectValue(v.package_type)} />
          <NumberInput label={t('Number of Packages')} step={1} min={1} allowDecimal={false} allowNegative={false} hideControls {...form.getInputProps('packages_count')} />
          <NumberInput label={t('Gross Weight')} {...weight} {...form.getInputProps('weight_gross')} />
          <NumberInput label={t('Net Weight')} {...weight} {...form.getInputProps('weight_net')} />
        </SimpleGrid>
        <DimensionLines form={form} />
        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <VolumeField form={form} measures={measures} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <CargoSummary measures={measures} />
          </Grid.Col>
        </Grid>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <AmountInput {...props} field="cargo_value" label={t('Cargo Value')} />
          <AmountInput {...props} field="cargo_insurance_value" label={t('Insurance Value')} />
        </SimpleGrid>
        <Group gap="xl">
          <Checkbox label={t('Dangerous Goods')} {...form.getInputProps('dangerous_goods', { type: 'checkbox' })} />
          <Checkbox label={t('Temperature Controlled')} {...form.getInputProps('temperature_controlled', { type: 'checkbox' })} />
          {transport === 'air' && <Checkbox label={t('Stackable')} {...form.getInputProps('stackable', { type: 'checkbox' })} />}
        </Group>
        {v.dangerous_goods && <DangerousGoodsFields form={form} adr />}
        {v.temperature_controlled && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput label={t('Minimum Temperature')} {...temperature} {...form.getInputProps('temperature_range_min')} />
            <NumberInput label={t('Maximum Temperature')} {...temperature} {...form.getInputProps('temperature_range_max')} />
          </SimpleGrid>
        )}
      </Stack>
    </FormSection>
  );
}
