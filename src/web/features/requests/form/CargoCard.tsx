import { Checkbox, Grid, NumberInput, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { cargoMeasures } from '@domain/shipments/index';
import { CargoSummary, DangerousGoodsFields, DimensionLines, VolumeField } from '@web/features/cargo';
import { FormSection } from '@web/ui/FormSection';
import { t } from '@web/lib/i18n';
import type { RequestFormApi } from './request-form';
import { formTransport } from './request-form-values';

// A minus or a 0 stays as typed; the check names it (issue 37).
const weight = { step: 0.01, decimalScale: 3, clampBehavior: 'none', hideControls: true, rightSection: 'kg', rightSectionWidth: 36 } as const;

/**
 * What travels: description, gross weight, the dimension lines of the shipment form with the live volume and
 * chargeable weight (the domain's cargoMeasures, by the mode asked for), and dangerous goods with UN number and class.
 */
export function CargoCard({ form }: { form: RequestFormApi }) {
  const v = form.values;
  const transport = formTransport(v.mode);
  const measures = cargoMeasures({ transport, pieces: v.pieces, volume: v.volume, weight_gross: v.weight_gross });
  return (
    <FormSection title={t('Cargo')} description={t('What travels, its weight and size')} icon={<IconPackage size={18} />}>
      <Stack gap="md">
        <Textarea label={t('Cargo Description')} placeholder={t('e.g. Cotton fabric rolls on pallets')} autosize minRows={2} maxLength={2000} {...form.getInputProps('cargo_description')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput label={t('Gross Weight')} {...weight} {...form.getInputProps('weight_gross')} />
        </SimpleGrid>
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
