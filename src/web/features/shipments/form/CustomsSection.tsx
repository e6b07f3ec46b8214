import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { CUSTOMS_STATUSES, INCOTERMS } from '../../../../domain/enums';
import { selectValue, type SectionProps } from './form-context';
import { enumOptions } from './form-values';
import { FormSection } from './FormSection';

const INCOTERM_DATA = enumOptions(INCOTERMS, (v) => v);
const CUSTOMS_DATA = enumOptions(CUSTOMS_STATUSES);

export function CustomsSection({ form }: SectionProps) {
  return (
    <FormSection title="Customs" description="Trade terms and clearance" icon={<IconBuildingBank size={18} />}>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Select label="Incoterm" placeholder="Select incoterm" data={INCOTERM_DATA} clearable {...form.getInputProps('incoterm')} value={selectValue(form.values.incoterm)} />
        <TextInput label="Customs Declaration Number" maxLength={100} {...form.getInputProps('customs_declaration_number')} />
        <Select label="Customs Status" placeholder="Select status" data={CUSTOMS_DATA} clearable {...form.getInputProps('customs_status')} value={selectValue(form.values.customs_status)} />
      </SimpleGrid>
    </FormSection>
  );
}
