import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { roleLabel, type LoadingType } from '@domain/common/enums';
import { t } from '@web/lib/i18n';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { rich } from '../rich';
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
    .map((h) => ({ value: h.id, label: `${h.full_name} (${t(roleLabel(h.role))})` }));

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
      const name = options.find((o) => o.value === choice)?.label ?? t('the new handler');
      const message =
        choice === NOBODY
          ? one
            ? t('{reference} is now handled by nobody.', { reference: one.reference_number })
            : t('{count, plural, one {# shipment now handled by nobody.} other {# shipments now handled by nobody.}}', { count: changed })
          : one
            ? t('{reference} is now handled by {name}.', { reference: one.reference_number, name })
            : t('{count, plural, one {# shipment now handled by {name}.} other {# shipments now handled by {name}.}}', { count: changed, name });
      notifications.show({ color: 'teal', title: t('Handler assigned'), message });
      await afterHandlerChange(queryClient);
      onDone?.();
      onClose();
    },
  });

  return (
    <Modal opened={targets.length > 0} onClose={() => !assign.isPending && onClose()} title={<Text fw={700}>{t('Assign Handler')}</Text>} centered>
      <Stack>
        <Text fz="sm">
          {one ? (
            rich((values) => t('Choose who handles {reference} ({direction, select, export {export} import {import} other {{direction}}}).', values), {
              reference: <b>{one.reference_number}</b>,
              direction: one.loading_type,
            })
          ) : (
            <>
              {rich((values) => t('Choose who handles the {count} selected shipments.', values), { count: <b>{targets.length}</b> })}
              {!direction && ` ${t('They include export and import shipments, so only administrators can take them all.')}`}
            </>
          )}
        </Text>
        <ErrorBanner error={handlers.error ?? assign.error} />
        <Select
          label={t('Handler')}
          placeholder={handlers.isPending ? t('Loading...') : t('Select a handler')}
          data={[{ value: NOBODY, label: t('Unassigned') }, ...options]}
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
            {t('Cancel')}
          </Button>
          <Button onClick={() => choice && assign.mutate(choice)} disabled={!choice || assign.isPending || (!!one && choice === current)}>
            {assign.isPending ? t('Assigning...') : t('Assign Handler')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
