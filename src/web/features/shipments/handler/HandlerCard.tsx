import { useState } from 'react';
import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me } from '@domain/auth/rules';
import { canHandle, canTakeShipment } from '@domain/shipments/handlers-schema';
import type { ShipmentDetail } from '@domain/shipments/index';
import { t } from '@web/lib/i18n';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { AssignHandlerDialog } from './AssignHandlerDialog';
import { afterHandlerChange, setShipmentHandler } from './api';
import { can } from '@domain/access/permissions';

/**
 * The staff page's Handler card: who handles the shipment; admins assign or reassign it, an export or import handler
 * takes an unassigned shipment of their direction (then they may change its status).
 */
export function HandlerCard({ shipment, user }: { shipment: ShipmentDetail; user: Me }) {
  const queryClient = useQueryClient();
  const [assigning, setAssigning] = useState(false);
  const nameColor = shipment.handler_full_name ? undefined : 'dimmed';
  const take = useMutation({
    mutationFn: () => setShipmentHandler(shipment.id, user.id),
    onSuccess: async (detail) => {
      notifications.show({ color: 'teal', title: t('Shipment taken'), message: t('You now handle {reference}.', { reference: detail.reference_number }) });
      await afterHandlerChange(queryClient);
    },
    onError: async () => afterHandlerChange(queryClient),
  });

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={t('Handler')}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap="xs">
          <IconUserCheck size={18} />
          <Title order={2} fz="lg">
            {t('Handler')}
          </Title>
        </Group>
        {can(user.role, 'shipments:assign') && (
          <Button size="xs" variant="light" onClick={() => setAssigning(true)}>
            {shipment.handler_id ? t('Reassign') : t('Assign Handler')}
          </Button>
        )}
      </Group>
      <Text fw={600} c={nameColor} data-testid="handler-name">
        {shipment.handler_full_name ?? t('Unassigned')}
      </Text>
      <ErrorBanner error={take.error} />
      {canTakeShipment(user, shipment) && (
        <Button mt="sm" fullWidth onClick={() => take.mutate()} loading={take.isPending}>
          {t('Take This Shipment')}
        </Button>
      )}
      {!shipment.handler_id && !can(user.role, 'shipments:any_handler') && !canHandle(user.role, shipment.loading_type) && (
        <Text fz="sm" c="dimmed" mt="xs">
          {t('Only {direction, select, export {export} import {import} other {{direction}}} handlers and administrators can take this shipment.', { direction: shipment.loading_type })}
        </Text>
      )}
      {assigning && (
        <AssignHandlerDialog targets={[{ ...shipment }]} onClose={() => setAssigning(false)} />
      )}
    </Paper>
  );
}
