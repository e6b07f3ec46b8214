import { Select, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { HAZARD_CLASSES, normalizeUnNumber, unNumberProblem } from '@domain/shipments/index';
import { PACKING_GROUPS, TUNNEL_CODES } from '@domain/common/enums';
import { CheckedTextInput } from '@web/ui/CheckedTextInput';
import { selectValue } from '@web/lib/form-fields';
import { t } from '@web/lib/i18n';

const HAZARD_DATA = [...HAZARD_CLASSES];
/** The UN number's check, its message in the reader's language. */
const unProblem = (value: string) => {
  const message = unNumberProblem(value);
  return message === null ? null : t(message);
};

/**
 * UN number (checked as typed) and hazard class, shown while Dangerous Goods is ticked: the shipment and request forms.
 * With `adr` (the shipment's), the rest of the transport document's entry: packing group and tunnel restriction code.
 */
export function DangerousGoodsFields({ form, adr = false }: { form: UseFormReturnType<Record<string, unknown>>; adr?: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: adr ? 4 : 2 }}>
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
      {adr && (
        <>
          <Select
            label={t('Packing Group')}
            placeholder={t('I, II or III')}
            data={[...PACKING_GROUPS]}
            clearable
            {...form.getInputProps('packing_group')}
            value={selectValue(form.values.packing_group)}
          />
          <Select
            label={t('Tunnel Restriction Code')}
            description={t('ADR, for road transport documents')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            placeholder={t('e.g. {example}', { example: 'D/E' })}
            data={[...TUNNEL_CODES]}
            clearable
            {...form.getInputProps('tunnel_code')}
            value={selectValue(form.values.tunnel_code)}
          />
        </>
      )}
    </SimpleGrid>
  );
}
