import { Checkbox, SimpleGrid, Text, TextInput, Textarea } from '@mantine/core';
import { IconMapPin, IconMapPinFilled } from '@tabler/icons-react';
import { transportOf } from '@domain/shipments/index';
import { selectValue, type SectionProps } from './form-context';
import { msg } from '@domain/common/i18n';
import { t } from '@web/lib/i18n';
import { FormSection } from '@web/ui/FormSection';
import { AirportPicker, SeaportPicker } from './pickers';

const FULL_ROW = { gridColumn: '1 / -1' };
/** Each side's title and the labels of its inputs (`${title} City`). */
const WORDS = {
  origin: {
    title: msg('Origin'),
    description: msg('Where the cargo is collected'),
    address: msg('Origin Address'),
    postalCode: msg('Origin Postal Code'),
    city: msg('Origin City'),
    country: msg('Origin Country'),
    noTransport: msg('Choose a transport mode to pick the origin airport, port or address.'),
  },
  destination: {
    title: msg('Destination'),
    description: msg('Where the cargo is delivered'),
    address: msg('Destination Address'),
    postalCode: msg('Destination Postal Code'),
    city: msg('Destination City'),
    country: msg('Destination Country'),
    noTransport: msg('Choose a transport mode to pick the destination airport, port or address.'),
  },
} as const;

/**
 * Origin or Destination (spec section 2): the airport (air), the sea port (sea) or the address and postal code
 * (land), then the city and country, which the airport or port fills in. Door delivery belongs to air.
 */
export function LocationSection(props: SectionProps & { side: 'origin' | 'destination' }) {
  const { form, side } = props;
  const transport = transportOf({ type: String(form.values.type), transport_mode: selectValue(form.values.transport_mode) });
  const words = WORDS[side];
  return (
    <FormSection
      title={t(words.title)}
      description={t(words.description)}
      icon={side === 'origin' ? <IconMapPin size={18} /> : <IconMapPinFilled size={18} />}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {transport === 'air' && <AirportPicker {...props} side={side} style={FULL_ROW} />}
        {transport === 'sea' && <SeaportPicker {...props} side={side} style={FULL_ROW} />}
        {transport === 'land' && (
          <>
            <Textarea label={t(words.address)} autosize minRows={2} maxLength={500} {...form.getInputProps(`${side}_address`)} />
            <TextInput label={t(words.postalCode)} maxLength={20} {...form.getInputProps(`${side}_postal_code`)} />
          </>
        )}
        {transport === null && (
          <Text fz="sm" c="dimmed" style={FULL_ROW}>
            {t(words.noTransport)}
          </Text>
        )}
        <TextInput label={t(words.city)} maxLength={200} {...form.getInputProps(`${side}_city`)} />
        <TextInput label={t(words.country)} maxLength={200} {...form.getInputProps(`${side}_country`)} />
      </SimpleGrid>
      {transport === 'air' && side === 'destination' && (
        <Checkbox mt="md" label={t('Door Delivery')} description={t("Deliver from the airport to the consignee's door")} {...form.getInputProps('door_delivery', { type: 'checkbox' })} />
      )}
    </FormSection>
  );
}
