import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { PARTY_LABELS, PARTY_ROLES, type PartyRole } from '@domain/shipments/labels';
import type { CustomerShipment, ShipmentDetail } from '@domain/shipments/index';
import { t } from '@web/lib/i18n';
import { Section } from '@web/ui/DetailParts';

function Party({ shipment: s, party }: { shipment: CustomerShipment | ShipmentDetail; party: PartyRole }) {
  const name = s[`${party}_name`];
  const address = s[`${party}_address`];
  const fromDirectory = `${party}_company_id` in s && !!(s as ShipmentDetail)[`${party}_company_id`];
  const label = t(PARTY_LABELS[party]);
  const addressColor = address ? undefined : 'dimmed';
  return (
    <Stack gap={2} role="group" aria-label={label} data-testid={`party-${party}`}>
      <Group gap={6}>
        <Text fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
          {label}
        </Text>
        {fromDirectory && (
          <Badge size="xs" variant="light" color="gray" radius="sm" tt="none">
            {t('Directory')}
          </Badge>
        )}
      </Group>
      {name || address ? (
        <>
          <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name ?? '—'}
          </Text>
          <Text fz="sm" c={addressColor} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {address ?? t('No address')}
          </Text>
        </>
      ) : (
        <Text fz="sm" c="dimmed">
          {t('Not set')}
        </Text>
      )}
    </Stack>
  );
}

/** Parties: shipper, consignee and notify party with the names and addresses printed on the papers. */
export function PartiesSection({ shipment }: { shipment: CustomerShipment | ShipmentDetail }) {
  return (
    <Section title={t('Parties')} icon={<IconUsers size={18} />}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {PARTY_ROLES.map((party) => (
          <Party key={party} shipment={shipment} party={party} />
        ))}
      </SimpleGrid>
    </Section>
  );
}
