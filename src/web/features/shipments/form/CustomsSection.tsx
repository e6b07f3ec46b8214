import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { CUSTOMS_STATUSES, INCOTERMS } from '@domain/common/enums';
import { INCOTERMS_VERSIONS, formatHsCode, hsCodeProblem, normalizeHsCode } from '@domain/shipments/index';
import { t } from '@web/lib/i18n';
import { CheckedTextInput } from '@web/ui/CheckedTextInput';
import { customsStatusLabel } from '../labels';
import { selectValue, shownProblem, type SectionProps } from './form-context';
import { enumOptions } from './form-values';
import { FormSection } from '@web/ui/FormSection';

const INCOTERM_DATA = enumOptions(INCOTERMS, (v) => v);
const VERSION_DATA = INCOTERMS_VERSIONS.map((v) => ({ value: v, label: `Incoterms ${v}` }));

/** '6204.62.00' as tariffs print it when the code is right; otherwise the text as typed, for the message to name. */
const hsCodeShown = (v: string) => (hsCodeProblem(v) ? v.trim() : formatHsCode(normalizeHsCode(v)));

/**
 * Customs: the incoterm with its named place (required once an incoterm is chosen) and version, the HS code
 * (6 to 10 digits, dots allowed; checked and formatted on leaving the input), the declaration and clearance status.
 */
export function CustomsSection({ form }: SectionProps) {
  const incoterm = selectValue(form.values.incoterm);
  return (
    <FormSection title={t('Customs')} description={t('Trade terms, tariff code and clearance')} icon={<IconBuildingBank size={18} />}>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Select label={t('Incoterm')} placeholder={t('Select incoterm')} data={INCOTERM_DATA} clearable {...form.getInputProps('incoterm')} value={incoterm} />
        <TextInput
          label={t('Incoterm Place')}
          placeholder={t('e.g. Istanbul')}
          description={t('The named place of the incoterm')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          maxLength={200}
          {...form.getInputProps('incoterm_place')}
          withAsterisk={incoterm !== null}
        />
        <Select
          label={t('Incoterms Version')}
          data={VERSION_DATA}
          allowDeselect={false}
          {...form.getInputProps('incoterm_version')}
          value={selectValue(form.values.incoterm_version)}
        />
        <CheckedTextInput
          form={form}
          path="hs_code"
          label={t('HS Code')}
          placeholder={t('e.g. {example}', { example: '6204.62' })}
          description={t('6 to 10 digits; shown to the customer')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          maxLength={20}
          inputMode="decimal"
          problem={shownProblem(hsCodeProblem)}
          normalize={hsCodeShown}
        />
        <TextInput label={t('Customs Declaration Number')} maxLength={100} {...form.getInputProps('customs_declaration_number')} />
        <Select label={t('Customs Status')} placeholder={t('Select status')} data={enumOptions(CUSTOMS_STATUSES, customsStatusLabel)} clearable {...form.getInputProps('customs_status')} value={selectValue(form.values.customs_status)} />
      </SimpleGrid>
    </FormSection>
  );
}
