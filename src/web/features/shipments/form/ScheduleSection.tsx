import { SimpleGrid, TextInput } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';
import type { SectionProps } from './form-context';
import { FormSection } from '@web/ui/FormSection';

const DATE_TIMES = [
  ['estimated_departure', 'Estimated Departure'],
  ['estimated_arrival', 'Estimated Arrival'],
  ['pickup_date', 'Pickup Date'],
  ['delivery_date', 'Delivery Date'],
] as const;

/** Date-times with minute precision (spec section 9), entered in local time and sent as ISO with a time zone. */
export function ScheduleSection({ form }: SectionProps) {
  return (
    <FormSection title="Schedule" description="Dates and times in your local time, to the minute" icon={<IconCalendarTime size={18} />}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {DATE_TIMES.map(([field, label]) => (
          <TextInput key={field} type="datetime-local" step={60} label={label} {...form.getInputProps(field)} />
        ))}
      </SimpleGrid>
    </FormSection>
  );
}
