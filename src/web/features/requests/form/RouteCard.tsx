import { SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { msg } from '@domain/common/i18n';
import { FormSection } from '@web/ui/FormSection';
import { t } from '@web/lib/i18n';
import { AirportPicker, SeaportPicker } from '@web/features/shipments';
import type { RequestFormApi } from './request-form';
import { placeKind } from './request-form-values';

const LABELS = {
  origin: { title: msg('Origin'), address: msg('Pickup Address'), city: msg('Origin City'), country: msg('Origin Country') },
  destination: { title: msg('Destination'), address: msg('Delivery Address'), city: msg('Destination City'), country: msg('Destination Country') },
} as const;

/** One end: the airport (air) or port (sea) picker of the shipment form, an optional address, then city and country. */
function End({ form, side }: { form: RequestFormApi; side: 'origin' | 'destination' }) {
  const kind = placeKind(form.values.mode);
  const labels = LABELS[side];
  const title = t(labels.title);
  return (
    <Stack gap="sm" role="group" aria-label={title}>
      <Text fw={600}>{title}</Text>
      {kind === 'airport' && <AirportPicker form={form} side={side} />}
      {kind === 'port' && <SeaportPicker form={form} side={side} />}
      <Textarea
        label={t(labels.address)}
        description={t('Optional: for collection from or delivery to a door')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        autosize
        minRows={1}
        maxLength={500}
        {...form.getInputProps(`${side}_address`)}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label={t(labels.city)} maxLength={200} {...form.getInputProps(`${side}_city`)} />
        <TextInput label={t(labels.country)} maxLength={200} {...form.getInputProps(`${side}_country`)} />
      </SimpleGrid>
    </Stack>
  );
}

/** Where the cargo goes from and to. An air request names airports, a sea request ports; the other modes a city and country. */
export function RouteCard({ form }: { form: RequestFormApi }) {
  const kind = placeKind(form.values.mode);
  return (
    <FormSection
      title={t('Route')}
      description={
        kind === 'airport'
          ? t('Pick the airports; city and country fill in from them.')
          : kind === 'port'
            ? t('Pick the ports; city and country fill in from them.')
            : t('A city and country at each end, and a door address when you have one.')
      }
      icon={<IconRoute size={18} />}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <End form={form} side="origin" />
        <End form={form} side="destination" />
      </SimpleGrid>
    </FormSection>
  );
}
