import { Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { PACKAGE_TYPES } from '../../../../domain/enums';
import { transportOf } from '../../../../domain/shipments';
import { AmountInput } from './AmountInput';
import { selectValue, type SectionProps } from './form-context';
import { enumOptions } from './form-values';
import { FormSection } from './FormSection';

const PACKAGE_DATA = enumOptions(PACKAGE_TYPES);

/** Steps of spec section 5: cargo and money 0.01, dimensions 0.1, volume 0.001. */
const weight = { step: 0.01, decimalScale: 2, min: 0, allowNegative: false, hideControls: true, rightSection: 'kg', rightSectionWidth: 36 } as const;
const dimension = { step: 0.1, decimalScale: 1, min: 0, allowNegative: false, hideControls: true, rightSection: 'cm', rightSectionWidth: 36 } as const;
const temperature = { step: 0.1, decimalScale: 1, min: -273, max: 1000, hideControls: true, rightSection: '°C', rightSectionWidth: 36 } as const;

export function CargoSection(props: SectionProps) {
  const { form } = props;
  const air = transportOf({ type: String(form.values.type), transport_mode: selectValue(form.values.transport_mode) }) === 'air';
  return (
    <FormSection title="Cargo" description="What travels, how it is packed, weights and values" icon={<IconPackage size={18} />}>
      <Stack gap="md">
        <Textarea label="Cargo Description" placeholder="e.g. Cotton fabric rolls" autosize minRows={2} maxLength={2000} {...form.getInputProps('cargo_description')} />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <Select label="Package Type" placeholder="Select package type" data={PACKAGE_DATA} {...form.getInputProps('package_type')} value={selectValue(form.values.package_type)} />
          <NumberInput label="Number of Packages" step={1} min={1} allowDecimal={false} allowNegative={false} hideControls {...form.getInputProps('packages_count')} />
          <NumberInput label="Gross Weight" {...weight} {...form.getInputProps('weight_gross')} />
          <NumberInput label="Net Weight" {...weight} {...form.getInputProps('weight_net')} />
          <NumberInput label="Chargeable Weight" {...weight} {...form.getInputProps('weight_chargeable')} />
          <NumberInput label="Volume" step={0.001} decimalScale={3} min={0} allowNegative={false} hideControls rightSection="m³" rightSectionWidth={36} {...form.getInputProps('volume')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput label="Length" {...dimension} {...form.getInputProps('length')} />
          <NumberInput label="Width" {...dimension} {...form.getInputProps('width')} />
          <NumberInput label="Height" {...dimension} {...form.getInputProps('height')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <AmountInput {...props} field="cargo_value" label="Cargo Value" />
          <AmountInput {...props} field="cargo_insurance_value" label="Insurance Value" />
        </SimpleGrid>
        <Group gap="xl">
          <Checkbox label="Dangerous Goods" {...form.getInputProps('dangerous_goods', { type: 'checkbox' })} />
          <Checkbox label="Temperature Controlled" {...form.getInputProps('temperature_controlled', { type: 'checkbox' })} />
          {air && <Checkbox label="Stackable" {...form.getInputProps('stackable', { type: 'checkbox' })} />}
        </Group>
        {form.values.temperature_controlled && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput label="Minimum Temperature" {...temperature} {...form.getInputProps('temperature_range_min')} />
            <NumberInput label="Maximum Temperature" {...temperature} {...form.getInputProps('temperature_range_max')} />
          </SimpleGrid>
        )}
      </Stack>
    </FormSection>
  );
}
