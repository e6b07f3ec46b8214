import type { ReactElement } from 'react';
import { Badge, Button, Divider, Group, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileInvoice, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { Company } from '@domain/companies/schema';
import type { Statement } from '@domain/billing/payments-schema';
import { AGEING_BUCKETS } from '@domain/money/ageing';
import { isCustomer } from '@domain/access/permissions';
import { msg } from '@domain/common/i18n';
import { formatDay } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { useUser } from '@web/features/auth';
import { AsyncSelect } from '@web/ui/AsyncSelect';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { PHONE_QUERY } from '@web/ui/theme';
import { searchCompanies, statementQuery } from './api';
import { AGEING_LABELS, PRINT_STYLE } from './layout';
import { groupDigits, isZero, utcToday } from './money';
import { RecordPaymentButton } from './RecordPaymentButton';
import type { StatementSearch } from './search';

/** A credit (a payment, a credit note) stands out from the debits. */
const CREDIT_COLOR = 'teal';
const KIND_LABEL = { invoice: msg('Invoice'), credit_note: msg('Credit note'), payment: msg('Payment') } as const;

/**
 * /billing/statement (issue 38): a company's statement per currency, printable. A customer sees their own company;
 * staff choose one (the company page links here with it chosen); administrators record a payment from here.
 */
export function StatementPage(): ReactElement {
  const user = useUser();
  const search: StatementSearch = useSearch({ from: '/app/billing/statement' });
  const navigate = useNavigate();
  const companyId = isCustomer(user.role) ? (user.company_id ?? undefined) : search.company_id;
  const to = search.to ?? utcToday();
  const statement = useQuery({ ...statementQuery(companyId ?? '', { from: search.from, to, currency: search.currency }), enabled: !!companyId });
  const set = (patch: Partial<StatementSearch>) => {
    const next: Record<string, unknown> = { ...search, ...patch };
    for (const [k, v] of Object.entries(next)) if (v === undefined || v === '') delete next[k];
    void navigate({ to: '/billing/statement', search: next as StatementSearch, replace: true });
  };
  const data = statement.data;

  return (
    <Stack gap="md" className="cd-statement">
      <style>{PRINT_STYLE}</style>
      <PageHeader
        title={t('Statement')}
        subtitle={
          !data
            ? t('Invoices, credit notes and payments with the running balance')
            : data.from
              ? t('{company} · {from} to {to}', { company: data.company_name, from: formatDay(data.from), to: formatDay(data.to) })
              : t('{company} · up to {to}', { company: data.company_name, to: formatDay(data.to) })
        }
        actions={
          <Group gap="sm" className="cd-no-print">
            {companyId && <RecordPaymentButton companyId={companyId} currency={search.currency} />}
            <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()} disabled={!data}>
              {t('Print')}
            </Button>
          </Group>
        }
      />
      <Paper withBorder radius="md" p="sm" className="cd-no-print">
        <SimpleGrid cols={{ base: 1, xs: 2, md: isCustomer(user.role) ? 3 : 4 }}>
          {!isCustomer(user.role) && (
            <AsyncSelect<Company>
              label={t('Company')}
              placeholder={t('Choose a company')}
              queryKey={['billing', 'company-picker']}
              fetchRows={searchCompanies}
              toOption={(row) => ({ value: row.id, label: row.name })}
              value={companyId ?? null}
              selected={companyId && data ? { value: companyId, label: data.company_name } : null}
              onChange={(_row, option) => set({ company_id: option?.value })}
            />
          )}
          <TextInput type="date" label={t('From')} value={search.from ?? ''} onChange={(e) => set({ from: e.currentTarget.value || undefined })} />
          <TextInput type="date" label={t('To')} value={to} onChange={(e) => set({ to: e.currentTarget.value || undefined })} />
          <TextInput label={t('Currency')} placeholder={t('All')} maxLength={3} value={search.currency ?? ''} onChange={(e) => set({ currency: /^[A-Za-z]{3}$/.test(e.currentTarget.value) ? e.currentTarget.value.toUpperCase() : undefined })} />
        </SimpleGrid>
      </Paper>
      <ErrorBanner error={statement.error} />
      {!companyId && (
        <Paper withBorder radius="md">
          <EmptyState title={t('Choose a company')} text={t('Its invoices, credit notes and payments show here with the balance.')} icon={<IconFileInvoice size={26} />} />
        </Paper>
      )}
      {data && data.currencies.length === 0 && (
        <Paper withBorder radius="md">
          <EmptyState title={t('Nothing to show')} text={t('No issued invoice, credit note or payment up to this day.')} icon={<IconFileInvoice size={26} />} />
        </Paper>
      )}
      {data?.currencies.map((c) => <CurrencyStatement key={c.currency} c={c} />)}
    </Stack>
  );
}

type CurrencyEntries = Statement['currencies'][number];

/** "Closing balance", or "Closing balance (credit on the account)" when the company is owed. */
const closingBalanceLabel = (closing: string) => (closing.startsWith('-') ? t('Closing balance (credit on the account)') : t('Closing balance'));

/** A phone's statement: one block per entry, its amount and the balance after it on the right, nothing to scroll. */
function EntryList({ c }: { c: CurrencyEntries }): ReactElement {
  const closingLabel = closingBalanceLabel(c.closing);
  return (
    <Stack gap={0} data-testid={`statement-entries-${c.currency}`}>
      <Group justify="space-between" py={6} wrap="nowrap">
        <Text fz="sm" fs="italic">
          {t('Opening balance')}
        </Text>
        <Text fz="sm">{groupDigits(c.opening)}</Text>
      </Group>
      {c.entries.map((e) => (
        <div key={`${e.kind}-${e.id}`}>
          <Divider />
          <Group justify="space-between" align="flex-start" py={8} wrap="nowrap" gap="sm" data-testid="statement-entry">
            <Stack gap={0} miw={0}>
              <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {t(KIND_LABEL[e.kind])} {e.number ?? ''}
              </Text>
              <Text fz="xs" c="dimmed">
                {formatDay(e.date)}
                {e.due_date ? ` · ${t('due {date}', { date: formatDay(e.due_date) })}` : ''}
              </Text>
              {e.reference && (
                <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {e.reference}
                </Text>
              )}
            </Stack>
            <Stack gap={0} align="flex-end" style={{ whiteSpace: 'nowrap' }}>
              <Text fz="sm" fw={600} c={isZero(e.credit) ? undefined : CREDIT_COLOR}>
                {isZero(e.credit) ? groupDigits(e.debit) : `−${groupDigits(e.credit)}`}
              </Text>
              <Text fz="xs" c="dimmed">
                {t('Balance {amount}', { amount: groupDigits(e.balance) })}
              </Text>
            </Stack>
          </Group>
        </div>
      ))}
      <Divider />
      <Group justify="space-between" py={6} wrap="nowrap">
        <Text fz="sm" fw={600}>
          {closingLabel}
        </Text>
        <Text fz="sm" fw={600}>
          {groupDigits(c.closing)}
        </Text>
      </Group>
    </Stack>
  );
}

function CurrencyStatement({ c }: { c: CurrencyEntries }): ReactElement {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid={`statement-${c.currency}`} className="cd-print-block">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} fz="lg">
          {c.currency}
        </Title>
        <Group gap="lg">
          <Text fz="sm">
            {t('Opening')} <b>{groupDigits(c.opening)}</b>
          </Text>
          <Text fz="sm" data-testid={`closing-${c.currency}`}>
            {t('Closing')} <b>{groupDigits(c.closing)}</b>
          </Text>
        </Group>
      </Group>
      {phone ? (
        <EntryList c={c} />
      ) : (
      <ScrollArea type="auto">
        <Table striped withTableBorder fz="sm" miw={640} verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Date')}</Table.Th>
              <Table.Th>{t('Document')}</Table.Th>
              <Table.Th>{t('Reference')}</Table.Th>
              <Table.Th>{t('Due')}</Table.Th>
              <Table.Th ta="right">{t('Debit')}</Table.Th>
              <Table.Th ta="right">{t('Credit')}</Table.Th>
              <Table.Th ta="right">{t('Balance')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text fz="sm" fs="italic">
                  {t('Opening balance')}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{groupDigits(c.opening)}</Table.Td>
            </Table.Tr>
            {c.entries.map((e) => (
              <Table.Tr key={`${e.kind}-${e.id}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(e.date)}</Table.Td>
                <Table.Td>
                  {t(KIND_LABEL[e.kind])} {e.number ?? ''}
                </Table.Td>
                <Table.Td>{e.reference ?? ''}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{e.due_date ? formatDay(e.due_date) : ''}</Table.Td>
                <Table.Td ta="right">{isZero(e.debit) ? '' : groupDigits(e.debit)}</Table.Td>
                <Table.Td ta="right">{isZero(e.credit) ? '' : groupDigits(e.credit)}</Table.Td>
                <Table.Td ta="right">{groupDigits(e.balance)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text fz="sm" fw={600}>
                  {closingBalanceLabel(c.closing)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" fw={600}>
                {groupDigits(c.closing)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </ScrollArea>
      )}
      <Text fz="sm" fw={600} mt="md" mb={6}>
        {t('Open invoices by days past due')}
      </Text>
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 5 }} spacing="xs" data-testid={`ageing-${c.currency}`}>
        {AGEING_BUCKETS.map((b) => (
          <Paper key={b} withBorder radius="sm" p="xs">
            <Text fz="xs" c="dimmed">
              {t(AGEING_LABELS[b])}
            </Text>
            <Group gap={4}>
              <Text fz="sm" fw={600} data-testid={`ageing-${c.currency}-${b}`}>
                {groupDigits(c.ageing[b])}
              </Text>
              {b !== 'current' && !isZero(c.ageing[b]) && (
                <Badge size="xs" color="orange" variant="light">
                  {t('overdue')}
                </Badge>
              )}
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
