import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { PARTY_LABELS, PARTY_ROLES, type PartyRole } from '@domain/shipments/labels';
import type { CustomerShipment, ShipmentDetail } from '@domain/shipments/index';
import { Section } from '@web/ui/DetailParts';

function Party({ shipment: s, party }: { shipment: CustomerShipment | ShipmentDetail; party: PartyRole }) {
  const name = s[`${party}_name`];
  const address = s[`${party}_address`];
  const fromDirectory = `${party}_company_id` in s && !!(s as ShipmentDetail)[`${party}_company_id`];
  return (
    <Stack gap={2} role="group" aria-label={PARTY_LABELS[party]} data-testid={`party-${party}`}>
      <Group gap={6}>
        <Text fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
          {PARTY_LABELS[party]}
        </Text>
        {fromDirectory && (
          <Badge size="xs" variant="light" color="gray" radius="sm" tt="none">
            Directory
          </Badge>
        )}
      </Group>
      {name || address ? (
        <>
          <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name ?? '—'}
          </Text>
          <Text fz="sm" c={address ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {address ?? 'No address'}
          </Text>
        </>
      ) : (
        <Text fz="sm" c="dimmed">
          Not set
        </Text>
      )}
    </Stack>
  );
}

/** Parties: shipper, consignee and notify party with the names and addresses printed on the papers. */
export function PartiesSection({ shipment }: { shipment: CustomerShipment | ShipmentDetail }) {
  return (
    <Section title="Parties" icon={<IconUsers size={18} />}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {PARTY_ROLES.map((party) => (
          <Party key={party} shipment={shipment} party={party} />
        ))}
      </SimpleGrid>
    </Section>
  );
}
