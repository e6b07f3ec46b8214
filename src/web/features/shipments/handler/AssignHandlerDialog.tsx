import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { roleLabel, type LoadingType } from '@domain/common/enums';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { afterHandlerChange, assignShipmentHandlers, handlersQuery, setShipmentHandler } from './api';
import { can } from '@domain/access/permissions';

export type AssignTarget = { id: string; reference_number: string; loading_type: LoadingType; handler_id: string | null };

/** The Select's value for "nobody". */
const NOBODY = 'unassigned';

/**
 * Admins: choose who handles one shipment or several (bulk). Only people who can handle every chosen shipment's
 * direction are offered (admins, and that direction's handlers when all share one); the server checks again.
 */
export function AssignHandlerDialog({ targets, onClose, onDone }: { targets: AssignTarget[]; onClose: () => void; onDone?: () => void }) {
  const queryClient = useQueryClient();
  const directions = [...new Set(targets.map((t) => t.loading_type))];
  const direction = directions.length === 1 ? directions[0] : undefined;
  const handlers = useQuery({ ...handlersQuery(direction), enabled: targets.length > 0 });
  const current = targets.length === 1 ? (targets[0]!.handler_id ?? NOBODY) : null;
  const [choice, setChoice] = useState<string | null>(current);
  const one = targets.length === 1 ? targets[0] : undefined;

  const options = (handlers.data ?? [])
    .filter((h) => direction || can(h.role, 'shipments:any_handler'))
    .map((h) => ({ value: h.id, label: `${h.full_name} (${roleLabel(h.role)})` }));

  const assign = useMutation({
    mutationFn: async (value: string) => {
      const handlerId = value === NOBODY ? null : value;
      if (one) {
        await setShipmentHandler(one.id, handlerId);
        return 1;
      }
      return (await assignShipmentHandlers(targets.map((t) => t.id), handlerId)).changed;
    },
    onSuccess: async (changed) => {
      const who = choice === NOBODY ? 'nobody' : (options.find((o) => o.value === choice)?.label ?? 'the new handler');
      notifications.show({
        color: 'teal',
        title: 'Handler assigned',
        message: one ? `${one.reference_number} is now handled by ${who}.` : `${changed} shipment${changed === 1 ? '' : 's'} now handled by ${who}.`,
      });
      await afterHandlerChange(queryClient);
      onDone?.();
      onClose();
    },
  });

  return (
    <Modal opened={targets.length > 0} onClose={() => !assign.isPending && onClose()} title={<Text fw={700}>Assign Handler</Text>} centered>
      <Stack>
        <Text fz="sm">
          {one ? (
            <>
              Choose who handles <b>{one.reference_number}</b> ({one.loading_type}).
            </>
          ) : (
            <>
              Choose who handles the <b>{targets.length}</b> selected shipments.
              {!direction && ' They include export and import shipments, so only administrators can take them all.'}
            </>
          )}
        </Text>
        <ErrorBanner error={handlers.error ?? assign.error} />
        <Select
          label="Handler"
          placeholder={handlers.isPending ? 'Loading...' : 'Select a handler'}
          data={[{ value: NOBODY, label: 'Unassigned' }, ...options]}
          value={choice}
          onChange={(v) => {
            assign.reset();
            setChoice(v);
          }}
          searchable
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="handler-select"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={assign.isPending}>
            Cancel
          </Button>
          <Button onClick={() => choice && assign.mutate(choice)} disabled={!choice || assign.isPending || (!!one && choice === current)}>
            {assign.isPending ? 'Assigning...' : 'Assign Handler'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
