import { Select, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { HAZARD_CLASSES, normalizeUnNumber, unNumberProblem } from '@domain/shipments/index';
import { CheckedTextInput } from '@web/ui/CheckedTextInput';
import { selectValue } from '@web/lib/form-fields';

const HAZARD_DATA = [...HAZARD_CLASSES];

/** UN number (checked as typed) and hazard class, shown while Dangerous Goods is ticked: the shipment and request forms. */
export function DangerousGoodsFields({ form }: { form: UseFormReturnType<Record<string, unknown>> }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <CheckedTextInput
        form={form}
        path="un_number"
        label="UN Number"
        placeholder="e.g. UN1263"
        maxLength={20}
        withAsterisk
        problem={unNumberProblem}
        normalize={normalizeUnNumber}
      />
      <Select
        label="Hazard Class"
        placeholder="Select class"
        data={HAZARD_DATA}
        withAsterisk
        {...form.getInputProps('hazard_class')}
        value={selectValue(form.values.hazard_class)}
      />
    </SimpleGrid>
  );
}
