import { useState } from 'react';
import {
  Alert, Badge, Button, Card, Checkbox, Group, Modal, Stack, Table, Text, TextInput, } from '@mantine/core';
import { IconPlus, IconWebhook } from '@tabler/icons-react';
import {
  DELIVERY_STATE_LABELS, WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS, WEBHOOK_PAUSE_AFTER_HOURS, webhookInputSchema, webhookUrlProblem,
  type Webhook, type WebhookDelivery, type WebhookWithSecret,
} from '@domain/webhooks/schema';
import { ApiError } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { ConfirmDialog } from '@web/ui/ConfirmDialog';
import { ShownOnce } from '@web/ui/ShownOnce';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { useUser } from '@web/features/auth';
import { useCreateWebhook, useDeleteWebhook, useDeliveries, useReplay, useRotateSecret, useUpdateWebhook, useWebhooks } from './api';
import { isCustomer } from '@domain/access/permissions';

const STATE_COLOR: Record<WebhookDelivery['state'], string> = { pending: 'blue', succeeded: 'green', failed: 'red', cancelled: 'gray' };

/**
 * Webhooks (issue 18, decision record 0243): an admin's subscriptions for every company, a customer's for their
 * company. Create one (address and events; the signing secret is shown once), pause or resume, replace the secret,
 * delete, and read each one's delivery log with a Replay button. Cards at every width, so a phone shows the same.
 */
export function WebhooksPage() {
  const user = useUser();
  const list = useWebhooks();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  const rows = list.data?.rows ?? [];
  return (
    <>
      <PageHeader
        title={t('Webhooks')}
        subtitle={
          isCustomer(user.role)
            ? t('Send your shipments’ events to your own systems as they happen')
            : t('Send shipment, document, message and quote events to other systems, for every company')
        }
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('Add webhook')}
          </Button>
        }
      />
      <ErrorBanner error={list.error} />
      {rows.length === 0 && !list.isPending ? (
        <EmptyState
          icon={<IconWebhook size={32} />}
          title={t('No webhooks yet')}
          text={t('Add your endpoint’s HTTPS address and choose the events it should receive. Each call is signed (Standard Webhooks), so your system can check it came from us.')}
        />
      ) : (
        <Stack gap="md" data-testid="webhooks">
          {rows.map((w) => (
            <WebhookCard key={w.id} webhook={w} showCompany={!isCustomer(user.role)} onSecret={setSecret} />
          ))}
        </Stack>
      )}
      <CreateWebhookModal opened={creating} onClose={() => setCreating(false)} onCreated={(w) => (setCreating(false), setSecret(w))} />
      <SecretModal webhook={secret} onClose={() => setSecret(null)} />
    </>
  );
}

function CreateWebhookModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (w: WebhookWithSecret) => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>(['status_changed']);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const close = () => {
    if (create.isPending) return;
    setUrl('');
    setDescription('');
    setEvents(['status_changed']);
    setErrors({});
    create.reset();
    onClose();
  };
  const submit = () => {
    // The form's rules are the server's (domain/webhooks); plain http is the server's to refuse in production.
    const parsed = webhookInputSchema.safeParse({ url, events, description });
    const urlProblem = parsed.success ? webhookUrlProblem(parsed.data.url, { production: false }) : null;
    if (!parsed.success || urlProblem) {
      const issues = parsed.success ? [] : parsed.error.issues;
      setErrors({ url: urlProblem ?? issues.find((i) => i.path[0] === 'url')?.message, events: issues.find((i) => i.path[0] === 'events')?.message });
      return;
    }
    setErrors({});
    create.mutate(parsed.data, { onSuccess: (w) => (setUrl(''), setDescription(''), setEvents(['status_changed']), create.reset(), onCreated(w)) });
  };
  const serverUrl = create.error instanceof ApiError ? create.error.fields?.url : undefined;
  const urlError = errors.url ?? serverUrl;
  return (
    <Modal opened={opened} onClose={close} title={<Text fw={700}>{t('Add webhook')}</Text>} centered>
      <Stack gap="sm">
        <TextInput
          label={t('Endpoint address')}
          placeholder="https://erp.example.com/hooks/cargodesk"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={urlError && t(urlError)}
          required
          data-autofocus
        />
        <TextInput label={t('Description')} placeholder={t('ERP order sync')} value={description} onChange={(e) => setDescription(e.currentTarget.value)} maxLength={200} />
        <Checkbox.Group label={t('Events')} value={events} onChange={setEvents} error={errors.events && t(errors.events)} required>
          <Stack gap={6} mt="xs">
            {WEBHOOK_EVENTS.map((e) => (
              <Checkbox key={e} value={e} label={t(WEBHOOK_EVENT_LABELS[e])} />
            ))}
          </Stack>
        </Checkbox.Group>
        {create.error && !serverUrl && <ErrorBanner error={create.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('Cancel')}
          </Button>
          <Button onClick={submit} loading={create.isPending}>
            {t('Add webhook')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function SecretModal({ webhook, onClose }: { webhook: WebhookWithSecret | null; onClose: () => void }) {
  return (
    <Modal opened={webhook !== null} onClose={onClose} title={<Text fw={700}>{t('Signing secret')}</Text>} centered>
      {webhook && (
        <Stack gap="sm">
          <ShownOnce
            notice={t('Copy the secret now: for safety it is shown only once.')}
            label={t('Signing secret')}
            copyLabel={t('Copy secret')}
            value={webhook.secret}
            testId="webhook-secret"
            monospace
          />
          <Text fz="xs" c="dimmed">
            {t(
              'Each call carries the headers webhook-id, webhook-timestamp and webhook-signature (v1, HMAC-SHA256 of id.timestamp.body, keyed with this secret’s base64 part), as the Standard Webhooks convention defines.',
            )}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('Done')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function WebhookCard({ webhook: w, showCompany, onSecret }: { webhook: Webhook; showCompany: boolean; onSecret: (w: WebhookWithSecret) => void }) {
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateSecret();
  const [deleting, setDeleting] = useState(false);
  const [log, setLog] = useState(false);
  const paused = w.status === 'paused';
  return (
    <Card withBorder padding="md" data-testid="webhook-card">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} ff="monospace" fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid="webhook-url">
              {w.url}
            </Text>
            <Text fz="xs" c="dimmed">
              {[
                w.description,
                showCompany ? (w.company_name ?? t('All companies')) : null,
                t('secret …{hint}', { hint: w.secret_hint }),
                w.created_by_name ? t('by {name}', { name: w.created_by_name }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
          { }
          <Badge color={paused ? 'gray' : 'green'} variant="light" style={{ flexShrink: 0 }} data-testid="webhook-status">
            {paused ? t('Paused') : t('Active')}
          </Badge>
        </Group>
        <Group gap={4}>
          {w.events.map((e) => (
            <Badge key={e} size="sm" variant="outline" color="blue">
              {t(WEBHOOK_EVENT_LABELS[e])}
            </Badge>
          ))}
        </Group>
        {w.paused_reason === 'failing' && (
          <Alert color="red" p="xs">
            {t('Paused after {hours} hours of failed deliveries. Fix the receiver, then resume.', { hours: WEBHOOK_PAUSE_AFTER_HOURS })}
          </Alert>
        )}
        {!paused && w.failing_since && (
          <Alert color="yellow" p="xs">
            {t('Deliveries have failed since {date}; we keep retrying.', { date: formatDateTime(w.failing_since) })}
          </Alert>
        )}
        <ErrorBanner error={update.error ?? rotate.error ?? null} />
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => setLog((v) => !v)} aria-expanded={log}>
            {log ? t('Hide delivery log') : t('Delivery log')}
          </Button>
          <Button size="xs" variant="default" loading={update.isPending} onClick={() => update.mutate({ id: w.id, status: paused ? 'active' : 'paused' })}>
            {paused ? t('Resume') : t('Pause')}
          </Button>
          <Button size="xs" variant="default" loading={rotate.isPending} onClick={() => rotate.mutate(w.id, { onSuccess: onSecret })}>
            {t('New secret')}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(true)}>
            {t('Delete')}
          </Button>
        </Group>
        {log && <DeliveryLog webhook={w} />}
      </Stack>
      <ConfirmDialog
        opened={deleting}
        title={t('Delete webhook')}
        message={t('Stop sending events to {url} and delete its delivery log?', { url: w.url })}
        busy={remove.isPending}
        error={remove.error ? t(remove.error.message) : null}
        onConfirm={() => remove.mutate(w.id, { onSuccess: () => setDeleting(false) })}
        onClose={() => setDeleting(false)}
      />
    </Card>
  );
}

function DeliveryLog({ webhook }: { webhook: Webhook }) {
  const deliveries = useDeliveries(webhook.id);
  const replay = useReplay();
  const rows = deliveries.data?.rows ?? [];
  const last = (d: WebhookDelivery) => d.attempts[d.attempts.length - 1];
  const replayButton = (d: WebhookDelivery) => (
    <Button
      size="compact-xs"
      variant="light"
      disabled={webhook.status !== 'active'}
      loading={replay.isPending && replay.variables?.deliveryId === d.id}
      onClick={() => replay.mutate({ id: webhook.id, deliveryId: d.id }, { onSuccess: () => void deliveries.refetch() })}
    >
      {t('Replay')}
    </Button>
  );
  const state = (d: WebhookDelivery) => (
    <Badge size="sm" variant="light" color={STATE_COLOR[d.state]} style={{ flexShrink: 0 }} data-testid="delivery-state">
      {t(DELIVERY_STATE_LABELS[d.state])}
    </Badge>
  );
  if (deliveries.error) return <ErrorBanner error={deliveries.error} />;
  if (rows.length === 0) return <Text fz="sm" c="dimmed">{deliveries.isPending ? t('Loading…') : t('No deliveries yet.')}</Text>;
  return (
    <Stack gap="xs" data-testid="delivery-log">
      <ErrorBanner error={replay.error} />
      <Table.ScrollContainer minWidth={560} visibleFrom="sm">
        <Table striped fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Event')}</Table.Th>
              <Table.Th>{t('Status')}</Table.Th>
              <Table.Th>{t('Response')}</Table.Th>
              <Table.Th>{t('Time')}</Table.Th>
              <Table.Th>{t('Attempts')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((d) => (
              <Table.Tr key={d.id} data-testid="delivery-row">
                <Table.Td>{t(WEBHOOK_EVENT_LABELS[d.event])}</Table.Td>
                <Table.Td>{state(d)}</Table.Td>
                <Table.Td data-testid="delivery-code">
                  <Text fz="sm" title={last(d)?.error ? t(last(d)!.error!) : undefined}>
                    {last(d)?.response_code ?? (last(d)?.error ? t('No answer') : '–')}
                  </Text>
                </Table.Td>
                <Table.Td>{formatDateTime(last(d)?.at ?? d.created_at)}</Table.Td>
                <Table.Td>{d.attempts.length}</Table.Td>
                <Table.Td>{replayButton(d)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="xs" hiddenFrom="sm">
        {rows.map((d) => (
          <Card key={d.id} withBorder padding="xs" data-testid="delivery-card">
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fz="sm" fw={500}>
                  {t(WEBHOOK_EVENT_LABELS[d.event])}
                </Text>
                <Text fz="xs" c="dimmed">
                  {formatDateTime(last(d)?.at ?? d.created_at)} · {last(d)?.response_code ?? (last(d)?.error ? t('no answer') : t('not tried'))} ·{' '}
                  {t('{count, plural, one {# attempt} other {# attempts}}', { count: d.attempts.length })}
                </Text>
                {last(d)?.error && (
                  <Text fz="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
                    {t(last(d)!.error!)}
                  </Text>
                )}
              </Stack>
              <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                {state(d)}
                {replayButton(d)}
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
