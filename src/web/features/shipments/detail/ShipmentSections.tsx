import { useState } from 'react';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarEvent, IconContainer, IconMapPin, IconTruckDelivery } from '@tabler/icons-react';
import type { CustomerShipment, ShipmentDetail } from '@domain/shipments/index';
import { transportOf } from '@domain/shipments/labels';
import { freeDaysOf, lastFreeDay } from '@domain/shipments/free-time';
import { formatDateTime, formatDay } from '@web/lib/format';
import { reader, t } from '@web/lib/i18n';
import { countryIn } from '@domain/locale/countries';
import { freightTermsLabel, packageTypeLabel, truckTypeLabel } from '../labels';
import { CheckMark, type ChecksByField } from './DataChecks';
import { Field, FieldGrid, Section, measure } from '@web/ui/DetailParts';
import { PHONE_QUERY } from '@web/ui/theme';

type Common = CustomerShipment;

function PlaceColumn({ side, s }: { side: 'origin' | 'destination'; s: Common }) {
  const v = (field: 'airport' | 'port' | 'address' | 'city' | 'country' | 'postal_code') => s[`${side}_${field}`];
  const color = side === 'origin' ? 'blue' : 'teal';
  return (
    <Stack gap="md" aria-label={side === 'origin' ? t('Origin') : t('Destination')}>
      <Text fw={700} fz="sm" c={color}>
        {side === 'origin' ? t('Origin') : t('Destination')}
      </Text>
      {v('airport') && <Field label={t('Airport')}>{v('airport')}</Field>}
      {v('port') && <Field label={t('Port')}>{v('port')}</Field>}
      {v('address') && <Field label={t('Address')}>{v('address')}</Field>}
      <SimpleGrid cols={2} spacing="md">
        <Field label={t('City')}>{v('city')}</Field>
        <Field label={t('Country')}>{countryIn(v('country'), reader().locale)}</Field>
      </SimpleGrid>
      {v('postal_code') && <Field label={t('Postal Code')}>{v('postal_code')}</Field>}
    </Stack>
  );
}

/** Location Information: origin and destination airport, port, address, city, country. */
export function LocationSection({ shipment }: { shipment: Common }) {
  return (
    <Section title={t('Location Information')} icon={<IconMapPin size={18} />}>
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
    <Section title={t('Schedule Information')} icon={<IconCalendarEvent size={18} />}>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="lg">
        <Field label={t('Pickup Date')}>{formatDateTime(shipment.pickup_date)}</Field>
        <Field label={t('Estimated Departure')}>{formatDateTime(shipment.estimated_departure)}</Field>
        <Field label={t('Estimated Arrival')}>{formatDateTime(shipment.estimated_arrival)}</Field>
        <Field label={t('Delivery Date')}>{formatDateTime(shipment.delivery_date)}</Field>
        {shipment.documents_cutoff && <Field label={t('Documents Cut-off')}>{formatDateTime(shipment.documents_cutoff)}</Field>}
        {shipment.vgm_cutoff && <Field label={t('VGM Cut-off')}>{formatDateTime(shipment.vgm_cutoff)}</Field>}
        {shipment.port_cutoff && <Field label={transportOf(shipment) === 'air' ? t('Cargo Cut-off') : t('Port Cut-off')}>{formatDateTime(shipment.port_cutoff)}</Field>}
      </SimpleGrid>
    </Section>
  );
}

/** Spec: Transport Details is shown only if a carrier, vessel, flight or plate value exists. */
export function hasTransportDetails(s: ShipmentDetail): boolean {
  return [
    s.carrier_record_name, s.carrier_name, s.vessel_name, s.flight_number, s.truck_plate_number, s.house_bl_number, s.freight_terms, s.freight_payable_at,
    s.shipped_on_board_date, s.pre_carriage_by, s.place_of_receipt, s.on_carriage_by, s.place_of_delivery, s.marks_and_numbers,
    s.empty_pickup_depot, s.full_return_depot, s.pickup_terminal, s.free_time_days !== null, s.release_conditions, s.onward_flights.length > 0,
  ].some((v) => !!v);
}

/** The containers a phone shows before the list folds. */
const PHONE_FOLD_AT = 5;

/** '16 × Pallet': a container's packages (the kind left out when not given). */
const containerPackages = (c: { packages_count: number | null; package_type: string | null }) =>
  c.package_type ? t('{count} × {kind}', { count: c.packages_count, kind: packageTypeLabel(c.package_type) }) : String(c.packages_count);

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
    <Section title={t('Transport Details')} icon={<IconTruckDelivery size={18} />}>
      <FieldGrid>
        <Field label={t('Carrier')}>{carrier}</Field>
        {s.carrier_name && s.carrier_record_name && s.carrier_name !== s.carrier_record_name && <Field label={t('Carrier Name')}>{s.carrier_name}</Field>}
        {s.vessel_name && <Field label={t('Vessel')}>{s.vessel_name}</Field>}
        {s.vessel_flag && <Field label={t('Vessel Flag')}>{s.vessel_flag}</Field>}
        {s.imo_number && <Field label={t('IMO Number')}>{s.imo_number}</Field>}
        {s.voyage_number && <Field label={t('Voyage Number')}>{s.voyage_number}</Field>}
        {s.flight_number && <Field label={t('Flight Number')}>{s.flight_number}</Field>}
        {s.onward_flights.length > 0 && (
          <Field label={t('Onward Flights')}>
            {s.onward_flights.map((f) => (
              <div key={f.airport}>{[f.airport, [f.carrier, f.flight_number].filter(Boolean).join(' '), f.departure_date && formatDay(f.departure_date)].filter(Boolean).join(' · ')}</div>
            ))}
          </Field>
        )}
        {s.truck_plate_number && <Field label={t('Truck Plate')}>{s.truck_plate_number}</Field>}
        {s.truck_type && <Field label={t('Truck Type')}>{truckTypeLabel(s.truck_type)}</Field>}
        {s.mawb_number && (
          <Field label="MAWB">
            <Checked value={s.mawb_number} message={checks.mawb_number} />
          </Field>
        )}
        {s.container_number && checks.container_number && !s.containers.some((c) => c.number === s.container_number) && (
          <Field label={t('Container Number')}>
            <Checked value={s.container_number} message={checks.container_number} />
          </Field>
        )}
        {s.hawb_number && <Field label="HAWB">{s.hawb_number}</Field>}
        {s.commodity_item_number && <Field label={t('Commodity Item Number')}>{s.commodity_item_number}</Field>}
        {s.consolidation_agent_name && <Field label={t('Consolidation Agent')}>{s.consolidation_agent_name}</Field>}
        {s.service_provider_name && <Field label={t('Service Provider')}>{s.service_provider_name}</Field>}
        {s.house_bl_number && <Field label={t('House B/L Number')}>{s.house_bl_number}</Field>}
        {s.freight_terms && <Field label={t('Freight Terms')}>{freightTermsLabel(s.freight_terms)}</Field>}
        {s.freight_payable_at && <Field label={t('Freight Payable At')}>{s.freight_payable_at}</Field>}
        {s.shipped_on_board_date && <Field label={t('Shipped on Board Date')}>{formatDay(s.shipped_on_board_date.slice(0, 10))}</Field>}
        {s.pre_carriage_by && <Field label={t('Pre-carriage By')}>{s.pre_carriage_by}</Field>}
        {s.place_of_receipt && <Field label={t('Place of Receipt')}>{s.place_of_receipt}</Field>}
        {s.on_carriage_by && <Field label={t('On-carriage By')}>{s.on_carriage_by}</Field>}
        {s.place_of_delivery && <Field label={t('Place of Delivery')}>{s.place_of_delivery}</Field>}
        {s.empty_pickup_depot && <Field label={t('Empty Pick-up Depot')}>{s.empty_pickup_depot}</Field>}
        {s.full_return_depot && <Field label={t('Full Return Depot')}>{s.full_return_depot}</Field>}
        {s.pickup_terminal && <Field label={t('Pick-up Terminal or CFS')}>{s.pickup_terminal}</Field>}
        {s.free_time_days !== null && <Field label={t('Free Time (days)')}>{s.free_time_days}</Field>}
        {s.release_conditions && <Field label={t('Release Conditions')}>{s.release_conditions}</Field>}
      </FieldGrid>
      {s.marks_and_numbers && (
        <Text fz="sm" mt="sm" style={{ whiteSpace: 'pre-line' }}>
          <Text span fz="xs" c="dimmed" display="block">
            {t('Marks and Numbers')}
          </Text>
          {s.marks_and_numbers}
        </Text>
      )}
    </Section>
  );
}

/**
 * Containers (sea transport): type with its ISO 6346 size-type code ('40HC (45G1)'), number, carrier seal number,
 * weight, volume. Staff see the warning mark of a number that fails today's checks.
 */
export function ContainersSection({ shipment, checks = {}, stackOnPhone = false }: { shipment: Common; checks?: ChecksByField; stackOnPhone?: boolean }) {
  const rows = shipment.containers;
  const withPackages = rows.some((c) => c.packages_count !== null);
  // Each container's last free day at the terminal, when the shipment has an arrival and free time (issue 41).
  const lastFree = rows.map((c) => lastFreeDay(shipment.estimated_arrival, freeDaysOf(c.free_days, shipment.free_time_days)));
  const withFreeTime = lastFree.some((d) => d !== null);
  // The customer's page on a phone: one block per container instead of a table wider than the screen (issue 17).
  const stacked = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) && stackOnPhone;
  // On a phone a long list folds after the first few (50 containers were 8,884 px tall: issue 41).
  const [unfolded, setUnfolded] = useState(false);
  const blocks = stacked && !unfolded ? rows.slice(0, PHONE_FOLD_AT) : rows;
  return (
    <Section title={t('Containers')} icon={<IconContainer size={18} />}>
      {rows.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('No containers recorded for this shipment')}
        </Text>
      ) : stacked ? (
        <Stack gap="xs" aria-label={t('Containers')} data-testid="container-blocks">
          {blocks.map((c, i) => (
            <Paper key={`${c.number}-${i}`} withBorder radius="sm" p="sm">
              <Group justify="space-between" gap="xs">
                <Text ff="monospace" fw={600} fz="sm">
                  {c.number || t('Number not yet known')}
                </Text>
                <Badge variant="light" color="cyan" radius="sm" tt="none">
                  {c.iso_code ? `${c.type} (${c.iso_code})` : c.type}
                </Badge>
              </Group>
              <Text fz="xs" c="dimmed" mt={4}>
                {t('Seal {seal} · {weight} · {volume}', { seal: c.carrier_seal_number || t('N/A'), weight: measure(c.weight, 'kg'), volume: measure(c.volume, 'm³') })}
                {c.packages_count !== null && ` · ${containerPackages(c)}`}
                {lastFree[i] && ` · ${t('Last free day {day}', { day: formatDay(lastFree[i]) })}`}
              </Text>
            </Paper>
          ))}
          {rows.length > PHONE_FOLD_AT && (
            <Button variant="light" mih={44} onClick={() => setUnfolded((v) => !v)} aria-expanded={unfolded}>
              {unfolded ? t('Show fewer containers') : t('Show all {count} containers', { count: rows.length })}
            </Button>
          )}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped verticalSpacing="xs" aria-label={t('Containers')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Type')}</Table.Th>
                <Table.Th>{t('Container Number')}</Table.Th>
                <Table.Th>{t('Carrier Seal Number')}</Table.Th>
                <Table.Th ta="right">{t('Weight')}</Table.Th>
                <Table.Th ta="right">{t('Volume')}</Table.Th>
                {withPackages && <Table.Th>{t('Packages')}</Table.Th>}
                {withFreeTime && <Table.Th>{t('Last Free Day')}</Table.Th>}
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
                  {withPackages && <Table.Td>{c.packages_count !== null ? containerPackages(c) : ''}</Table.Td>}
                  {withFreeTime && <Table.Td style={{ whiteSpace: 'nowrap' }}>{lastFree[i] ? formatDay(lastFree[i]) : ''}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
