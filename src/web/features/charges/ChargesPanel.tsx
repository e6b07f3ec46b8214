import { useState, type ReactElement } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLock, IconPencil, IconPlus, IconReceipt2, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { UNIT_LABELS, type ChargeSide } from '@domain/billing/lines';
import { COST_BASIS_LABELS, type CostBasis, type JobMoney } from '@domain/billing/supplier-bills';
import type { ChargeLine } from '@domain/billing/schema';
import { isListedLine, lineLockReason } from '@domain/billing/charge-rules';
import { msg } from '@domain/common/i18n';
import { formatMoney } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { Section } from '@web/ui/DetailParts';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PHONE_QUERY } from '@web/ui/theme';
import { useConfirmDelete } from '@web/ui/useConfirmDelete';
import { chargesQuery, useRemoveLine, type StaffCharges } from './api';
import { ChargeLineForm } from './ChargeLineForm';
import { plainDecimal, price } from './numbers';

const SIDES: { side: ChargeSide; title: string; empty: string }[] = [
  { side: 'sell', title: msg('Charges'), empty: msg('No charges yet') },
  { side: 'buy', title: msg('Costs'), empty: msg('No costs yet') },
];
const linesTestId = (costs: boolean) => (costs ? 'cost-lines' : 'charge-lines');
const signed = (amount: string) => (amount.startsWith('-') ? 'red' : /[1-9]/.test(amount) ? 'teal' : undefined);
const priceOf = (l: ChargeLine) => `${plainDecimal(l.quantity)} × ${price(l.unit_price, l.currency)} ${t(UNIT_LABELS[l.unit])}`;
const vatOf = (l: ChargeLine) =>
  l.vat_category ? (l.vat_category === 'S' ? `S ${t('{percent}%', { percent: plainDecimal(l.vat_rate ?? '') })}` : l.vat_category) : '—';

function LineState({ line }: { line: ChargeLine }) {
  if (line.invoice_id) {
    return (
      <Badge color="grape" variant="light" radius="sm" tt="none" data-testid="billed-badge">
        {line.invoice_number ? t('Billed {number}', { number: line.invoice_number }) : t('On a draft invoice')}
      </Badge>
    );
  }
  if (line.matched_bill_number) {
    return (
      <Badge color="teal" variant="light" radius="sm" tt="none" data-testid="matched-badge">
        {t('Bill {number}: {amount}', { number: line.matched_bill_number, amount: line.matched_amount ? formatMoney(line.matched_amount, line.currency) : '' })}
      </Badge>
    );
  }
  if (line.field) {
    return (
      <Badge color="gray" variant="light" radius="sm" tt="none">
        {t('From the form')}
      </Badge>
    );
  }
  return null;
}

type Actions = { canEdit: boolean; onEdit: (l: ChargeLine) => void; onRemove: (l: ChargeLine) => void };

function LineActions({ line, canEdit, onEdit, onRemove }: Actions & { line: ChargeLine }) {
  if (!canEdit) return null;
  const locked = lineLockReason(line);
  if (locked) {
    return (
      <Tooltip label={t(locked)} multiline w={260} withArrow>
        <IconLock size={16} aria-label={t(locked)} color="var(--mantine-color-gray-6)" />
      </Tooltip>
    );
  }
  const name = line.code ?? line.category;
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      <ActionIcon variant="subtle" aria-label={t('Edit {name} line', { name })} onClick={() => onEdit(line)}>
        <IconPencil size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={t('Remove {name} line', { name })} onClick={() => onRemove(line)}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

function CodeCell({ line }: { line: ChargeLine }) {
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        <Badge variant="light" radius="sm" ff="monospace" tt="none">
          {line.code ?? line.category}
        </Badge>
        <LineState line={line} />
      </Group>
      {line.description && (
        <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {line.description}
        </Text>
      )}
    </Stack>
  );
}

function LinesTable({ lines, costs, ...actions }: Actions & { lines: ChargeLine[]; costs: boolean }) {
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table verticalSpacing="xs" fz="sm" aria-label={costs ? t('Costs') : t('Charges')} data-testid={linesTestId(costs)}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Code')}</Table.Th>
            <Table.Th>{t('Quantity × unit price')}</Table.Th>
            <Table.Th>{t('VAT')}</Table.Th>
            {costs && <Table.Th>{t('Supplier')}</Table.Th>}
            <Table.Th ta="right">{t('Amount')}</Table.Th>
            {actions.canEdit && <Table.Th w={72} aria-label={t('Actions')} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.id} data-testid="charge-line">
              <Table.Td>
                <CodeCell line={l} />
              </Table.Td>
              <Table.Td>{priceOf(l)}</Table.Td>
              <Table.Td>{vatOf(l)}</Table.Td>
              {costs && <Table.Td>{l.supplier_name ?? '—'}</Table.Td>}
              <Table.Td ta="right" ff="monospace" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(l.amount, l.currency)}
              </Table.Td>
              {actions.canEdit && (
                <Table.Td>
                  <LineActions line={l} {...actions} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A phone's lines: one block each, the amount beside the code. */
function LineCards({ lines, costs, ...actions }: Actions & { lines: ChargeLine[]; costs: boolean }) {
  return (
    <Stack gap="xs" aria-label={costs ? t('Costs') : t('Charges')} data-testid={linesTestId(costs)}>
      {lines.map((l) => (
        <Paper key={l.id} withBorder radius="sm" p="sm" data-testid="charge-line">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <CodeCell line={l} />
            <Text ff="monospace" fw={600} fz="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(l.amount, l.currency)}
            </Text>
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
            <Text fz="xs" c="dimmed">
              {priceOf(l)} · {t('VAT')} {vatOf(l)}
              {costs && l.supplier_name ? ` · ${l.supplier_name}` : ''}
            </Text>
            <LineActions line={l} {...actions} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

type MoneyKey = Exclude<keyof JobMoney, 'currency' | 'cost_basis'>;
/** Issue 39: the cost and profit as accrued (the buy lines) and as actual (supplier bills where matched). */
const TOTAL_COLUMNS: { key: MoneyKey; label: string }[] = [
  { key: 'total_revenue', label: msg('Revenue') },
  { key: 'cost_accrued', label: msg('Cost accrued') },
  { key: 'cost_actual', label: msg('Cost actual') },
  { key: 'profit_accrued', label: msg('Profit accrued') },
  { key: 'profit', label: msg('Profit actual') },
  { key: 'margin_percent', label: msg('Margin') },
  { key: 'billed', label: msg('Billed') },
  { key: 'unbilled', label: msg('Unbilled') },
];
const totalText = (sum: JobMoney, key: MoneyKey) =>
  key === 'margin_percent' ? t('{percent}%', { percent: plainDecimal(sum.margin_percent) }) : formatMoney(sum[key], sum.currency);
const BASIS_COLORS: Record<CostBasis, string> = { accrued: 'gray', mixed: 'yellow', actual: 'teal' };
/** Text colours dark enough on white (WCAG AA) for the table's label. */
const BASIS_TEXT: Record<CostBasis, string> = { accrued: 'gray.7', mixed: 'indigo.8', actual: 'teal.9' };
const profitKey = (k: MoneyKey) => k === 'profit' || k === 'profit_accrued' || k === 'margin_percent';

/** Where the cost of a currency comes from: the accrued lines, supplier bills, or both. */
function BasisBadge({ basis, inTable = false }: { basis: CostBasis; inTable?: boolean }) {
  // In the table's narrow cell a badge shrinks to an ellipsis: the label alone, in the badge's colour.
  if (inTable) {
    return (
      <Text span fz="xs" fw={700} c={BASIS_TEXT[basis]} style={{ whiteSpace: 'nowrap' }} data-testid="cost-basis">
        {t(COST_BASIS_LABELS[basis])}
      </Text>
    );
  }
  return (
    <Badge color={BASIS_COLORS[basis]} variant="light" radius="sm" tt="none" data-testid="cost-basis">
      {t(COST_BASIS_LABELS[basis])}
    </Badge>
  );
}

/** Per currency: revenue, cost, profit, margin, billed and unbilled (no conversion between currencies). */
function Totals({ totals, phone }: { totals: JobMoney[]; phone: boolean }) {
  if (phone) {
    return (
      <Stack gap="xs" aria-label={t('Profit per currency')} data-testid="charge-totals">
        {totals.map((sum) => (
          <Paper key={sum.currency} withBorder radius="sm" p="sm" bg="gray.0">
            <Group justify="space-between" mb={4}>
              <Text fw={700} fz="sm">
                {sum.currency}
              </Text>
              <BasisBadge basis={sum.cost_basis} />
            </Group>
            <SimpleGrid cols={2} spacing={4}>
              {TOTAL_COLUMNS.map((c) => (
                <Group key={c.key} justify="space-between" gap={4} wrap="nowrap">
                  <Text fz="xs" c="dimmed">
                    {t(c.label)}
                  </Text>
                  <Text fz="xs" ff="monospace" fw={600} c={profitKey(c.key) ? signed(sum[c.key]) : undefined} data-testid={`total-${c.key}`}>
                    {totalText(sum, c.key)}
                  </Text>
                </Group>
              ))}
            </SimpleGrid>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table withTableBorder verticalSpacing="xs" fz="sm" aria-label={t('Profit per currency')} data-testid="charge-totals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Currency')}</Table.Th>
            <Table.Th>{t('Cost basis')}</Table.Th>
            {TOTAL_COLUMNS.map((c) => (
              <Table.Th key={c.key} ta="right">
                {t(c.label)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {totals.map((sum) => (
            <Table.Tr key={sum.currency} data-testid={`charge-total-${sum.currency}`}>
              <Table.Td fw={600}>{sum.currency}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <BasisBadge basis={sum.cost_basis} inTable />
              </Table.Td>
              {TOTAL_COLUMNS.map((c) => (
                <Table.Td key={c.key} ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }} fw={c.key === 'profit' ? 600 : undefined} c={profitKey(c.key) ? signed(sum[c.key]) : undefined} data-testid={`total-${c.key}`}>
                  {totalText(sum, c.key)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type Editing = { line?: ChargeLine; side: ChargeSide } | null;

/**
 * The staff shipment page's Charges panel (issue 38): the lines as Charges (sell) and Costs (buy), each with its code,
 * description, quantity x unit price, VAT, supplier and amount, billed ones marked with their invoice; add, edit and
 * remove where the user may (the handler or an administrator); and per currency the job's revenue, cost and profit as
 * accrued and as actual (supplier bills matched to its costs, issue 39) with the basis, margin, billed and unbilled.
 * A cost matched to a supplier bill shows the bill and its amount. On a phone the lines and sums stack.
 */
export function ChargesPanel({ shipmentId, canEdit, currency }: { shipmentId: string; canEdit: boolean; currency: string }): ReactElement {
  const query = useQuery(chargesQuery(shipmentId));
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useConfirmDelete<ChargeLine>(useRemoveLine(shipmentId), {
    title: t('Remove line'),
    message: (l) => t('Remove the {name} line of {amount}?', { name: l.code ?? l.category, amount: formatMoney(l.amount, l.currency) }),
    deleted: (l) => ({ title: t('Line removed'), message: `${l.code ?? l.category} ${formatMoney(l.amount, l.currency)}` }),
  });
  const data = query.data as StaffCharges | undefined;
  const actions: Actions = { canEdit, onEdit: (line) => setEditing({ line, side: line.side }), onRemove: remove.ask };
  const Lines = phone ? LineCards : LinesTable;
  // A currency only the unlisted zero fields are in has nothing to show.
  const totals = (data?.totals ?? []).filter((sum) => data!.lines.some((l) => l.currency === sum.currency && isListedLine(l)));

  return (
    <Section
      title={t('Charges')}
      headingId="charges-heading"
      icon={<IconReceipt2 size={18} />}
      actions={
        canEdit && (
          <Group gap="xs">
            <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setEditing({ side: 'sell' })}>
              {t('Add charge')}
            </Button>
            <Button size="xs" variant="default" leftSection={<IconPlus size={14} />} onClick={() => setEditing({ side: 'buy' })}>
              {t('Add cost')}
            </Button>
          </Group>
        )
      }
    >
      <ErrorBanner error={query.error} prefix={`${t('Could not load the charges.')} `} />
      {data && (
        <Stack gap="lg">
          {SIDES.map(({ side, title, empty }) => {
            const lines = data.lines.filter((l) => l.side === side && isListedLine(l));
            return (
              <Stack key={side} gap={6}>
                <Text fw={700} fz="sm">
                  {t(title)}
                </Text>
                {lines.length === 0 ? (
                  <Text fz="sm" c="dimmed">
                    {t(empty)}
                  </Text>
                ) : (
                  <Lines lines={lines} costs={side === 'buy'} {...actions} />
                )}
              </Stack>
            );
          })}
          {totals.length > 0 && (
            <Stack gap={6}>
              <Text fw={700} fz="sm">
                {t('Profit per currency')}
              </Text>
              <Totals totals={totals} phone={phone} />
            </Stack>
          )}
        </Stack>
      )}
      {editing && <ChargeLineForm shipmentId={shipmentId} line={editing.line} side={editing.side} currency={currency} onClose={() => setEditing(null)} />}
      {remove.dialog}
    </Section>
  );
}
