import { Group, Radio, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { IconFileDescription, IconTruckDelivery } from '@tabler/icons-react';
import { INCOTERMS } from '@domain/common/enums';
import { SEA_LOADS, SEA_LOAD_LABELS, utcDay } from '@domain/requests/schema';
import { FormSection } from '@web/ui/FormSection';
import { t } from '@web/lib/i18n';
import { DIRECTION_OPTIONS, MODE_OPTIONS, translated } from '../request-labels';
import { EquipmentLines } from './EquipmentLines';
import type { RequestFormApi } from './request-form';

const INCOTERM_DATA = [...INCOTERMS];

/** How and when: the mode (or the best offer), export or import, the cargo-ready day; at sea FCL or LCL and, for FCL, the containers. */
export function TransportCard({ form }: { form: RequestFormApi }) {
  const v = form.values;
  return (
    <FormSection title={t('Transport')} description={t('How and when the cargo travels')} icon={<IconTruckDelivery size={18} />}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('Mode')}
            description={t('Best offer: we choose the mode')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            data={translated(MODE_OPTIONS)}
            allowDeselect={false}
            {...form.getInputProps('mode')}
          />
          <Radio.Group label={t('Direction')} {...form.getInputProps('direction')}>
            <Group gap="lg" mt={8}>
              {DIRECTION_OPTIONS.map((o) => (
                <Radio key={o.value} value={o.value} label={t(o.label)} />
              ))}
            </Group>
          </Radio.Group>
          <TextInput type="date" label={t('Cargo Ready Date')} min={utcDay()} {...form.getInputProps('cargo_ready_date')} />
        </SimpleGrid>
        {v.mode === 'sea' && (
          <Radio.Group label={t('Sea Load')} {...form.getInputProps('sea_load')}>
            <Stack gap="xs" mt={8}>
              {SEA_LOADS.map((s) => (
                <Radio key={s} value={s} label={t(SEA_LOAD_LABELS[s])} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {v.mode === 'sea' && v.sea_load === 'fcl' && <EquipmentLines form={form} />}
      </Stack>
    </FormSection>
  );
}

/** The incoterm with its named place, and anything else we should know. */
export function TermsCard({ form }: { form: RequestFormApi }) {
  return (
    <FormSection title={t('Terms and notes')} description={t('Optional')} icon={<IconFileDescription size={18} />}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label={t('Incoterm')} placeholder={t('Select incoterm')} data={INCOTERM_DATA} clearable {...form.getInputProps('incoterm')} />
          <TextInput label={t('Incoterm Place')} description={t('The named place of the incoterm')} inputWrapperOrder={['label', 'input', 'description', 'error']} maxLength={200} {...form.getInputProps('incoterm_place')} />
        </SimpleGrid>
        <Textarea label={t('Notes')} placeholder={t('Packing, handling, timing, anything we should know')} autosize minRows={3} maxLength={5000} {...form.getInputProps('notes')} />
      </Stack>
    </FormSection>
  );
}
