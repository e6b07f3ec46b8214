import { Checkbox, SimpleGrid, Text, TextInput, Textarea } from '@mantine/core';
import { IconMapPin, IconMapPinFilled } from '@tabler/icons-react';
import { transportOf } from '@domain/shipments/index';
import { selectValue, type SectionProps } from './form-context';
import { FormSection } from '@web/ui/FormSection';
import { AirportPicker, SeaportPicker } from './pickers';

const FULL_ROW = { gridColumn: '1 / -1' };
const TITLES = { origin: 'Origin', destination: 'Destination' } as const;

/**
 * Origin or Destination (spec section 2): the airport (air), the sea port (sea) or the address and postal code
 * (land), then the city and country, which the airport or port fills in. Door delivery belongs to air.
 */
export function LocationSection(props: SectionProps & { side: 'origin' | 'destination' }) {
  const { form, side } = props;
  const transport = transportOf({ type: String(form.values.type), transport_mode: selectValue(form.values.transport_mode) });
  const title = TITLES[side];
  return (
    <FormSection
      title={title}
      description={side === 'origin' ? 'Where the cargo is collected' : 'Where the cargo is delivered'}
      icon={side === 'origin' ? <IconMapPin size={18} /> : <IconMapPinFilled size={18} />}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {transport === 'air' && <AirportPicker {...props} side={side} style={FULL_ROW} />}
        {transport === 'sea' && <SeaportPicker {...props} side={side} style={FULL_ROW} />}
        {transport === 'land' && (
          <>
            <Textarea label={`${title} Address`} autosize minRows={2} maxLength={500} {...form.getInputProps(`${side}_address`)} />
            <TextInput label={`${title} Postal Code`} maxLength={20} {...form.getInputProps(`${side}_postal_code`)} />
          </>
        )}
        {transport === null && (
          <Text fz="sm" c="dimmed" style={FULL_ROW}>
            Choose a transport mode to pick the {side === 'origin' ? 'origin' : 'destination'} airport, port or address.
          </Text>
        )}
        <TextInput label={`${title} City`} maxLength={200} {...form.getInputProps(`${side}_city`)} />
        <TextInput label={`${title} Country`} maxLength={200} {...form.getInputProps(`${side}_country`)} />
      </SimpleGrid>
      {transport === 'air' && side === 'destination' && (
        <Checkbox mt="md" label="Door Delivery" description="Deliver from the airport to the consignee's door" {...form.getInputProps('door_delivery', { type: 'checkbox' })} />
      )}
    </FormSection>
  );
}
