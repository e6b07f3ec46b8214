import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { CUSTOMS_STATUSES, INCOTERMS } from '@domain/common/enums';
import { INCOTERMS_VERSIONS, formatHsCode, hsCodeProblem, normalizeHsCode } from '@domain/shipments/index';
import { CheckedTextInput } from '@web/ui/CheckedTextInput';
import { selectValue, type SectionProps } from './form-context';
import { enumOptions } from './form-values';
import { FormSection } from '@web/ui/FormSection';

const INCOTERM_DATA = enumOptions(INCOTERMS, (v) => v);
const VERSION_DATA = INCOTERMS_VERSIONS.map((v) => ({ value: v, label: `Incoterms ${v}` }));
const CUSTOMS_DATA = enumOptions(CUSTOMS_STATUSES);

/** '6204.62.00' as tariffs print it when the code is right; otherwise the text as typed, for the message to name. */
const hsCodeShown = (v: string) => (hsCodeProblem(v) ? v.trim() : formatHsCode(normalizeHsCode(v)));

/**
 * Customs: the incoterm with its named place (required once an incoterm is chosen) and version, the HS code
 * (6 to 10 digits, dots allowed; checked and formatted on leaving the input), the declaration and clearance status.
 */
export function CustomsSection({ form }: SectionProps) {
  const incoterm = selectValue(form.values.incoterm);
  return (
    <FormSection title="Customs" description="Trade terms, tariff code and clearance" icon={<IconBuildingBank size={18} />}>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Select label="Incoterm" placeholder="Select incoterm" data={INCOTERM_DATA} clearable {...form.getInputProps('incoterm')} value={incoterm} />
        <TextInput
          label="Incoterm Place"
          placeholder="e.g. Istanbul"
          description="The named place of the incoterm"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          maxLength={200}
          {...form.getInputProps('incoterm_place')}
          withAsterisk={incoterm !== null}
        />
        <Select
          label="Incoterms Version"
          data={VERSION_DATA}
          allowDeselect={false}
          {...form.getInputProps('incoterm_version')}
          value={selectValue(form.values.incoterm_version)}
        />
        <CheckedTextInput
          form={form}
          path="hs_code"
          label="HS Code"
          placeholder="e.g. 6204.62"
          description="6 to 10 digits; shown to the customer"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          maxLength={20}
          inputMode="decimal"
          problem={hsCodeProblem}
          normalize={hsCodeShown}
        />
        <TextInput label="Customs Declaration Number" maxLength={100} {...form.getInputProps('customs_declaration_number')} />
        <Select label="Customs Status" placeholder="Select status" data={CUSTOMS_DATA} clearable {...form.getInputProps('customs_status')} value={selectValue(form.values.customs_status)} />
      </SimpleGrid>
    </FormSection>
  );
}
