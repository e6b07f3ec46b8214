import { useState } from 'react';
import { Button, Group, Modal, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconProgressCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me } from '@domain/auth/rules';
import type { ShipmentStatus } from '@domain/common/enums';
import { allowedNextStatuses, CLOSED_STATUS, type ShipmentDetail } from '@domain/shipments/index';
import { t } from '@web/lib/i18n';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { StatusBadge } from '@web/ui/ShipmentBadges';
import { afterStatusChange, changeShipmentStatus, shipmentDetailKeys } from './api';
import { can } from '@domain/access/permissions';
import { shipmentStatusLabel } from '../labels';
import { rich } from '../rich';

/** Who may change a shipment's status (decision 0141): an admin, or the shipment's handler. */
export const canChangeStatus = (user: Me, s: ShipmentDetail) => can(user.role, 'shipments:any_handler') || (s.handler_id !== null && s.handler_id === user.id);

/**
 * The status card of the staff page: the current badge and, for an admin or the handler, a picker of the
 * allowed next statuses with a confirmation. Errors from the server show in a red banner.
 */
export function StatusControl({ shipment, user }: { shipment: ShipmentDetail; user: Me }) {
  const queryClient = useQueryClient();
  const [next, setNext] = useState<ShipmentStatus | null>(null);
  const [confirming, setConfirming] = useState(false);
  const allowed = canChangeStatus(user, shipment);
  const options = allowedNextStatuses(shipment.status, user.role);

  const change = useMutation({
    mutationFn: (status: ShipmentStatus) => changeShipmentStatus(shipment.id, status),
    onSuccess: async (detail) => {
      setConfirming(false);
      setNext(null);
      notifications.show({
        color: 'teal',
        title: t('Status updated'),
        message: t('{reference} is now {status}.', { reference: detail.reference_number, status: shipmentStatusLabel(detail.status) }),
      });
      await afterStatusChange(queryClient, detail);
    },
    onError: async () => {
      setConfirming(false);
      setNext(null);
      // The refusal often means the shipment changed elsewhere: show its current state under the banner.
      await queryClient.invalidateQueries({ queryKey: shipmentDetailKeys.detail(shipment.id) });
    },
  });

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={t('Shipment Status')}>
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <IconProgressCheck size={18} />
          <Title order={2} fz="lg">
            {t('Status')}
          </Title>
        </Group>
        <StatusBadge status={shipment.status} />
      </Group>
      <ErrorBanner error={change.error} />
      {!allowed ? (
        <Text fz="sm" c="dimmed">
          {t('Only an administrator or the shipment’s handler can change its status.')}
        </Text>
      ) : options.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {shipment.status === CLOSED_STATUS ? t('This shipment is completed. Only an administrator can reopen it.') : t('No other status is available.')}
        </Text>
      ) : (
        <Stack gap="sm">
          <Select
            label={t('Change status to')}
            placeholder={t('Choose a status')}
            data={options.map((s) => ({ value: s, label: shipmentStatusLabel(s) }))}
            value={next}
            onChange={(v) => {
              change.reset();
              setNext(v);
            }}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Button onClick={() => setConfirming(true)} disabled={!next || change.isPending}>
            {t('Update Status')}
          </Button>
        </Stack>
      )}
      <Modal opened={confirming} onClose={() => !change.isPending && setConfirming(false)} title={<Text fw={700}>{t('Change Shipment Status')}</Text>} centered>
        <Stack>
          <Text>
            {rich((values) => t('Change the status of {reference} from {from} to {to}?', values), {
              reference: <b>{shipment.reference_number}</b>,
              from: <b>{shipmentStatusLabel(shipment.status)}</b>,
              to: <b>{shipmentStatusLabel(next)}</b>,
            })}
          </Text>
          <Text fz="sm" c="dimmed">
            {t('The company’s primary contact is notified by email, and the change is kept in the shipment history.')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={change.isPending}>
              {t('Cancel')}
            </Button>
            <Button onClick={() => next && change.mutate(next)} disabled={change.isPending}>
              {change.isPending ? t('Updating...') : t('Confirm Change')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
