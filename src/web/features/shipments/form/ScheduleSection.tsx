import { SimpleGrid, TextInput } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';
import { transportOf } from '@domain/shipments/labels';
import { selectValue, type SectionProps } from './form-context';
import { msg } from '@domain/common/i18n';
import { t } from '@web/lib/i18n';
import { FormSection } from '@web/ui/FormSection';

const DATE_TIMES = [
  ['estimated_departure', msg('Estimated Departure')],
  ['estimated_arrival', msg('Estimated Arrival')],
  ['pickup_date', msg('Pickup Date')],
  ['delivery_date', msg('Delivery Date')],
] as const;

/** The cut-offs a booking sets (issue 41): VGM only by sea; the port/CY cut-off is air's cargo cut-off. */
const CUT_OFFS = [
  ['documents_cutoff', msg('Documents Cut-off')],
  ['vgm_cutoff', msg('VGM Cut-off')],
  ['port_cutoff', msg('Port Cut-off')],
] as const;

/** Date-times with minute precision (spec section 9), entered in local time and sent as ISO with a time zone. */
export function ScheduleSection({ form }: SectionProps) {
  const transport = transportOf({ type: String(form.values.type), transport_mode: selectValue(form.values.transport_mode) });
  return (
    <FormSection title={t('Schedule')} description={t('Dates and times in your local time, to the minute')} icon={<IconCalendarTime size={18} />}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {DATE_TIMES.map(([field, label]) => (
          <TextInput key={field} type="datetime-local" step={60} label={t(label)} {...form.getInputProps(field)} />
        ))}
      </SimpleGrid>
      {transport !== 'land' && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} mt="sm">
          {CUT_OFFS.filter(([field]) => transport === 'sea' || field !== 'vgm_cutoff').map(([field, label]) => (
            <TextInput
              key={field}
              type="datetime-local"
              step={60}
              label={field === 'port_cutoff' && transport === 'air' ? t('Cargo Cut-off') : t(label)}
              {...form.getInputProps(field)}
            />
          ))}
        </SimpleGrid>
      )}
    </FormSection>
  );
}
