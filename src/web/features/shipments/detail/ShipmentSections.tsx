import { Badge, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconBox, IconCalendarEvent, IconContainer, IconMapPin, IconTruckDelivery } from '@tabler/icons-react';
import { formatMoney, statusLabel, type CustomerShipment, type ShipmentDetail } from '../../../../domain/shipments';
import { formatDateTime } from '../../../lib/format';
import { Field, FieldGrid, Section, measure } from './DetailParts';

type Common = CustomerShipment;

const money = (amount: number | null, currency: string) => (amount === null ? null : formatMoney(amount, currency));

/** Cargo Information: description, weights, volume, packages, values, handling flags. */
export function CargoSection({ shipment, staff }: { shipment: Common | ShipmentDetail; staff: boolean }) {
  const s = shipment;
  const dims = [s.length, s.width, s.height].every((v) => typeof v === 'number') ? `${s.length} × ${s.width} × ${s.height} cm` : null;
  const flags = [
    s.dangerous_goods && { label: 'Dangerous Goods', color: 'red' },
    s.temperature_controlled && { label: 'Temperature Controlled', color: 'cyan' },
    'stackable' in s && s.stackable === false && { label: 'Not Stackable', color: 'orange' },
    'door_delivery' in s && s.door_delivery && { label: 'Door Delivery', color: 'teal' },
  ].filter((f): f is { label: string; color: string } => !!f);
  return (
    <Section title="Cargo Information" icon={<IconBox size={18} />}>
      <FieldGrid>
        <Field label="Description" span>
          {s.cargo_description}
        </Field>
        <Field label="Gross Weight">{measure(s.weight_gross, 'kg')}</Field>
        {s.weight_net !== null && <Field label="Net Weight">{measure(s.weight_net, 'kg')}</Field>}
        {staff && 'weight_chargeable' in s && s.weight_chargeable !== null && <Field label="Chargeable Weight">{measure(s.weight_chargeable, 'kg')}</Field>}
        <Field label="Volume">{measure(s.volume, 'm³')}</Field>
        <Field label="Packages">
          {s.packages_count}
          {s.package_type ? ` × ${statusLabel(s.package_type)}` : ''}
        </Field>
        {dims && <Field label="Dimensions (L × W × H)">{dims}</Field>}
        {s.cargo_value !== null && <Field label="Cargo Value">{money(s.cargo_value, s.cargo_value_currency)}</Field>}
        {s.cargo_insurance_value !== null && <Field label="Insurance Value">{money(s.cargo_insurance_value, s.cargo_insurance_value_currency)}</Field>}
        {s.temperature_controlled && (
          <Field label="Temperature Range">
            {s.temperature_range_min ?? '?'} °C to {s.temperature_range_max ?? '?'} °C
          </Field>
        )}
      </FieldGrid>
      {flags.length > 0 && (
        <Group gap="xs" mt="md">
          {flags.map((f) => (
            <Badge key={f.label} color={f.color} variant="light" radius="sm" tt="none">
              {f.label}
            </Badge>
          ))}
        </Group>
      )}
    </Section>
  );
}

function PlaceColumn({ side, s }: { side: 'origin' | 'destination'; s: Common }) {
  const v = (field: 'airport' | 'port' | 'address' | 'city' | 'country' | 'postal_code') => s[`${side}_${field}`];
  return (
    <Stack gap="md" aria-label={side === 'origin' ? 'Origin' : 'Destination'}>
      <Text fw={700} fz="sm" c={side === 'origin' ? 'blue.7' : 'teal.7'}>
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

/** Transport Details (staff): carrier, vessel, voyage, flight, truck plate, MAWB, HAWB and the partners. */
export function TransportSection({ shipment: s }: { shipment: ShipmentDetail }) {
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
        {s.mawb_number && <Field label="MAWB">{s.mawb_number}</Field>}
        {s.hawb_number && <Field label="HAWB">{s.hawb_number}</Field>}
        {s.consolidation_agent_name && <Field label="Consolidation Agent">{s.consolidation_agent_name}</Field>}
        {s.service_provider_name && <Field label="Service Provider">{s.service_provider_name}</Field>}
      </FieldGrid>
    </Section>
  );
}

/** Containers (sea transport): type, number, carrier seal number, weight, volume. */
export function ContainersSection({ shipment }: { shipment: Common }) {
  const rows = shipment.containers;
  return (
    <Section title="Containers" icon={<IconContainer size={18} />}>
      {rows.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No containers recorded for this shipment
        </Text>
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
                    <Badge variant="light" color="cyan" radius="sm" tt="none">
                      {c.type}
                    </Badge>
                  </Table.Td>
                  <Table.Td ff="monospace">{c.number}</Table.Td>
                  <Table.Td ff="monospace">{c.carrier_seal_number}</Table.Td>
                  <Table.Td ta="right">{measure(c.weight, 'kg')}</Table.Td>
                  <Table.Td ta="right">{measure(c.volume, 'm³')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
