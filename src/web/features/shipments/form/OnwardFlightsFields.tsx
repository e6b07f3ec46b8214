import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlaneArrival, IconTrash } from '@tabler/icons-react';
import type { Airport } from '@domain/airports/schema';
import { MAX_ONWARD_FLIGHTS, blankOnwardFlight } from '@domain/shipments/index';
import { t } from '@web/lib/i18n';
import { AsyncSelect } from '@web/ui/AsyncSelect';
import { pickerSources } from './api';
import type { SectionProps } from './form-context';
import type { OnwardFlightRow } from './form-values';
import { airportLine, airportOption } from './pickers';

/**
 * An air shipment's onward flights (issue 41): each transfer airport with the airline that flies on from it, its flight
 * and day. The first flight is the shipment's own (carrier and flight number above); the air waybill's routing boxes
 * hold three carriers, so two onward flights at most.
 */
export function OnwardFlightsFields({ form }: SectionProps) {
  const rows = form.values.onward_flights;
  return (
    <Stack gap="xs" data-testid="onward-flights">
      {rows.map((row, i) => {
        const path = `onward_flights.${i}`;
        const { id, error } = form.getInputProps(`${path}.airport`) as unknown as { id: string; error?: string };
        return (
          <Paper key={i} withBorder radius="md" p="sm" bg="gray.0" role="group" aria-label={t('Onward flight {number}', { number: i + 1 })}>
            <Group justify="space-between" mb={4}>
              <Text fw={600} fz="sm">
                {t('Onward flight {number}', { number: i + 1 })}
              </Text>
              <Tooltip label={t('Remove onward flight')}>
                <ActionIcon variant="subtle" color="red" aria-label={t('Remove onward flight {number}', { number: i + 1 })} onClick={() => form.removeListItem('onward_flights', i)}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
              <AsyncSelect<Airport>
                id={id}
                label={t('Transfer Airport')}
                placeholder={t('Search by IATA code, name or city')}
                withAsterisk
                queryKey={['picker', 'airports']}
                fetchRows={pickerSources.airports}
                toOption={airportOption}
                describe={airportLine}
                value={row.airport || null}
                selected={row.airport ? { value: row.airport, label: row.airport } : null}
                onChange={(_row, option) => form.setFieldValue(`${path}.airport`, option?.value ?? '')}
                error={error}
              />
              <TextInput
                label={t('Onward Carrier')}
                description={t('IATA airline code')}
                placeholder={t('e.g. {example}', { example: 'LH' })}
                maxLength={2}
                autoCapitalize="characters"
                {...form.getInputProps(`${path}.carrier`)}
                withAsterisk
                onChange={(e) => form.setFieldValue(`${path}.carrier`, e.currentTarget.value.toUpperCase())}
              />
              <TextInput label={t('Onward Flight Number')} placeholder={t('e.g. {example}', { example: 'LH400' })} maxLength={20} {...form.getInputProps(`${path}.flight_number`)} />
              <TextInput type="date" label={t('Onward Flight Date')} {...form.getInputProps(`${path}.departure_date`)} />
            </SimpleGrid>
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlaneArrival size={16} />}
          disabled={rows.length >= MAX_ONWARD_FLIGHTS}
          onClick={() => form.insertListItem('onward_flights', blankOnwardFlight() as OnwardFlightRow)}
        >
          {t('Add onward flight')}
        </Button>
        {rows.length === 0 && (
          <Text fz="xs" c="dimmed">
            {t('A transfer on the way: the airport and the airline that flies on from it.')}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
