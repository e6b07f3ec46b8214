import { useState } from 'react';
import { Badge, Button, Code, Group, NumberInput, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RevokeDialog, SECRET_STATES, ShownOnce, ShownOnceDialog, ShownOnceFormActions } from '@web/ui/ShownOnce';
import {
  API_KEY_MESSAGES, API_KEY_RATE_DEFAULT, API_KEY_RATE_MAX, API_KEY_STAFF_ROLES, apiKeyInputSchema, type ApiKey, type ApiKeyList, type CreatedApiKey,
} from '@domain/api-keys/schema';
import { ROLE_TITLES, type Role } from '@domain/common/enums';
import { api, ApiError } from '@web/lib/api';
import { formatDate, formatDateTime } from '@web/lib/format';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { isCustomer, isStaff } from '@domain/access/permissions';

const KEYS = ['api-keys'] as const;
const EXPIRY = [
  { value: '', label: 'No expiry' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
];

function KeyRow({ k, staff, onRevoke }: { k: ApiKey; staff: boolean; onRevoke: (k: ApiKey) => void }) {
  const who = isCustomer(k.role) ? (staff ? `Company key · ${k.company_name ?? ''}` : 'Company key') : `Acts as ${ROLE_TITLES[k.role]}`;
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start" data-testid="api-key-row">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap={6} wrap="wrap">
          <Badge size="sm" variant="light" color={SECRET_STATES[k.state].color}>
            {SECRET_STATES[k.state].label}
          </Badge>
          <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {k.name}
          </Text>
          <Code>{k.prefix}…</Code>
        </Group>
        <Text fz="xs" c="dimmed">
          {who} · {k.rate_limit_per_minute} requests a minute
          {k.created_by_name ? ` · made by ${k.created_by_name}` : ''} on {formatDate(k.created_at)}
        </Text>
        <Text fz="xs" c="dimmed">
          {k.last_used_at ? `Last used ${formatDateTime(k.last_used_at)}${k.last_used_ip ? ` from ${k.last_used_ip}` : ''} · ${k.request_count} ${k.request_count === 1 ? 'request' : 'requests'}` : 'Never used'}
          {k.state === 'revoked' && k.revoked_at ? ` · revoked ${formatDate(k.revoked_at)}` : k.expires_at ? ` · ${k.state === 'expired' ? 'expired' : 'expires'} ${formatDate(k.expires_at)}` : ''}
        </Text>
      </Stack>
      {k.state === 'active' && (
        <Button size="compact-xs" variant="subtle" color="red" onClick={() => onRevoke(k)} aria-label={`Revoke ${k.name}`} style={{ flexShrink: 0 }}>
          Revoke
        </Button>
      )}
    </Group>
  );
}

/**
 * API keys on My Profile (issue 18, decision 0242): an administrator makes keys with a staff role and sees every key;
 * a customer contact makes keys for their company. The secret is shown once; the list shows its first characters,
 * last use and request count; a key is revoked at once.
 */
export function ApiKeysSection({ role }: { role: Role }) {
  const staff = isStaff(role);
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: KEYS, queryFn: ({ signal }) => api<ApiKeyList>('/api-keys', { signal }) });
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [keyRole, setKeyRole] = useState<string | null>(null);
  const [expiry, setExpiry] = useState<string | null>('90');
  const [rate, setRate] = useState<number | string>(API_KEY_RATE_DEFAULT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const create = useMutation({
    mutationFn: (body: unknown) => api<CreatedApiKey>('/api-keys', { body }),
    onSuccess: async (k) => {
      setCreated(k);
      await queryClient.invalidateQueries({ queryKey: KEYS });
    },
  });
  const revoke = useMutation({
    mutationFn: (k: ApiKey) => api<ApiKey>(`/api-keys/${k.id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      setRevoking(null);
      await queryClient.invalidateQueries({ queryKey: KEYS });
    },
  });
  const close = () => {
    if (create.isPending) return;
    setCreating(false);
    setCreated(null);
    setName('');
    setKeyRole(null);
    setExpiry('90');
    setRate(API_KEY_RATE_DEFAULT);
    setErrors({});
    create.reset();
  };
  // The server's own rules (domain/api-keys): a wrong value never leaves the form.
  const submit = () => {
    const body = {
      name,
      ...(staff ? { role: keyRole ?? undefined } : {}),
      expires_in_days: expiry ? Number(expiry) : null,
      rate_limit_per_minute: rate === '' ? undefined : Number(rate),
    };
    const parsed = apiKeyInputSchema.safeParse(body);
    const found: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    if (staff && !keyRole) found.role = API_KEY_MESSAGES.role;
    setErrors(found);
    if (Object.keys(found).length === 0) create.mutate(body);
  };
  const serverFields = create.error instanceof ApiError ? (create.error.fields ?? {}) : {};
  const fieldError = (f: string) => errors[f] ?? serverFields[f];
  /** A field's message goes once the person changes that field. */
  const edited = (f: string) => setErrors(({ [f]: _gone, ...rest }) => rest);
  const rows = keys.data?.rows ?? [];

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="api-keys-title" id="api-keys-section">
      <Group justify="space-between" mb={4} wrap="wrap" gap="xs">
        <Title order={2} fz="lg" id="api-keys-title">
          API keys
        </Title>
        <Button size="xs" variant="light" leftSection={<IconKey size={14} />} onClick={() => setCreating(true)}>
          New API key
        </Button>
      </Group>
      <Text fz="sm" c="dimmed" mb="md">
        {staff
          ? 'Keys let another system use the Cargodesk API with a staff role, as Authorization: Bearer <key>. Every key of every company is listed here.'
          : "Keys let your company's own systems read your shipments and events through the Cargodesk API, as Authorization: Bearer <key>."}{' '}
        A key never manages keys, staff or settings.
      </Text>
      <ErrorBanner error={keys.error} />
      {rows.length === 0 && !keys.isPending ? (
        <Text fz="sm" c="dimmed">
          No API keys yet.
        </Text>
      ) : (
        <Stack gap="sm" data-testid="api-keys">
          {rows.map((k) => (
            <KeyRow key={k.id} k={k} staff={staff} onRevoke={setRevoking} />
          ))}
        </Stack>
      )}

      <ShownOnceDialog
        opened={creating}
        onClose={close}
        title="New API key"
        shown={
          created && (
            <ShownOnce
              notice="Key created. Copy it now: it is shown only this once and cannot be shown again."
              label="API key"
              copyLabel="Copy key"
              value={created.secret}
              testId="api-key-secret"
              monospace
              detail={
                <>
                  Send it as <Code>Authorization: Bearer {created.prefix}…</Code>. {created.expires_at ? `Valid until ${formatDateTime(created.expires_at)}.` : 'It does not expire.'} You can revoke it here at any time.
                </>
              }
            />
          )
        }
      >
        <Stack gap="sm">
          <TextInput label="Name" description="What the key is for, e.g. the system that uses it" value={name} onChange={(e) => {
              setName(e.currentTarget.value);
              edited('name');
            }} error={fieldError('name')} required data-autofocus />
          {staff && (
            <Select
              label="Acts as"
              description="The key may do what this role may do"
              data={API_KEY_STAFF_ROLES.map((r) => ({ value: r, label: ROLE_TITLES[r] }))}
              value={keyRole}
              onChange={(v) => {
                setKeyRole(v);
                edited('role');
              }}
              error={fieldError('role')}
              required
              allowDeselect={false}
            />
          )}
          <Select label="Expires" data={EXPIRY} value={expiry ?? ''} onChange={(v) => setExpiry(v || null)} allowDeselect={false} error={fieldError('expires_in_days')} />
          <NumberInput
            label="Requests per minute"
            description={`At most ${API_KEY_RATE_MAX}; more are answered 429`}
            min={1}
            max={API_KEY_RATE_MAX}
            allowDecimal={false}
            value={rate}
            onChange={setRate}
            error={fieldError('rate_limit_per_minute')}
          />
          {Object.keys(serverFields).length === 0 && <ErrorBanner error={create.error} />}
          <ShownOnceFormActions submitLabel="Create key" busy={create.isPending} onCancel={close} onSubmit={submit} />
        </Stack>
      </ShownOnceDialog>

      <RevokeDialog
        target={revoking}
        title="Revoke API key"
        message={`The key ${revoking?.prefix ?? ''}… (${revoking?.name ?? ''}) stops working at once for every system that uses it.`}
        revoke={revoke}
        onClose={() => setRevoking(null)}
      />
    </Paper>
  );
}
