import { useState } from 'react';
import {
  Alert, Anchor, Badge, Button, Card, FileInput, Group, List, Progress, Radio, SegmentedControl, Stack, Table, Text, Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck, IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import {
  IMPORT_KIND_LABELS, IMPORT_KINDS, IMPORT_MAX_ROWS, IMPORT_TEMPLATES, IMPORT_MODE_LABELS, IMPORT_STATUS_LABELS, importProgress, isRunning,
  type Import, type ImportCounts, type ImportKind, type ImportMode, type ImportStatus,
} from '@domain/imports/schema';
import { msg } from '@domain/common/i18n';
import { lowerCase } from '@domain/common/text';
import { formatFileSize } from '@domain/documents/rules';
import { formatDateTime, formatNumber } from '@web/lib/format';
import { currentLocale, reader, t } from '@web/lib/i18n';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { PHONE_QUERY } from '@web/ui/theme';
import { useUser } from '@web/features/auth';
import { importsQuery, templateHref, useCommitImport, useImport, useStartImport } from './api';
import { can } from '@domain/access/permissions';

const STATUS_COLOR: Record<ImportStatus, string> = { validating: 'blue', ready: 'teal', invalid: 'red', committing: 'blue', committed: 'green', failed: 'red' };

const NOTES: Record<ImportKind, string[]> = {
  shipments: [
    msg('One row per shipment. The Reference Number finds a shipment already here: it is skipped or updated, never made twice.'),
    msg('Company and Carrier are names as they are in Cargodesk. Types, statuses and choices may be codes (sea, in_transit) or labels (Sea, In Transit).'),
    msg('Dates are 2026-12-01 or 2026-12-01 14:30 (UTC), or date cells in Excel.'),
    msg('Several containers: list the numbers in Container Numbers and the seals in Seal Numbers, separated by “;”, in the same order.'),
    msg('Imported shipments are not announced: no mails and no webhooks go out.'),
  ],
  companies: [
    msg('One row per contact. Rows with the same Company Name make one company; a row without a contact makes the company alone.'),
    msg('A company already here is found by its name, a contact by its email (or, without one, by its name in that company).'),
    msg('Primary Contact: yes or no.'),
  ],
  rate_cards: [
    msg('One row per rate card: Side (buy or sell), Mode (air, sea_fcl, sea_lcl, land), Origin and Destination as IATA airport codes (air) or UN/LOCODEs (sea, land).'),
    msg('Weight breaks are columns: Rate (or N) from 0, then +45, +100, +300 … with the rate per kg. Minimum (or M) is the least charge.'),
    msg('Surcharges are columns too, named by code and basis: “FSC per kg”, “BAF per container”, “CAF % of freight”, “DOC per shipment”. An empty cell is no charge.'),
    msg('Carrier (buy) and Customer (a sell card for one company) are names as they are in Cargodesk. Days are 2026-01-31 or 31.01.2026; both days are included.'),
    msg('Cards of the same lane, side and equipment may overlap in days only with different priorities. A card already here with the same days is skipped or gets the new prices.'),
  ],
};

const RATE_TEMPLATES = IMPORT_TEMPLATES.filter((template) => template.kind === 'rate_cards');

/** countsSentence's 'Will create 3, update 0, skip 1' (or 'Created 3, updated 0, skipped 1') in the reader's language. */
const countsText = (c: ImportCounts, done: boolean) =>
  done
    ? t('Created {create}, updated {update}, skipped {skip}', { create: c.create, update: c.update, skip: c.skip })
    : t('Will create {create}, update {update}, skip {skip}', { create: c.create, update: c.update, skip: c.skip });

/**
 * Bulk import (issue 18, decision record 0245), staff: the template of each kind, the upload with its mode, the check
 * with a progress bar and every row's problems, the all-or-nothing commit, and the latest imports. The import shown is
 * in the address (?id=), so a reload or a colleague's link opens it again.
 */
export function ImportPage() {
  const user = useUser();
  const search = useSearch({ from: '/app/import' });
  const navigate = useNavigate();
  const [kind, setKind] = useState<ImportKind>(IMPORT_KINDS.find((k) => k === search.kind) ?? 'shipments');
  const [rateTemplate, setRateTemplate] = useState(RATE_TEMPLATES[0]!.name);
  const template = kind === 'rate_cards' ? rateTemplate : kind;
  const [mode, setMode] = useState<ImportMode>('skip');
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState(0);
  const start = useStartImport();
  const show = (id: string) => void navigate({ to: '/import', search: { id, kind } });
  const mayUpdate = kind !== 'shipments' || can(user.role, 'shipments:edit');
  const phone = useMediaQuery(PHONE_QUERY);
  const orientation = phone ? 'vertical' : 'horizontal';
  const shownMode = mayUpdate ? mode : 'skip';

  const upload = () => {
    if (!file) return;
    setSent(0);
    start.mutate(
      { file, kind, mode: mayUpdate ? mode : 'skip', onProgress: (loaded, total) => setSent(total ? Math.round((loaded / total) * 100) : 0) },
      { onSuccess: (i) => (setFile(null), show(i.id)) },
    );
  };

  return (
    <>
      <PageHeader title={t('Import')} subtitle={t('Bring in shipments, companies with their contacts, or carriers’ rate sheets from a CSV or Excel file')} />
      <Stack gap="lg">
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={2} fz="lg">
              {t('1. Get the template')}
            </Title>
            <SegmentedControl
              aria-label={t('What to import')}
              orientation={orientation}
              fullWidth
              value={kind}
              onChange={(v) => setKind(v)}
              data={IMPORT_KINDS.map((k) => ({ value: k, label: t(IMPORT_KIND_LABELS[k]) }))}
            />
            {kind === 'rate_cards' && (
              <SegmentedControl
                aria-label={t('Rate sheet template')}
                size="sm"
                value={rateTemplate}
                onChange={setRateTemplate}
                data={RATE_TEMPLATES.map((template) => ({ value: template.name, label: t(template.label) }))}
              />
            )}
            <Group gap="sm">
              <Button component="a" href={templateHref(template, 'xlsx')} download variant="light" leftSection={<IconDownload size={16} />}>
                {t('Excel template')}
              </Button>
              <Button component="a" href={templateHref(template, 'csv')} download variant="default" leftSection={<IconDownload size={16} />}>
                {t('CSV template')}
              </Button>
            </Group>
            <List size="sm" spacing={4}>
              {NOTES[kind].map((n) => (
                <List.Item key={n}>{t(n)}</List.Item>
              ))}
            </List>
          </Stack>
        </Card>

        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={2} fz="lg">
              {t('2. Upload and check')}
            </Title>
            <Radio.Group label={t('Rows that are already in Cargodesk')} value={shownMode} onChange={(v) => setMode(v)}>
              <Stack gap={6} mt={6}>
                <Radio value="skip" label={t(IMPORT_MODE_LABELS.skip)} />
                <Radio
                  value="update"
                  label={t(IMPORT_MODE_LABELS.update)}
                  disabled={!mayUpdate}
                  description={mayUpdate ? undefined : t('Only administrators can update existing shipments')}
                />
              </Stack>
            </Radio.Group>
            <FileInput
              label={t('{kind} file', { kind: t(IMPORT_KIND_LABELS[kind]) })}
              description={t('CSV or Excel (.xlsx), up to {max} rows. Checking writes nothing.', { max: formatNumber(IMPORT_MAX_ROWS) })}
              placeholder={t('Choose a file')}
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              leftSection={<IconFileSpreadsheet size={16} />}
              value={file}
              onChange={setFile}
              clearable
            />
            {start.isPending && <Progress value={sent} aria-label={t('Upload')} size="sm" />}
            <ErrorBanner error={start.error} />
            <Group>
              <Button leftSection={<IconUpload size={16} />} onClick={upload} disabled={!file} loading={start.isPending}>
                {t('Upload and check')}
              </Button>
            </Group>
          </Stack>
        </Card>

        {search.id && <ImportResult id={search.id} />}
        <RecentImports current={search.id} onOpen={show} />
      </Stack>
    </>
  );
}

function ImportResult({ id }: { id: string }) {
  const q = useImport(id);
  const commit = useCommitImport();
  const phone = useMediaQuery(PHONE_QUERY);
  const i = q.data;
  if (q.error) return <ErrorBanner error={q.error} />;
  if (!i) return null;
  const running = isRunning(i.status);
  const records = i.counts.create + i.counts.update;
  return (
    <Card withBorder padding="lg" data-testid="import-result">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="lg">
            {i.status === 'committed' ? t('3. Imported: {file}', { file: i.file_name }) : t('3. Check: {file}', { file: i.file_name })}
          </Title>
          <Badge color={STATUS_COLOR[i.status]} variant="light" size="lg">
            {t(IMPORT_STATUS_LABELS[i.status])}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t(IMPORT_KIND_LABELS[i.kind])} · {lowerCase(t(IMPORT_MODE_LABELS[i.mode]), currentLocale())} · {formatFileSize(i.file_size, reader())} · {i.created_by_name ?? t('someone')},{' '}
          {formatDateTime(i.created_at)}
        </Text>
        {running && (
          <Stack gap={4}>
            <Progress value={importProgress(i)} animated striped={i.status === 'committing'} size="lg" aria-label={i.status === 'committing' ? t('Importing') : t('Checking')} />
            <Text size="sm" aria-live="polite">
              {i.status === 'committing'
                ? t('Writing {count} records in one go…', { count: formatNumber(records) })
                : t('Checked {done} of {total} rows', { done: formatNumber(i.processed_rows), total: i.total_rows ? formatNumber(i.total_rows) : '…' })}
            </Text>
          </Stack>
        )}
        {i.error && (
          <Alert color="red" variant="light" role="alert">
            {t(i.error)}
          </Alert>
        )}
        {(i.status === 'ready' || i.status === 'committed') && (
          <Text fw={500} data-testid="import-counts">
            {t('{rows, plural, one {# row} other {# rows}}. {counts}.', { rows: i.counts.rows, counts: countsText(i.counts, i.status === 'committed') })}
          </Text>
        )}
        {i.ignored_columns.length > 0 && (
          <Text size="sm" c="dimmed">
            {t('Not imported (no such column): {columns}', { columns: i.ignored_columns.join(', ') })}
          </Text>
        )}
        {i.status === 'ready' && (
          <Group>
            <Button onClick={() => commit.mutate(i.id)} loading={commit.isPending} disabled={records === 0}>
              {records === 0 ? t('Nothing to import') : t('{count, plural, one {Import # record} other {Import # records}}', { count: records })}
            </Button>
            <Text size="sm" c="dimmed">
              {t('All or nothing: if anything fails, nothing is written.')}
            </Text>
          </Group>
        )}
        <ErrorBanner error={commit.error} />
        {i.status === 'committed' && (
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />}>
            {t('Done.')}{' '}
            {i.kind === 'shipments' ? (
              <Anchor component={Link} to="/all-shipments">
                {t('Open the shipments')}
              </Anchor>
            ) : i.kind === 'companies' ? (
              <Anchor component={Link} to="/companies">
                {t('Open the companies')}
              </Anchor>
            ) : (
              <Anchor component={Link} to="/rates">
                {t('Open the rate cards')}
              </Anchor>
            )}
          </Alert>
        )}
        {i.problems.length > 0 && <Problems i={i} phone={phone} />}
      </Stack>
    </Card>
  );
}

function Problems({ i, phone }: { i: Import; phone: boolean | undefined }) {
  const more = i.counts.problems - i.problems.length;
  return (
    <Stack gap="xs" data-testid="import-problems">
      <Text fw={600}>
        {t('{problems, plural, one {# problem} other {# problems}} in {rows, plural, one {# row} other {# rows}}. Correct the file and upload it again; nothing was imported.', {
          problems: i.counts.problems,
          rows: i.counts.rows_with_problems,
        })}
      </Text>
      {phone ? (
        <Stack gap={6}>
          {i.problems.map((p, n) => (
            <Card key={n} withBorder padding="xs">
              <Text size="sm" fw={600}>
                {t('Row {row}', { row: p.row })}
                {p.column ? ` · ${p.column}` : ''}
              </Text>
              <Text size="sm">{t(p.message)}</Text>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>{t('Row')}</Table.Th>
              <Table.Th w={200}>{t('Column')}</Table.Th>
              <Table.Th>{t('Problem')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {i.problems.map((p, n) => (
              <Table.Tr key={n}>
                <Table.Td>{p.row}</Table.Td>
                <Table.Td>{p.column ?? ''}</Table.Td>
                <Table.Td>{t(p.message)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {more > 0 && (
        <Text size="sm" c="dimmed">
          {t('and {count} more.', { count: formatNumber(more) })}
        </Text>
      )}
    </Stack>
  );
}

function RecentImports({ current, onOpen }: { current: string | undefined; onOpen: (id: string) => void }) {
  const list = useQuery(importsQuery());
  const rows = list.data?.rows ?? [];
  if (rows.length === 0) return <ErrorBanner error={list.error} />;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('Latest imports')}
        </Title>
        <ErrorBanner error={list.error} />
        <Stack gap={0}>
          {rows.map((r) => (
            <Group
              key={r.id}
              justify="space-between"
              wrap="wrap"
              gap="xs"
              py={8}
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                <Anchor component="button" type="button" onClick={() => onOpen(r.id)} fw={r.id === current ? 700 : 500} ta="left" style={{ overflowWrap: 'anywhere' }}>
                  {r.file_name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {t(IMPORT_KIND_LABELS[r.kind])} · {r.created_by_name ?? t('someone')}, {formatDateTime(r.created_at)}
                  {r.status === 'committed' ? ` · ${countsText(r.counts, true)}` : ''}
                </Text>
              </Stack>
              <Badge color={STATUS_COLOR[r.status]} variant="light">
                {t(IMPORT_STATUS_LABELS[r.status])}
              </Badge>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
