import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBuilding, IconExternalLink, IconFileDescription, IconPencil } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { CustomerShipment } from '@domain/shipments/index';
import { t } from '@web/lib/i18n';
import { StatusBadge, TYPE_COLORS } from '@web/ui/ShipmentBadges';
import { shipmentTypeText } from '../labels';
import { rich } from '../rich';

/** The shipment's header card: reference, type (partial with its mode label), Priority, company, status, actions, key fields. */
export function ShipmentHeader({ shipment: s, canEdit, children }: { shipment: CustomerShipment; canEdit: boolean; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="header" data-testid="shipment-header">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={6}>
          <Group gap="sm" wrap="wrap">
            <Title order={1} fz={26} data-testid="shipment-reference">
              {s.reference_number}
            </Title>
            <Badge color={TYPE_COLORS[s.type]} variant="outline" radius="sm" tt="none" data-testid="type-badge">
              {shipmentTypeText(s)}
            </Badge>
            {s.priority && (
              <Badge color="red" variant="filled" radius="sm" tt="none">
                {t('Priority')}
              </Badge>
            )}
            <StatusBadge status={s.status} />
          </Group>
          <Group gap={6} c="dimmed">
            <IconBuilding size={16} />
            <Text fz="sm" data-testid="shipment-company">
              {s.company_name}
            </Text>
          </Group>
          {s.request && (
            <Group gap={6} c="dimmed">
              <IconFileDescription size={16} />
              <Text fz="sm">
                {rich((values) => t('Booked from request {request}', values), {
                  request: (
                    <Anchor renderRoot={(props) => <Link to="/requests/$id" params={{ id: s.request!.id }} {...props} />} fz="sm" data-testid="shipment-request">
                      {s.request.number}
                    </Anchor>
                  ),
                })}
              </Text>
            </Group>
          )}
        </Stack>
        <Group gap="sm">
          {s.tracking_url && (
            <Button component="a" href={s.tracking_url} target="_blank" rel="noopener noreferrer" variant="light" leftSection={<IconExternalLink size={16} />}>
              {t('Track Shipment')}
            </Button>
          )}
          {canEdit && (
            <Button renderRoot={(props) => <Link {...props} to="/shipment/$id/edit" params={{ id: s.id }} />} leftSection={<IconPencil size={16} />}>
              {t('Edit Shipment')}
            </Button>
          )}
        </Group>
      </Group>
      <Divider my="md" />
      {children}
    </Paper>
  );
}
