/** One document of a checklist template as the templates page edits it (issue 16): name, provider, required, due rule. */
import type { ReactElement } from 'react';
import { ActionIcon, Box, Checkbox, Group, NumberInput, Paper, Select, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { CHECKLIST_LIMITS, CONDITION_LABELS, PROVIDER_LABELS, type ChecklistAnchor, type ChecklistCondition, type ChecklistProvider } from '@domain/checklist/schema';
import { msg } from '@domain/common/i18n';
import { t } from '@web/lib/i18n';
import { dueRuleText } from './due-rule';

export type Row = {
  key: number;
  name: string;
  provider: ChecklistProvider;
  required: boolean;
  anchor: ChecklistAnchor;
  days: number | string;
  when: 'before' | 'after';
  /** Which shipments the row fits (issue 41). */
  applies_when: ChecklistCondition;
};

export function offsetOf(row: Row): number {
  const days = row.days === '' ? Number.NaN : Number(row.days);
  if (days === 0) return 0;
  return row.when === 'before' ? -days : days;
}

const PROVIDER_DATA = (Object.keys(PROVIDER_LABELS) as ChecklistProvider[]).map((value) => ({ value, label: PROVIDER_LABELS[value] }));
const CONDITION_DATA = (Object.keys(CONDITION_LABELS) as ChecklistCondition[]).map((value) => ({ value, label: CONDITION_LABELS[value] }));
const WHEN_DATA = [
  { value: 'before', label: msg('before') },
  { value: 'after', label: msg('after') },
];
const ANCHOR_DATA = [
  { value: 'departure', label: msg('departure') },
  { value: 'arrival', label: msg('arrival') },
];

export function TemplateRow({
  row, index, count, phone, errors, onChange, onMove, onRemove,
}: {
  row: Row;
  index: number;
  count: number;
  phone: boolean;
  errors: Record<string, string>;
  onChange: (patch: Partial<Row>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}): ReactElement {
  // A message of the schema or the server, in the reader's language.
  const error = (field: string) => {
    const message = errors[`${index}.${field}`];
    return message === undefined ? undefined : t(message);
  };
  const translated = <V extends string>(data: { value: V; label: string }[]) => data.map((o) => ({ ...o, label: t(o.label) }));
  const offset = offsetOf(row);
  const name = row.name.trim() || t('document {number}', { number: index + 1 });
  const dueError = error('offset_days') ?? error('anchor');
  const providerWidth = phone ? 'calc(100% - 120px)' : 160;
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={t('Document {number}', { number: index + 1 })} data-testid="template-row" bg="gray.0">
      <Group justify="space-between" wrap="nowrap" gap="xs" mb={4}>
        <Text fz="sm" fw={600} c="dimmed">
          {t('Document {number}', { number: index + 1 })}
        </Text>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('Move {name} up', { name })} disabled={index === 0} onClick={() => onMove(-1)}>
            <IconArrowUp size={18} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('Move {name} down', { name })} disabled={index === count - 1} onClick={() => onMove(1)}>
            <IconArrowDown size={18} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('Remove {name}', { name })} onClick={onRemove}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Group>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          id={`checklist-row-${row.key}-name`}
          label={t('Document name')}
          required
          maxLength={CHECKLIST_LIMITS.name}
          value={row.name}
          onChange={(e) => onChange({ name: e.currentTarget.value })}
          error={error('name')}
          style={{ flex: '1 1 220px', minWidth: 0 }}
        />
        <Select
          label={t('Who provides')}
          data={translated(PROVIDER_DATA)}
          value={row.provider}
          onChange={(value) => value && onChange({ provider: value })}
          allowDeselect={false}
          error={error('provider')}
          w={providerWidth}
        />
        <Checkbox label={t('Required')} checked={row.required} onChange={(e) => onChange({ required: e.currentTarget.checked })} mt={32} />
      </Group>
      <Group align="flex-start" gap="md" wrap="wrap" mt="xs">
        <Box component="fieldset" m={0} p={0} style={{ border: 0, minWidth: 0, flex: '1 1 320px' }}>
          <Text component="legend" fz="sm" fw={500} p={0} mb={4}>
            {t('Due')}
          </Text>
          <Group gap="xs" wrap="wrap" align="center">
            <NumberInput
              aria-label={t('Days')}
              value={row.days}
              onChange={(value) => onChange({ days: value })}
              min={0}
              max={CHECKLIST_LIMITS.offsetDays}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              error={!!dueError}
              w={phone ? 58 : 76}
            />
            <Select
              aria-label={t('Before or after')}
              data={translated(WHEN_DATA)}
              value={row.when}
              onChange={(value) => value && onChange({ when: value as 'before' | 'after' })}
              allowDeselect={false}
              disabled={offset === 0}
              error={!!error('offset_days')}
              w={100}
            />
            <Select
              aria-label={t('Departure or arrival')}
              data={translated(ANCHOR_DATA)}
              value={row.anchor}
              onChange={(value) => value && onChange({ anchor: value as ChecklistAnchor })}
              allowDeselect={false}
              error={!!error('anchor')}
              w={phone ? 118 : 124}
            />
            {Number.isFinite(offset) && Math.abs(offset) <= CHECKLIST_LIMITS.offsetDays && (
              <Text fz="sm" c="dimmed" data-testid="due-rule">
                {t('Due {rule}', { rule: dueRuleText(row.anchor, offset) })}
              </Text>
            )}
          </Group>
          {dueError && (
            <Text fz="xs" c="red" mt={4} role="alert">
              {dueError}
            </Text>
          )}
        </Box>
        <Select
          label={t('Applies to')}
          data={translated(CONDITION_DATA)}
          value={row.applies_when}
          onChange={(value) => value && onChange({ applies_when: value })}
          allowDeselect={false}
          error={error('applies_when')}
          w={phone ? '100%' : 250}
        />
      </Group>
    </Paper>
  );
}
