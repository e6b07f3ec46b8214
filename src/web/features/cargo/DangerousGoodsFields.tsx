import { Select, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { HAZARD_CLASSES, normalizeUnNumber, unNumberProblem } from '@domain/shipments/index';
import { CheckedTextInput } from '@web/ui/CheckedTextInput';
import { selectValue } from '@web/lib/form-fields';
import { t } from '@web/lib/i18n';

const HAZARD_DATA = [...HAZARD_CLASSES];
/** The UN number's check, its message in the reader's language. */
const unProblem = (value: string) => {
  const message = unNumberProblem(value);
  return message === null ? null : t(message);
};

/** UN number (checked as typed) and hazard class, shown while Dangerous Goods is ticked: the shipment and request forms. */
export function DangerousGoodsFields({ form }: { form: UseFormReturnType<Record<string, unknown>> }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <CheckedTextInput
        form={form}
        path="un_number"
        label={t('UN Number')}
        placeholder={t('e.g. {example}', { example: 'UN1263' })}
        maxLength={20}
        withAsterisk
        problem={unProblem}
        normalize={normalizeUnNumber}
      />
      <Select
        label={t('Hazard Class')}
        placeholder={t('Select class')}
        data={HAZARD_DATA}
        withAsterisk
        {...form.getInputProps('hazard_class')}
        value={selectValue(form.values.hazard_class)}
      />
    </SimpleGrid>
  );
}
