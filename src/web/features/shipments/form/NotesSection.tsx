import { SimpleGrid, Textarea } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import type { SectionProps } from './form-context';
import { t } from '@web/lib/i18n';
import { FormSection } from '@web/ui/FormSection';

export function NotesSection({ form }: SectionProps) {
  return (
    <FormSection title={t('Notes and Instructions')} icon={<IconNotes size={18} />}>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Textarea
          label={t('Special Instructions')}
          description={t('Visible to the customer')}
          autosize
          minRows={3}
          maxLength={5000}
          {...form.getInputProps('special_instructions')}
        />
        <Textarea label={t('Internal Notes')} description={t('Staff only: never shown to the customer')} autosize minRows={3} maxLength={5000} {...form.getInputProps('internal_notes')} />
      </SimpleGrid>
    </FormSection>
  );
}
