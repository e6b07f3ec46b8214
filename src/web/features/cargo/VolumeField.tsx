import { NumberInput, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { CargoMeasures } from '@domain/shipments/index';
import { fieldId } from '@web/lib/form-fields';
import { t } from '@web/lib/i18n';

/** Any form with a `volume` input (the shipment form, the request form). */
export type VolumeForm = UseFormReturnType<{ volume: string | number | null }>;

/**
 * The Volume input of a cargo card: computed from the dimension lines and read-only when there are lines, typed in
 * m³ when there are none.
 */
export function VolumeField({ form, measures }: { form: VolumeForm; measures: CargoMeasures }) {
  if (measures.volumeFrom === 'pieces') {
    return (
      <TextInput
        label={t('Volume')}
        id={fieldId('volume')}
        value={measures.volume === null ? '' : measures.volume.toFixed(3)}
        readOnly
        description={t('Computed from the dimension lines')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        rightSection="m³"
        rightSectionWidth={36}
        variant="filled"
      />
    );
  }
  return (
    <NumberInput
      label={t('Volume')}
      description={t('Used when there are no dimension lines')}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      step={0.001}
      decimalScale={3}
      min={0}
      allowNegative={false}
      hideControls
      rightSection="m³"
      rightSectionWidth={36}
      {...form.getInputProps('volume')}
    />
  );
}
