import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarEvent, IconContainer, IconMapPin, IconTruckDelivery } from '@tabler/icons-react';
import { statusLabel } from '@domain/shipments/status';
import type { CustomerShipment, ShipmentDetail } from '@domain/shipments/index';
import { formatDateTime } from '@web/lib/format';
import { CheckMark, type ChecksByField } from './DataChecks';
import { Field, FieldGrid, Section, measure } from '@web/ui/DetailParts';
import { PHONE_QUERY } from '@web/ui/theme';

type Common = CustomerShipment;

function PlaceColumn({ side, s }: { side: 'origin' | 'destination'; s: Common }) {
  const v = (field: 'airport' | 'port' | 'address' | 'city' | 'country' | 'postal_code') => s[`${side}_${field}`];
  return (
    <Stack gap="md" aria-label={side === 'origin' ? 'Origin' : 'Destination'}>
      <Text fw={700} fz="sm" c={side === 'origin' ? 'blue' : 'teal'}>
        {side === 'origin' ? 'Origin' : 'Destination'}
      </Text>
      {v('airport') && <Field label="Airport">{v('airport')}</Field>}
      {v('port') && <Field label="Port">{v('port')}</Field>}
      {v('address') && <Field label="Address">{v('address')}</Field>}
      <SimpleGrid cols={2} spacing="md">
        <Field label="City">{v('city')}</Field>
        <Field label="Country">{v('country')}</Field>
      </SimpleGrid>
      {v('postal_code') && <Field label="Postal Code">{v('postal_code')}</Field>}
    </Stack>
  );
}

/** Location Information: origin and destination airport, port, address, city, country. */
export function LocationSection({ shipment }: { shipment: Common }) {
  return (
    <Section title="Location Information" icon={<IconMapPin size={18} />}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
        <PlaceColumn side="origin" s={shipment} />
        <PlaceColumn side="destination" s={shipment} />
      </SimpleGrid>
    </Section>
  );
}

/** Schedule Information: pickup, estimated departure and arrival, delivery. */
export function ScheduleSection({ shipment }: { shipment: Common }) {
  return (
    <Section title="Schedule Information" icon={<IconCalendarEvent size={18} />}>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="lg">
        <Field label="Pickup Date">{formatDateTime(shipment.pickup_date)}</Field>
        <Field label="Estimated Departure">{formatDateTime(shipment.estimated_departure)}</Field>
        <Field label="Estimated Arrival">{formatDateTime(shipment.estimated_arrival)}</Field>
        <Field label="Delivery Date">{formatDateTime(shipment.delivery_date)}</Field>
      </SimpleGrid>
    </Section>
  );
}

/** Spec: Transport Details is shown only if a carrier, vessel, flight or plate value exists. */
export function hasTransportDetails(s: ShipmentDetail): boolean {
  return [s.carrier_record_name, s.carrier_name, s.vessel_name, s.flight_number, s.truck_plate_number].some((v) => !!v);
}

/** A value with the warning mark of its data check, if any. */
function Checked({ value, message }: { value: string; message: string | undefined }) {
  return (
    <Group gap={0} wrap="nowrap" component="span">
      {value}
      <CheckMark message={message} />
    </Group>
  );
}

/**
 * Transport Details (staff): carrier, vessel, voyage, flight, truck plate, MAWB, HAWB and the partners; a stored
 * MAWB or container number that fails today's checks carries a warning mark.
 */
export function TransportSection({ shipment: s, checks }: { shipment: ShipmentDetail; checks: ChecksByField }) {
  if (!hasTransportDetails(s)) return null;
  const carrier = s.carrier_record_name ?? s.carrier_name;
  return (
    <Section title="Transport Details" icon={<IconTruckDelivery size={18} />}>
      <FieldGrid>
        <Field label="Carrier">{carrier}</Field>
        {s.carrier_name && s.carrier_record_name && s.carrier_name !== s.carrier_record_name && <Field label="Carrier Name">{s.carrier_name}</Field>}
        {s.vessel_name && <Field label="Vessel">{s.vessel_name}</Field>}
        {s.vessel_flag && <Field label="Vessel Flag">{s.vessel_flag}</Field>}
        {s.imo_number && <Field label="IMO Number">{s.imo_number}</Field>}
        {s.voyage_number && <Field label="Voyage Number">{s.voyage_number}</Field>}
        {s.flight_number && <Field label="Flight Number">{s.flight_number}</Field>}
        {s.truck_plate_number && <Field label="Truck Plate">{s.truck_plate_number}</Field>}
        {s.truck_type && <Field label="Truck Type">{statusLabel(s.truck_type)}</Field>}
        {s.mawb_number && (
          <Field label="MAWB">
            <Checked value={s.mawb_number} message={checks.mawb_number} />
          </Field>
        )}
        {s.container_number && checks.container_number && !s.containers.some((c) => c.number === s.container_number) && (
          <Field label="Container Number">
            <Checked value={s.container_number} message={checks.container_number} />
          </Field>
        )}
        {s.hawb_number && <Field label="HAWB">{s.hawb_number}</Field>}
        {s.consolidation_agent_name && <Field label="Consolidation Agent">{s.consolidation_agent_name}</Field>}
        {s.service_provider_name && <Field label="Service Provider">{s.service_provider_name}</Field>}
      </FieldGrid>
    </Section>
  );
}

/**
 * Containers (sea transport): type with its ISO 6346 size-type code ('40HC (45G1)'), number, carrier seal number,
 * weight, volume. Staff see the warning mark of a number that fails today's checks.
 */
export function ContainersSection({ shipment, checks = {}, stackOnPhone = false }: { shipment: Common; checks?: ChecksByField; stackOnPhone?: boolean }) {
  const rows = shipment.containers;
  // The customer's page on a phone: one block per container instead of a table wider than the screen (issue 17).
  const stacked = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) && stackOnPhone;
  return (
    <Section title="Containers" icon={<IconContainer size={18} />}>
      {rows.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No containers recorded for this shipment
        </Text>
      ) : stacked ? (
        <Stack gap="xs" aria-label="Containers" data-testid="container-blocks">
          {rows.map((c, i) => (
            <Paper key={`${c.number}-${i}`} withBorder radius="sm" p="sm">
              <Group justify="space-between" gap="xs">
                <Text ff="monospace" fw={600} fz="sm">
                  {c.number || 'Number not yet known'}
                </Text>
                <Badge variant="light" color="cyan" radius="sm" tt="none">
                  {c.iso_code ? `${c.type} (${c.iso_code})` : c.type}
                </Badge>
              </Group>
              <Text fz="xs" c="dimmed" mt={4}>
                Seal {c.carrier_seal_number || 'N/A'} · {measure(c.weight, 'kg')} · {measure(c.volume, 'm³')}
              </Text>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped verticalSpacing="xs" aria-label="Containers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Type</Table.Th>
                <Table.Th>Container Number</Table.Th>
                <Table.Th>Carrier Seal Number</Table.Th>
                <Table.Th ta="right">Weight</Table.Th>
                <Table.Th ta="right">Volume</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c, i) => (
                <Table.Tr key={`${c.number}-${i}`}>
                  <Table.Td>
                    <Badge variant="light" color="cyan" radius="sm" tt="none" style={{ minWidth: 'max-content' }}>
                      {c.iso_code ? `${c.type} (${c.iso_code})` : c.type}
                    </Badge>
                  </Table.Td>
                  <Table.Td ff="monospace">
                    <Checked value={c.number} message={checks[`containers.${i}.number`]} />
                  </Table.Td>
                  <Table.Td ff="monospace">{c.carrier_seal_number}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {measure(c.weight, 'kg')}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {measure(c.volume, 'm³')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
