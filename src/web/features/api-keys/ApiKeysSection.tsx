import { useState, type ReactNode } from 'react';
import { Badge, Button, Code, Group, NumberInput, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RevokeDialog, SECRET_STATES, ShownOnce, ShownOnceDialog, ShownOnceFormActions } from '@web/ui/ShownOnce';
import {
  API_KEY_MESSAGES, API_KEY_RATE_DEFAULT, API_KEY_RATE_MAX, API_KEY_STAFF_ROLES, apiKeyInputSchema, type ApiKey, type ApiKeyList, type CreatedApiKey,
} from '@domain/api-keys/schema';
import { ROLE_TITLES, type Role } from '@domain/common/enums';
import { msg } from '@domain/common/i18n';
import { api, ApiError } from '@web/lib/api';
import { formatDate, formatDateTime } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { isCustomer, isStaff } from '@domain/access/permissions';

const KEYS = ['api-keys'] as const;
const EXPIRY = [
  { value: '', label: msg('No expiry') },
  { value: '30', label: msg('30 days') },
  { value: '90', label: msg('90 days') },
  { value: '365', label: msg('1 year') },
];

/** A translated sentence with an element in place of its `{code}` placeholder. */
function withElement(text: (code: string) => string, element: ReactNode): ReactNode {
  const [before, after] = text('\u0000').split('\u0000');
  return (
    <>
      {before}
      {element}
      {after}
    </>
  );
}

function KeyRow({ k, staff, onRevoke }: { k: ApiKey; staff: boolean; onRevoke: (k: ApiKey) => void }) {
  const who = isCustomer(k.role)
    ? staff
      ? t('Company key · {company}', { company: k.company_name ?? '' })
      : t('Company key')
    : t('Acts as {role}', { role: t(ROLE_TITLES[k.role]) });
  const usage = k.last_used_at
    ? k.last_used_ip
      ? t('Last used {date} from {ip} · {count, plural, one {# request} other {# requests}}', { date: formatDateTime(k.last_used_at), ip: k.last_used_ip, count: k.request_count })
      : t('Last used {date} · {count, plural, one {# request} other {# requests}}', { date: formatDateTime(k.last_used_at), count: k.request_count })
    : t('Never used');
  const ending =
    k.state === 'revoked' && k.revoked_at
      ? t('revoked {date}', { date: formatDate(k.revoked_at) })
      : k.expires_at
        ? k.state === 'expired'
          ? t('expired {date}', { date: formatDate(k.expires_at) })
          : t('expires {date}', { date: formatDate(k.expires_at) })
        : '';
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start" data-testid="api-key-row">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap={6} wrap="wrap">
          <Badge size="sm" variant="light" color={SECRET_STATES[k.state].color}>
            {t(SECRET_STATES[k.state].label)}
          </Badge>
          <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {k.name}
          </Text>
          <Code>{k.prefix}…</Code>
        </Group>
        <Text fz="xs" c="dimmed">
          {who} ·{' '}
          {k.created_by_name
            ? t('{rate} requests a minute · made by {name} on {date}', { rate: k.rate_limit_per_minute, name: k.created_by_name, date: formatDate(k.created_at) })
            : t('{rate} requests a minute on {date}', { rate: k.rate_limit_per_minute, date: formatDate(k.created_at) })}
        </Text>
        <Text fz="xs" c="dimmed">
          {usage}
          {ending && ` · ${ending}`}
        </Text>
      </Stack>
      {k.state === 'active' && (
        <Button size="compact-xs" variant="subtle" color="red" onClick={() => onRevoke(k)} aria-label={t('Revoke {name}', { name: k.name })} style={{ flexShrink: 0 }}>
          {t('Revoke')}
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
  const fieldError = (f: string) => {
    const message = errors[f] ?? serverFields[f];
    return message && t(message);
  };
  /** A field's message goes once the person changes that field. */
  const edited = (f: string) => setErrors(({ [f]: _gone, ...rest }) => rest);
  const rows = keys.data?.rows ?? [];

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="api-keys-title" id="api-keys-section">
      <Group justify="space-between" mb={4} wrap="wrap" gap="xs">
        <Title order={2} fz="lg" id="api-keys-title">
          {t('API keys')}
        </Title>
        <Button size="xs" variant="light" leftSection={<IconKey size={14} />} onClick={() => setCreating(true)}>
          {t('New API key')}
        </Button>
      </Group>
      <Text fz="sm" c="dimmed" mb="md">
        {staff
          ? t(
              'Keys let another system use the Cargodesk API with a staff role, as Authorization: Bearer <key>. Every key of every company is listed here. A key never manages keys, staff or settings.',
            )
          : t(
              "Keys let your company's own systems read your shipments and events through the Cargodesk API, as Authorization: Bearer <key>. A key never manages keys, staff or settings.",
            )}
      </Text>
      <ErrorBanner error={keys.error} />
      {rows.length === 0 && !keys.isPending ? (
        <Text fz="sm" c="dimmed">
          {t('No API keys yet.')}
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
        title={t('New API key')}
        shown={
          created && (
            <ShownOnce
              notice={t('Key created. Copy it now: it is shown only this once and cannot be shown again.')}
              label={t('API key')}
              copyLabel={t('Copy key')}
              value={created.secret}
              testId="api-key-secret"
              monospace
              detail={withElement(
                (code) =>
                  created.expires_at
                    ? t('Send it as {code}. Valid until {date}. You can revoke it here at any time.', { code, date: formatDateTime(created.expires_at) })
                    : t('Send it as {code}. It does not expire. You can revoke it here at any time.', { code }),
                // eslint-disable-next-line no-restricted-syntax -- an HTTP header, not text
                <Code>Authorization: Bearer {created.prefix}…</Code>,
              )}
            />
          )
        }
      >
        <Stack gap="sm">
          <TextInput label={t('Name')} description={t('What the key is for, e.g. the system that uses it')} value={name} onChange={(e) => {
              setName(e.currentTarget.value);
              edited('name');
            }} error={fieldError('name')} required data-autofocus />
          {staff && (
            <Select
              label={t('Acts as')}
              description={t('The key may do what this role may do')}
              data={API_KEY_STAFF_ROLES.map((r) => ({ value: r, label: t(ROLE_TITLES[r]) }))}
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
          <Select label={t('Expires')} data={EXPIRY.map((option) => ({ ...option, label: t(option.label) }))} value={expiry ?? ''} onChange={(v) => setExpiry(v || null)} allowDeselect={false} error={fieldError('expires_in_days')} />
          <NumberInput
            label={t('Requests per minute')}
            description={t('At most {max}; more are answered 429', { max: API_KEY_RATE_MAX })}
            min={1}
            max={API_KEY_RATE_MAX}
            allowDecimal={false}
            value={rate}
            onChange={setRate}
            error={fieldError('rate_limit_per_minute')}
          />
          {Object.keys(serverFields).length === 0 && <ErrorBanner error={create.error} />}
          <ShownOnceFormActions submitLabel={t('Create key')} busy={create.isPending} onCancel={close} onSubmit={submit} />
        </Stack>
      </ShownOnceDialog>

      <RevokeDialog
        target={revoking}
        title={t('Revoke API key')}
        message={t('The key {prefix}… ({name}) stops working at once for every system that uses it.', { prefix: revoking?.prefix ?? '', name: revoking?.name ?? '' })}
        revoke={revoke}
        onClose={() => setRevoking(null)}
      />
    </Paper>
  );
}
