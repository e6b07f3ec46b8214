import { Button, Paper, Select, Stack, Text, Title, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me } from '@domain/auth/rules';
import { roleLabel } from '@domain/common/enums';
import type { RequestDetail } from '@domain/requests/schema';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { t } from '@web/lib/i18n';
import { handlersQuery } from '@web/features/shipments';
import { afterRequestChange, setRequestHandler } from '../api';
import { can } from '@domain/access/permissions';
import { canHandle } from '@domain/shipments/handlers-schema';

const NOBODY = 'unassigned';

/**
 * Who handles the request: an administrator picks anyone who may handle its direction (the handler options of the
 * shipment pages); an export or import handler takes a request of their own direction.
 */
export function RequestHandlerCard({ request: r, user }: { request: RequestDetail; user: Me }) {
  const queryClient = useQueryClient();
  const admin = can(user.role, 'requests:any_direction');
  const handlers = useQuery({ ...handlersQuery(r.direction), enabled: admin });
  const assign = useMutation({
    mutationFn: (handlerId: string | null) => setRequestHandler(r.id, handlerId),
    onSuccess: async (view) => {
      const name = view.request.handler_name;
      notifications.show({
        color: 'teal',
        title: t('Handler assigned'),
        message: name ? t('{number} is now handled by {name}.', { number: r.number, name }) : t('{number} is unassigned.', { number: r.number }),
      });
      await afterRequestChange(queryClient, r.id, view);
    },
  });
  const canTake = !admin && canHandle(user.role, r.direction) && r.handler_id !== user.id;
  const handlerColor = r.handler_name ? undefined : 'dimmed';
  const options = (handlers.data ?? []).map((h) => ({ value: h.id, label: `${h.full_name} (${t(roleLabel(h.role))})` }));
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={t('Handler')}>
      <Group gap="xs" mb="xs">
        <IconUserCheck size={18} />
        <Title order={2} fz="lg">
          {t('Handler')}
        </Title>
      </Group>
      <Stack gap="sm">
        <ErrorBanner error={assign.error ?? handlers.error} />
        {admin ? (
          <Select
            label={t('Handler')}
            placeholder={handlers.isPending ? t('Loading...') : t('Select a handler')}
            data={[{ value: NOBODY, label: t('Unassigned') }, ...options]}
            value={r.handler_id ?? NOBODY}
            onChange={(value) => value && value !== (r.handler_id ?? NOBODY) && assign.mutate(value === NOBODY ? null : value)}
            disabled={assign.isPending}
            allowDeselect={false}
            searchable
            data-testid="request-handler-select"
          />
        ) : (
          <Text fw={600} c={handlerColor} data-testid="request-handler">
            {r.handler_name ?? t('Unassigned')}
          </Text>
        )}
        {canTake && (
          <Button fullWidth onClick={() => assign.mutate(user.id)} loading={assign.isPending}>
            {t('Take it')}
          </Button>
        )}
        {!canHandle(user.role, r.direction) && (
          <Text fz="sm" c="dimmed">
            {r.direction === 'export'
              ? t('Only export handlers and administrators handle this request.')
              : t('Only import handlers and administrators handle this request.')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
