import { useMemo, useState, type FormEvent, type ReactElement } from 'react';
import {
  Anchor, Badge, Box, Button, Center, Group, Loader, NavLink, Paper, Select, Stack, Text, Title, VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconChecklist, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import {
  CHECKLIST_LIMITS, CHECKLIST_MESSAGES, TEMPLATE_KEYS, templateInputSchema, type ChecklistTemplate, type TemplateItem,
} from '@domain/checklist/schema';
import { SHIPMENT_TYPE_LABELS, type LoadingType, type ShipmentType } from '@domain/common/enums';
import { lowerCase } from '@domain/common/text';
import { ApiError } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format';
import { currentLocale, t } from '@web/lib/i18n';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { PHONE_QUERY } from '@web/ui/theme';
import { checklistTemplatesQuery, useSaveChecklistTemplate } from './admin-api';
import { TemplateRow, offsetOf, type Row } from './TemplateRow';

/** One document of the template as the form edits it: the due offset split into days and before/after. */

/** A form's errors: per field as `${row}.${field}` (the server's `items.0.name` without `items.`), and one for the list. */
type Errors = { fields: Record<string, string>; list?: string };

let nextKey = 1;

const keyOf = (type: ShipmentType, direction: LoadingType) => `${type}-${direction}`;
/** 'Air · Export': whole messages, since a bare 'Import' is also the bulk import page's name. */
const labelOf = (type: ShipmentType, direction: LoadingType) =>
  direction === 'export' ? t('{type} · Export', { type: t(SHIPMENT_TYPE_LABELS[type]) }) : t('{type} · Import', { type: t(SHIPMENT_TYPE_LABELS[type]) });

const toRow = (item: TemplateItem): Row => ({
  key: nextKey++,
  name: item.name,
  provider: item.provider,
  required: item.required,
  anchor: item.anchor,
  days: Math.abs(item.offset_days),
  when: item.offset_days > 0 ? 'after' : 'before',
  applies_when: item.applies_when,
});

/** Days before are negative; an empty or non-numeric day count stays NaN, which the schema refuses with its message. */

const toItem = (row: Row): TemplateItem => ({
  name: row.name.trim(),
  provider: row.provider,
  required: row.required,
  anchor: row.anchor,
  offset_days: offsetOf(row),
  applies_when: row.applies_when,
});

const sameItems = (rows: Row[], items: TemplateItem[]) => JSON.stringify(rows.map(toItem)) === JSON.stringify(items);

/** An issue path of the input (`['items', 2, 'name']`) or a server field key (`items.2.name`) as this form's key. */
function errorsOf(entries: [string, string][]): Errors {
  const out: Errors = { fields: {} };
  for (const [path, message] of entries) {
    const m = /^items\.(\d+)\.(\w+)$/.exec(path);
    if (m) out.fields[`${m[1]}.${m[2]}`] ??= message;
    else out.list ??= message;
  }
  return out;
}


/**
 * /settings/checklists (admins, issue 16): the documents each kind of shipment (type and direction) needs, who
 * provides each and when it is due. New shipments copy their template; existing ones keep their own checklist.
 * Edits to each template are kept while another is looked at, until saved or discarded.
 */
export function ChecklistTemplatesPage(): ReactElement {
  const search = useSearch({ from: '/app/settings/checklists' });
  const navigate = useNavigate({ from: '/settings/checklists' });
  const phone = useMediaQuery(PHONE_QUERY);
  const type = search.type ?? 'air';
  const direction = search.direction ?? 'export';
  const templates = useQuery(checklistTemplatesQuery);
  const [drafts, setDrafts] = useState<Record<string, Row[]>>({});
  const template = templates.data?.find((t) => t.type === type && t.direction === direction);
  const dirty = (t: ChecklistTemplate) => {
    const draft = drafts[keyOf(t.type, t.direction)];
    return draft !== undefined && !sameItems(draft, t.items);
  };

  const pick = (next: { type: ShipmentType; direction: LoadingType }) => void navigate({ search: next, replace: true });

  const picker = phone ? (
    <Select
      label={t('Template')}
      data={TEMPLATE_KEYS.map((k) => {
        const saved = templates.data?.find((x) => x.type === k.type && x.direction === k.direction);
        const label = labelOf(k.type, k.direction);
        return { value: keyOf(k.type, k.direction), label: saved && dirty(saved) ? t('{label} (unsaved changes)', { label }) : label };
      })}
      value={keyOf(type, direction)}
      onChange={(value) => {
        const k = TEMPLATE_KEYS.find((x) => keyOf(x.type, x.direction) === value);
        if (k) pick(k);
      }}
      allowDeselect={false}
    />
  ) : (
    <Paper withBorder radius="md" p="xs" component="nav" aria-label={t('Checklist templates')} w={230} style={{ flexShrink: 0 }}>
      <Stack gap={2}>
        {TEMPLATE_KEYS.map((k) => {
          const saved = templates.data?.find((x) => x.type === k.type && x.direction === k.direction);
          const active = k.type === type && k.direction === direction;
          const current = active ? 'page' : undefined;
          return (
            <NavLink
              key={keyOf(k.type, k.direction)}
              renderRoot={(props) => <Link {...props} to="/settings/checklists" search={k} replace />}
              label={labelOf(k.type, k.direction)}
              description={saved && dirty(saved) ? t('Unsaved changes') : undefined}
              active={active}
              aria-current={current}
              variant="light"
              style={{ borderRadius: 6 }}
              rightSection={
                saved && (
                  <Badge variant="light" color="gray" size="sm" radius="sm">
                    {saved.items.length}
                    <VisuallyHidden> {t('{count, plural, one {document} other {documents}}', { count: saved.items.length })}</VisuallyHidden>
                  </Badge>
                )
              }
            />
          );
        })}
      </Stack>
    </Paper>
  );

  return (
    <Stack gap="md" maw={1120}>
      <Anchor renderRoot={(props) => <Link {...props} to="/staff" />} fz="sm" w="fit-content">
        {t('Back to Staff')}
      </Anchor>
      <PageHeader title={t('Document checklists')} subtitle={t('New shipments copy their template; shipments already created keep their own checklist.')} />
      <ErrorBanner error={templates.error} />
      {!templates.data ? (
        templates.isPending && (
          <Center py={60}>
            <Loader size="sm" />
          </Center>
        )
      ) : (
        <Box style={{ display: 'flex', flexDirection: phone ? 'column' : 'row', alignItems: phone ? 'stretch' : 'flex-start', gap: 'var(--mantine-spacing-md)' }}>
          {picker}
          {template && (
            <TemplateEditor
              key={keyOf(type, direction)}
              template={template}
              draft={drafts[keyOf(type, direction)]}
              dirty={dirty(template)}
              phone={!!phone}
              onChange={(rows) => setDrafts((prev) => ({ ...prev, [keyOf(type, direction)]: rows }))}
              onDiscard={() =>
                setDrafts((prev) => {
                  const { [keyOf(type, direction)]: _dropped, ...rest } = prev;
                  return rest;
                })
              }
            />
          )}
        </Box>
      )}
    </Stack>
  );
}

function TemplateEditor({
  template, draft, dirty, phone, onChange, onDiscard,
}: {
  template: ChecklistTemplate;
  /** The unsaved edits, if any; else the saved items (the same row keys from render to render, so no input remounts). */
  draft: Row[] | undefined;
  dirty: boolean;
  phone: boolean;
  onChange: (rows: Row[]) => void;
  onDiscard: () => void;
}): ReactElement {
  const saved = useMemo(() => template.items.map(toRow), [template.items]);
  const rows = draft ?? saved;
  const save = useSaveChecklistTemplate();
  const [errors, setErrors] = useState<Errors>({ fields: {} });
  const label = labelOf(template.type, template.direction);
  const full = rows.length >= CHECKLIST_LIMITS.items;

  const update = (index: number, patch: Partial<Row>) => {
    onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
    // The edited field's message goes; the others stay until the next save.
    const field = 'name' in patch ? 'name' : 'provider' in patch ? 'provider' : 'anchor' in patch ? 'anchor' : 'days' in patch || 'when' in patch ? 'offset_days' : null;
    if (field && errors.fields[`${index}.${field}`]) {
      const { [`${index}.${field}`]: _gone, ...rest } = errors.fields;
      setErrors({ ...errors, fields: rest });
    }
  };
  // Moving or removing a row renumbers the rows: messages keyed by position would land on the wrong one.
  const reorder = (next: Row[]) => {
    setErrors({ fields: {} });
    onChange(next);
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    next.splice(index + by, 0, row!);
    reorder(next);
  };
  const add = () => {
    const row: Row = { key: nextKey++, name: '', provider: 'customer', required: true, anchor: 'departure', days: 0, when: 'before', applies_when: 'always' };
    onChange([...rows, row]);
    requestAnimationFrame(() => document.getElementById(`checklist-row-${row.key}-name`)?.focus());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = templateInputSchema.safeParse({ items: rows.map(toItem) });
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({ fields: {} });
    save.mutate(
      { type: template.type, direction: template.direction, items: parsed.data.items },
      {
        onSuccess: () => {
          onDiscard();
          notifications.show({ color: 'green', title: t('Checklist saved'), message: t('New {label} shipments get these documents.', { label }) });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(errorsOf(Object.entries(error.fields)));
        },
      },
    );
  };
  const serverError = save.error instanceof ApiError && save.error.fields ? null : save.error;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      component="form"
      onSubmit={submit}
      noValidate
      aria-labelledby="checklist-template-title"
      style={{ flex: 1, minWidth: 0 }}
    >
      <Group justify="space-between" align="flex-start" gap="xs" mb="md">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="checklist-template-title">
            {label}
          </Title>
          <Text fz="sm" c="dimmed">
            {template.updated_by_name && template.updated_at
              ? t('Last changed by {name} on {date}', { name: template.updated_by_name, date: formatDateTime(template.updated_at) })
              : t('The documents a new {kind} shipment needs', { kind: lowerCase(label, currentLocale()).replace(' · ', ' ') })}
          </Text>
        </Stack>
        {dirty && (
          <Badge color="orange" variant="light">
            {t('Unsaved changes')}
          </Badge>
        )}
      </Group>
      <ErrorBanner error={serverError ?? (errors.list === undefined ? undefined : t(errors.list))} />
      {rows.length === 0 ? (
        <EmptyState
          title={t('No documents on this checklist')}
          text={t('New {label} shipments start without a checklist. Add the documents they need.', { label })}
          icon={<IconChecklist size={26} />}
        />
      ) : (
        <Stack gap="sm">
          {rows.map((row, i) => (
            <TemplateRow
              key={row.key}
              row={row}
              index={i}
              count={rows.length}
              phone={phone}
              errors={errors.fields}
              onChange={(patch) => update(i, patch)}
              onMove={(by) => move(i, by)}
              onRemove={() => reorder(rows.filter((_, j) => j !== i))}
            />
          ))}
        </Stack>
      )}
      <Group justify="space-between" mt="md" gap="sm" wrap="wrap">
        <Stack gap={4}>
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add} disabled={full} w="fit-content">
            {t('Add document')}
          </Button>
          {full && (
            <Text fz="sm" c="dimmed">
              {t(CHECKLIST_MESSAGES.items)}
            </Text>
          )}
        </Stack>
        <Group gap="sm">
          {dirty && (
            <Button variant="default" onClick={() => {
              setErrors({ fields: {} });
              save.reset();
              onDiscard();
            }}>
              {t('Discard changes')}
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {t('Save checklist')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
