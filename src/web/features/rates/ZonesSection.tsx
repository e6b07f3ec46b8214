import { useState, type ReactElement } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { msg } from '@domain/common/i18n';
import type { RateZone, ZoneKind } from '@domain/rates/schema';
import { ApiError } from '@web/lib/api';
import { t } from '@web/lib/i18n';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { useConfirmDelete } from '@web/ui/useConfirmDelete';
import { deleteRateZone, rateZonesQuery, saveRateZone } from './api';

const KIND_LABELS: Record<ZoneKind, string> = { airports: msg('Airports (air cards)'), locodes: msg('UN/LOCODEs (sea and land cards)') };
type Draft = { id?: string; code: string; name: string; kind: ZoneKind; members: string };
const EMPTY: Draft = { code: '@', name: '', kind: 'airports', members: '' };
const membersOf = (text: string) => text.split(/[\s,;]+/).map((m) => m.trim().toUpperCase()).filter(Boolean);

/**
 * Zones (issue 40): a named group of airports or UN/LOCODEs that a card's origin or destination names instead of one
 * place (@DE-SOUTH: MUC, STR, NUE). Listed with how many cards name each; added, changed and removed (not while named).
 */
export function ZonesSection({ writer }: { writer: boolean }): ReactElement {
  const client = useQueryClient();
  const zones = useQuery(rateZonesQuery());
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const save = useMutation({
    mutationFn: () => saveRateZone({ id: draft.id, code: draft.code, name: draft.name, kind: draft.kind, members: membersOf(draft.members) }),
    onSuccess: () => {
      setDraft(EMPTY);
      return client.invalidateQueries({ queryKey: ['rate-zones'] });
    },
  });
  const remove = useMutation({ mutationFn: deleteRateZone, onSuccess: () => client.invalidateQueries({ queryKey: ['rate-zones'] }) });
  const { ask, dialog } = useConfirmDelete<RateZone>(remove, {
    title: t('Remove zone'),
    message: (z) => t('Remove the zone {code} ({name})?', { code: z.code, name: z.name }),
    deleted: (z) => ({ title: t('Zone removed'), message: z.code }),
  });
  const fields: Record<string, string> = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};
  const fieldError = (field: string) => (fields[field] ? t(fields[field]) : undefined);
  const membersError = fields.members ?? Object.entries(fields).find(([k]) => k.startsWith('members.'))?.[1];
  const rows = zones.data?.rows ?? [];
  return (
    <Stack gap="sm">
      <Text fz="sm" c="dimmed">
        {t('A card may name a zone as its origin or destination: it then prices every place of the zone. A lookup for a place finds the cards of the place and of its zones.')}
      </Text>
      <ErrorBanner error={zones.error} />
      {rows.length === 0 && zones.data && <Text fz="sm">{t('No zones yet.')}</Text>}
      {rows.map((z) => (
        <Paper key={z.id} withBorder radius="md" p="sm" data-testid="rate-zone">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap={6}>
                <Text fw={700}>{z.code}</Text>
                <Text fz="sm">{z.name}</Text>
                <Badge size="sm" variant="light" color="gray">
                  {t('{count, plural, one {# card} other {# cards}}', { count: z.cards })}
                </Badge>
              </Group>
              <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {z.kind === 'airports' ? t('Airports') : t('UN/LOCODEs')}: {z.members.join(', ')}
              </Text>
            </Stack>
            {writer && (
              <Group gap={2} wrap="nowrap">
                <ActionIcon variant="subtle" aria-label={t('Change zone {code}', { code: z.code })} onClick={() => (save.reset(), setDraft({ id: z.id, code: z.code, name: z.name, kind: z.kind, members: z.members.join(', ') }))}>
                  <IconPencil size={18} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" aria-label={t('Remove zone {code}', { code: z.code })} disabled={z.cards > 0} onClick={() => ask(z)}>
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            )}
          </Group>
        </Paper>
      ))}
      {writer && (
        <Paper withBorder radius="md" p="sm" component="form" aria-label={draft.id ? t('Change zone') : t('New zone')} onSubmit={(e) => (e.preventDefault(), save.mutate())}>
          <Stack gap="xs">
            <Text fw={600}>{draft.id ? t('Change {code}', { code: draft.code }) : t('New zone')}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label={t('Code')} description={t('@ and capital letters, e.g. @DE-SOUTH')} required value={draft.code} onChange={(e) => setDraft({ ...draft, code: e.currentTarget.value.toUpperCase() })} error={fieldError('code')} />
              <TextInput label={t('Name')} required value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} error={fieldError('name')} />
            </SimpleGrid>
            <SegmentedControl aria-label={t('Places')} fullWidth value={draft.kind} onChange={(v) => setDraft({ ...draft, kind: v })} data={(Object.keys(KIND_LABELS) as ZoneKind[]).map((k) => ({ value: k, label: t(KIND_LABELS[k]) }))} />
            <TextInput label={t('Places')} description={t('IATA codes or UN/LOCODEs, separated by commas')} required value={draft.members} onChange={(e) => setDraft({ ...draft, members: e.currentTarget.value })} error={membersError && t(membersError)} />
            {!Object.keys(fields).length && <ErrorBanner error={save.error} />}
            <Group justify="flex-end" gap="xs">
              {draft.id && (
                <Button variant="default" onClick={() => (save.reset(), setDraft(EMPTY))}>
                  {t('Cancel')}
                </Button>
              )}
              <Button type="submit" loading={save.isPending}>
                {draft.id ? t('Save zone') : t('Add zone')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {dialog}
    </Stack>
  );
}
