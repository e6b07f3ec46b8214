import { SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { FormSection } from '@web/ui/FormSection';
import { AirportPicker, SeaportPicker } from '@web/features/shipments';
import type { RequestFormApi } from './request-form';
import { placeKind } from './request-form-values';

const TITLES = { origin: 'Origin', destination: 'Destination' } as const;

/** One end: the airport (air) or port (sea) picker of the shipment form, an optional address, then city and country. */
function End({ form, side }: { form: RequestFormApi; side: 'origin' | 'destination' }) {
  const kind = placeKind(form.values.mode);
  const title = TITLES[side];
  return (
    <Stack gap="sm" role="group" aria-label={title}>
      <Text fw={600}>{title}</Text>
      {kind === 'airport' && <AirportPicker form={form} side={side} />}
      {kind === 'port' && <SeaportPicker form={form} side={side} />}
      <Textarea
        label={side === 'origin' ? 'Pickup Address' : 'Delivery Address'}
        description="Optional: for collection from or delivery to a door"
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        autosize
        minRows={1}
        maxLength={500}
        {...form.getInputProps(`${side}_address`)}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label={`${title} City`} maxLength={200} {...form.getInputProps(`${side}_city`)} />
        <TextInput label={`${title} Country`} maxLength={200} {...form.getInputProps(`${side}_country`)} />
      </SimpleGrid>
    </Stack>
  );
}

/** Where the cargo goes from and to. An air request names airports, a sea request ports; the other modes a city and country. */
export function RouteCard({ form }: { form: RequestFormApi }) {
  const kind = placeKind(form.values.mode);
  return (
    <FormSection
      title="Route"
      description={kind ? `Pick the ${kind}s; city and country fill in from them.` : 'A city and country at each end, and a door address when you have one.'}
      icon={<IconRoute size={18} />}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <End form={form} side="origin" />
        <End form={form} side="destination" />
      </SimpleGrid>
    </FormSection>
  );
}
