import { useState, type ReactElement } from 'react';
import { ActionIcon, Anchor, Badge, Button, Card, Checkbox, Group, Paper, ScrollArea, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileSpreadsheet, IconSettings } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ACCOUNTING_FORMAT_NAMES, ACCOUNTING_FORMATS, accountingExportQuerySchema, type AccountingExport, type AccountingFormat } from '@domain/billing/books-schema';
import { formatDateTime, formatDay } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { FormSection } from '@web/ui/FormSection';
import { PageHeader } from '@web/ui/PageHeader';
import { Pager } from '@web/ui/Pager';
import { downloadKept, exportHistoryQuery, runExport, type ExportRequest } from './api';

const SHORT: Record<AccountingFormat, string> = { datev: 'DATEV', xero: 'Xero', quickbooks: 'QuickBooks' };

/** The month before today's: what an accountant asks for at the start of a month. */
function lastMonth(today = new Date()): { from: string; to: string } {
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

const bytes = (n: number) => (n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);
/** A count for a plural message, its number written as before ('1234 invoices', not grouped). */
const counted = (count: number) => ({ count, n: String(count) });
/** "3 invoices, 1 credit note, 2 payments (1 credit note left out)". */
const holds = (e: AccountingExport) => {
  const parts = [
    e.invoices && t('{count, plural, one {{n} invoice} other {{n} invoices}}', counted(e.invoices)),
    e.credit_notes && t('{count, plural, one {{n} credit note} other {{n} credit notes}}', counted(e.credit_notes)),
    e.payments && t('{count, plural, one {{n} payment} other {{n} payments}}', counted(e.payments)),
  ]
    .filter(Boolean)
    .join(', ');
  return e.skipped ? t('{documents} ({count, plural, one {{n} credit note} other {{n} credit notes}} left out)', { documents: parts, ...counted(e.skipped) }) : parts;
};

/** /billing/exports (administrators, issue 39): the period's invoices, credit notes and payments for the accountant. */
export function AccountingExportsPage(): ReactElement {
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<ExportRequest>({ format: 'datev', ...lastMonth(), again: false });
  // The value is read from the event now: the updater runs after React has let go of the event.
  const patch = (p: Partial<ExportRequest>) => setRequest((r) => ({ ...r, ...p }));
  const [page, setPage] = useState(1);
  const history = useQuery(exportHistoryQuery(page));
  const checked = accountingExportQuerySchema.safeParse({ ...request, again: String(request.again) });
  const periodMessage = checked.success ? undefined : checked.error.issues[0]?.message;
  const periodError = periodMessage && t(periodMessage);
  const run = useMutation({
    mutationFn: () => runExport(request),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['accounting-exports'] });
      setPage(1);
      notifications.show({ color: 'green', title: t('Export ready'), message: t('The file is downloading, and is kept below.') });
    },
  });
  const again = useMutation({ mutationFn: downloadKept });

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title={t('Accounting exports')}
        subtitle={t("Issued invoices, credit notes and payments of a period, as your accountant's software loads them")}
        actions={
          <Button component={Link} to="/settings/accounting" variant="default" leftSection={<IconSettings size={16} />}>
            {t('Accounts and numbers')}
          </Button>
        }
      />
      <FormSection title={t('New export')} description={t('Each document goes out once per format; tick the box to take documents exported before again')} icon={<IconFileSpreadsheet size={20} />}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select label={t('Format')} data={ACCOUNTING_FORMATS.map((f) => ({ value: f, label: t(ACCOUNTING_FORMAT_NAMES[f]) }))} value={request.format} allowDeselect={false} onChange={(f) => f && setRequest((r) => ({ ...r, format: f }))} data-testid="export-format" />
          <TextInput type="date" label={t('From')} value={request.from} onChange={(e) => patch({ from: e.currentTarget.value })} data-testid="export-from" />
          <TextInput type="date" label={t('To')} value={request.to} error={periodError} onChange={(e) => patch({ to: e.currentTarget.value })} data-testid="export-to" />
        </SimpleGrid>
        <Group justify="space-between" mt="sm" gap="sm">
          <Checkbox label={t('Include documents exported before')} checked={request.again} onChange={(e) => patch({ again: e.currentTarget.checked })} />
          <Button leftSection={<IconDownload size={16} />} onClick={() => run.mutate()} loading={run.isPending} disabled={!!periodError}>
            {t('Export and download')}
          </Button>
        </Group>
        {request.format === 'datev' && (
          <Text fz="xs" c="dimmed" mt="xs">
            {t('DATEV Buchungsstapel (EXTF): one booking per VAT rate of each document and one per payment, Windows-1252. A batch lies in one calendar and fiscal year.')}
          </Text>
        )}
        {request.format === 'quickbooks' && (
          <Text fz="xs" c="dimmed" mt="xs">
            {t('QuickBooks Online imports invoices only: enter credit notes there as credit memos.')}
          </Text>
        )}
      </FormSection>
      <ErrorBanner error={run.error ?? again.error} />
      <Paper withBorder radius="md" p="md">
        <Text fw={600} mb="sm">
          {t('Kept exports')}
        </Text>
        <ErrorBanner error={history.error} />
        {history.data && history.data.rows.length === 0 && <EmptyState title={t('No exports yet')} text={t('Exports you make are kept here and can be downloaded again, byte for byte.')} icon={<IconFileSpreadsheet size={26} />} />}
        {history.data && history.data.rows.length > 0 && (
          <>
            <ScrollArea type="auto" visibleFrom="sm">
              <Table striped fz="sm" miw={760} data-testid="export-history">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('Made')}</Table.Th>
                    <Table.Th>{t('Format')}</Table.Th>
                    <Table.Th>{t('Period')}</Table.Th>
                    <Table.Th>{t('Holds')}</Table.Th>
                    <Table.Th>{t('By')}</Table.Th>
                    <Table.Th ta="right">{t('Size')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {history.data.rows.map((e) => (
                    <Table.Tr key={e.id} data-testid="export-row">
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.created_at)}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Badge variant="light" style={{ overflow: 'visible' }}>
                            {SHORT[e.format]}
                          </Badge>
                          {e.again && (
                            <Badge variant="outline" color="gray">
                              {t('again')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        {formatDay(e.from)} – {formatDay(e.to)}
                      </Table.Td>
                      <Table.Td>{holds(e)}</Table.Td>
                      <Table.Td>{e.created_by ?? '—'}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{bytes(e.bytes)}</Table.Td>
                      <Table.Td>
                        <Anchor component="button" fz="sm" onClick={() => again.mutate(e)} aria-label={t('Download {file} again', { file: e.file_name })}>
                          {t('Download')}
                        </Anchor>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
            <Stack gap="xs" hiddenFrom="sm">
              {history.data.rows.map((e) => (
                <Card key={e.id} withBorder radius="md" padding="sm" data-testid="export-card">
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600} fz="sm">
                      {SHORT[e.format]} · {formatDay(e.from)} – {formatDay(e.to)}
                    </Text>
                    <ActionIcon variant="light" size="lg" style={{ flexShrink: 0 }} onClick={() => again.mutate(e)} aria-label={t('Download {file} again', { file: e.file_name })}>
                      <IconDownload size={18} />
                    </ActionIcon>
                  </Group>
                  <Text fz="xs" c="dimmed">
                    {holds(e)} · {bytes(e.bytes)} · {formatDateTime(e.created_at)}
                  </Text>
                </Card>
              ))}
            </Stack>
            <Pager page={history.data.page} pageSize={history.data.pageSize} total={history.data.total} onPage={setPage} />
          </>
        )}
      </Paper>
    </Stack>
  );
}
