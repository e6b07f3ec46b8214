import { useState, type ReactElement } from 'react';
import { Alert, Anchor, Badge, Button, Card, FileButton, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconArrowsJoin, IconCash, IconEdit, IconFileUpload, IconLinkOff, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { can } from '@domain/access/permissions';
import { SUPPLIER_KIND_LABELS } from '@domain/billing/charge-rules';
import type { SupplierBill } from '@domain/billing/supplier-bills-schema';
import { useUser } from '@web/features/auth';
import { useDownload } from '@web/features/documents';
import { formatDay, formatMoney } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { useConfirmDelete } from '@web/ui/useConfirmDelete';
import { billQuery, useDeleteBill, useUnmatchLine, useUploadBillFile } from './api';
import { BillStateBadge } from './labels';
import { MatchDialog } from './MatchDialog';
import { PayBillDialog } from './PayBillDialog';

type BillLine = SupplierBill['lines'][number];
const diffColor = (d: string | null | undefined) => (!d || !/[1-9]/.test(d) ? undefined : d.startsWith('-') ? 'teal' : 'red');

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={500} component="div">
        {children}
      </Text>
    </Stack>
  );
}

function ShipmentCell({ line }: { line: BillLine }) {
  if (!line.shipment_id) return <Text fz="sm" c="dimmed">—</Text>;
  return (
    <Anchor renderRoot={(props) => <Link {...props} to="/shipment/$id" params={{ id: line.shipment_id! }} />} fz="sm">
      {line.shipment_reference}
    </Anchor>
  );
}

function MatchCell({ bill, line }: { bill: SupplierBill; line: BillLine }) {
  if (!line.matched) return <Badge color="gray" variant="light" radius="sm" tt="none">{t('Not matched')}</Badge>;
  return (
    <Stack gap={0}>
      <Text fz="sm">
        {t('{line}: {amount} accrued', {
          line: `${line.matched.code ?? t('Cost')}${line.matched.description ? ` · ${line.matched.description}` : ''}`,
          amount: formatMoney(line.matched.accrued, line.matched.currency),
        })}
      </Text>
      <Text fz="sm" fw={600} c={diffColor(line.matched.difference)} data-testid="line-difference">
        {t('Difference {amount}', { amount: line.matched.difference ? formatMoney(line.matched.difference, bill.currency) : '—' })}
      </Text>
    </Stack>
  );
}

/**
 * /supplier-bills/$id (staff, issue 39): the bill with the supplier's file, each line with its shipment, the cost it is
 * matched to and the difference (billed minus accrued), the payments and what is open. Staff upload the file and match
 * lines; administrators record payments.
 */
export function SupplierBillDetailPage(): ReactElement {
  const { id } = useParams({ from: '/app/supplier-bills/$id' });
  const user = useUser();
  const query = useQuery(billQuery(id));
  const upload = useUploadBillFile(id);
  const unmatch = useUnmatchLine(id);
  const { download, busyName } = useDownload();
  const [matching, setMatching] = useState<BillLine | null>(null);
  const [paying, setPaying] = useState(false);
  const navigate = useNavigate();
  const remove = useConfirmDelete<SupplierBill>(useDeleteBill(), {
    title: t('Delete bill'),
    message: (b) => t('Delete bill {number} of {supplier} ({amount}) with its lines? Its matched costs become accrued again; its file stays in Documents.', { number: b.number, supplier: b.supplier_name ?? '—', amount: formatMoney(b.total, b.currency) }),
    deleted: (b) => {
      void navigate({ to: '/supplier-bills' });
      return { title: t('Bill deleted'), message: b.number };
    },
  });
  const bill = query.data;
  const canWrite = can(user.role, 'supplier_bills:write');

  if (!bill) return <ErrorBanner error={query.error} />;
  const lineActions = (l: BillLine) =>
    canWrite && (
      <Group gap={4} wrap="nowrap">
        <Button size="compact-xs" variant="light" leftSection={<IconArrowsJoin size={14} />} onClick={() => setMatching(l)} data-testid="match-line">
          {l.matched ? t('Change') : t('Match')}
        </Button>
        {l.matched && (
          <Button size="compact-xs" variant="subtle" color="gray" leftSection={<IconLinkOff size={14} />} onClick={() => unmatch.mutate(l.position)} aria-label={t('Unmatch line {position}', { position: l.position })}>
            {t('Unmatch')}
          </Button>
        )}
      </Group>
    );

  return (
    <Stack gap="md">
      <PageHeader
        title={t('Bill {number}', { number: bill.number })}
        subtitle={`${bill.supplier_name ?? '—'} · ${t(SUPPLIER_KIND_LABELS[bill.supplier_kind])}`}
        actions={
          <>
            {canWrite && (
              <FileButton onChange={(f) => f && upload.mutate(f)} accept="application/pdf,image/png,image/jpeg">
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconFileUpload size={16} />} loading={upload.isPending} data-testid="upload-bill-file">
                    {bill.document_name ? t('Replace file') : t("Upload supplier's file")}
                  </Button>
                )}
              </FileButton>
            )}
            {canWrite && (
              <Button renderRoot={(props) => <Link {...props} to="/supplier-bills/$id/edit" params={{ id: bill.id }} />} variant="default" leftSection={<IconEdit size={16} />} data-testid="edit-bill">
                {t('Edit')}
              </Button>
            )}
            {canWrite && bill.payments.length === 0 && (
              <Button variant="default" color="red" leftSection={<IconTrash size={16} />} onClick={() => remove.ask(bill)} data-testid="delete-bill">
                {t('Delete')}
              </Button>
            )}
            {can(user.role, 'supplier_bills:pay') && bill.state !== 'paid' && (
              <Button leftSection={<IconCash size={16} />} variant="light" onClick={() => setPaying(true)} data-testid="pay-bill">
                {t('Record payment')}
              </Button>
            )}
          </>
        }
      />
      <ErrorBanner error={upload.error} prefix={`${t('The file was not kept.')} `} />
      {unmatch.error && <Alert color="red" variant="light">{t(unmatch.error.message)}</Alert>}
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Fact label={t('State')}>
            <BillStateBadge state={bill.state} />
          </Fact>
          <Fact label={t('Bill date')}>{formatDay(bill.bill_date)}</Fact>
          <Fact label={t('Due')}>{formatDay(bill.due_date)}</Fact>
          <Fact label={t('File')}>
            {bill.document_name && bill.document_original_name ? (
              <Anchor component="button" fz="sm" onClick={() => void download({ name: bill.document_name!, original_name: bill.document_original_name! })} disabled={busyName === bill.document_name} data-testid="bill-file">
                {bill.document_original_name}
              </Anchor>
            ) : (
              t('None yet')
            )}
          </Fact>
          <Fact label={t('Net')}>{formatMoney(bill.net, bill.currency)}</Fact>
          <Fact label={t('VAT')}>{formatMoney(bill.vat, bill.currency)}</Fact>
          <Fact label={t('Total')}>{formatMoney(bill.total, bill.currency)}</Fact>
          <Fact label={t('Open')}>
            <span data-testid="bill-open">{formatMoney(bill.open, bill.currency)}</span>
          </Fact>
        </SimpleGrid>
        {bill.note && (
          <Text fz="sm" c="dimmed" mt="sm">
            {bill.note}
          </Text>
        )}
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="xs" wrap="wrap">
          <Text fw={700}>{t('Lines')}</Text>
          <Text fz="sm" data-testid="bill-difference">
            {t('{matched} of {count} matched', { matched: bill.matched_lines, count: bill.line_count })} · {t('difference')} <Text span fw={700} c={diffColor(bill.difference)}>{formatMoney(bill.difference, bill.currency)}</Text>
          </Text>
        </Group>
        <Table.ScrollContainer minWidth={760} visibleFrom="sm">
          <Table verticalSpacing="xs" fz="sm" data-testid="bill-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>{t('Description')}</Table.Th>
                <Table.Th ta="right">{t('Billed')}</Table.Th>
                <Table.Th>{t('Shipment')}</Table.Th>
                <Table.Th>{t('Matched cost')}</Table.Th>
                {canWrite && <Table.Th aria-label={t('Actions')} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bill.lines.map((l) => (
                <Table.Tr key={l.position} data-testid="bill-line">
                  <Table.Td>{l.position}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{l.description}</Table.Td>
                  <Table.Td ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(l.amount, bill.currency)}
                  </Table.Td>
                  <Table.Td>
                    <ShipmentCell line={l} />
                  </Table.Td>
                  <Table.Td>
                    <MatchCell bill={bill} line={l} />
                  </Table.Td>
                  {canWrite && <Table.Td>{lineActions(l)}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Stack gap="xs" hiddenFrom="sm">
          {bill.lines.map((l) => (
            <Card key={l.position} withBorder radius="sm" padding="sm" data-testid="bill-line-card">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {l.position}. {l.description}
                </Text>
                <Text fz="sm" ff="monospace" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(l.amount, bill.currency)}
                </Text>
              </Group>
              <Group gap={6} mt={4}>
                <ShipmentCell line={l} />
              </Group>
              <MatchCell bill={bill} line={l} />
              <Group mt={6}>{lineActions(l)}</Group>
            </Card>
          ))}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Text fw={700} mb="xs">
          {t('Payments')}
        </Text>
        {bill.payments.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('Nothing paid yet.')}
          </Text>
        ) : (
          <Stack gap={4} data-testid="bill-payments">
            {bill.payments.map((p) => (
              <Group key={p.id} justify="space-between" wrap="nowrap">
                <Text fz="sm">
                  {formatDay(p.paid_on)}
                  {p.reference ? ` · ${p.reference}` : ''}
                </Text>
                <Text fz="sm" ff="monospace">
                  {formatMoney(p.amount, bill.currency)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Paper>
      {matching && <MatchDialog bill={bill} line={matching} onClose={() => setMatching(null)} />}
      {paying && <PayBillDialog bill={bill} onClose={() => setPaying(false)} />}
      {remove.dialog}
    </Stack>
  );
}
