import { useState, type ReactElement } from 'react';
import { Button, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileInvoice, IconListCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Company } from '@domain/companies/schema';
import { pickerSources } from '@web/features/shipments';
import { formatDay } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { AsyncSelect } from '@web/ui/AsyncSelect';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { SearchInput } from '@web/ui/SearchInput';
import { Pager } from '@web/ui/Pager';
import { PHONE_QUERY } from '@web/ui/theme';
import { readyQuery, type ReadyRow } from './api';
import { unbilledText } from './ShipmentPicker';

/**
 * /invoices/ready (issue 38): delivered shipments with unbilled charges, per currency. Tick several of one company and
 * "Draft invoice" opens the draft editor with them; ticking another company's shipment starts a new choice.
 */
export function ReadyToInvoicePage(): ReactElement {
  const navigate = useNavigate();
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [company, setCompany] = useState<{ value: string; label: string } | null>(null);
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState<{ companyId: string; ids: string[] }>({ companyId: '', ids: [] });
  const ready = useQuery(readyQuery({ q, company_id: company?.value, page }));
  const rows = ready.data?.rows ?? [];

  const toggle = (row: ReadyRow, on: boolean) =>
    setPicked((p) => {
      const ids = p.companyId === row.company_id ? p.ids : [];
      return { companyId: row.company_id, ids: on ? [...ids, row.shipment_id] : ids.filter((id) => id !== row.shipment_id) };
    });
  const isPicked = (row: ReadyRow) => picked.companyId === row.company_id && picked.ids.includes(row.shipment_id);
  const pickedCompany = rows.find((r) => r.company_id === picked.companyId)?.company_name;
  const draft = () => void navigate({ to: '/invoices/new', search: { company_id: picked.companyId, company_name: pickedCompany, shipment_ids: picked.ids.join(',') } });

  const check = (row: ReadyRow) => (
    <Checkbox aria-label={t('Choose {reference}', { reference: row.reference_number })} checked={isPicked(row)} onChange={(e) => toggle(row, e.currentTarget.checked)} />
  );

  return (
    <Stack gap="md">
      <PageHeader title={t('Ready to invoice')} subtitle={t('Delivered shipments with charges no invoice bills yet, per currency')} />
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <div style={{ flex: '1 1 220px', display: 'flex', minWidth: 0 }}>
            <SearchInput
              value={q}
              onChange={(v) => {
                setQ(v);
                setPage(1);
              }}
              label={t('Search shipments')}
              placeholder={t('Search by reference or company')}
              minWidth={0}
            />
          </div>
          <AsyncSelect<Company>
            aria-label={t('Company')}
            placeholder={t('All companies')}
            queryKey={['picker', 'companies']}
            fetchRows={pickerSources.companies}
            toOption={(c) => ({ value: c.id, label: c.name })}
            value={company?.value ?? null}
            selected={company}
            onChange={(_row, option) => {
              setCompany(option);
              setPage(1);
            }}
            style={{ flex: '1 1 220px', maxWidth: 360 }}
          />
          <Button leftSection={<IconFileInvoice size={16} />} disabled={picked.ids.length === 0} onClick={draft} data-testid="draft-from-ready">
            {picked.ids.length === 0
              ? t('Draft invoice')
              : pickedCompany
                ? t('Draft invoice for {count} of {company}', { count: picked.ids.length, company: pickedCompany })
                : t('Draft invoice for {count} of the company', { count: picked.ids.length })}
          </Button>
        </Group>
      </Paper>
      <ErrorBanner error={ready.error} />
      {ready.data && rows.length === 0 ? (
        <Paper withBorder radius="md">
          <EmptyState icon={<IconListCheck size={28} />} title={t('Nothing to invoice')} text={t("Every delivered shipment's charges are on an invoice.")} />
        </Paper>
      ) : phone ? (
        <Stack gap="sm" data-testid="ready-cards">
          {rows.map((r) => (
            <Paper key={r.shipment_id} withBorder radius="md" p="md" data-testid="ready-row">
              <Group wrap="nowrap" align="flex-start" gap="sm">
                {check(r)}
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={700}>{r.reference_number}</Text>
                  <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>{r.company_name}</Text>
                  <Text fz="sm">{unbilledText(r)}</Text>
                  <Text fz="xs" c="dimmed">{t('Delivered {date}', { date: formatDay(r.delivered_on) })}</Text>
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Paper withBorder radius="md" style={{ overflowX: 'auto', opacity: ready.isPending ? 0.6 : 1 }}>
          <Table verticalSpacing="sm" miw={760} highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40} />
                <Table.Th>{t('Shipment')}</Table.Th>
                <Table.Th>{t('Company')}</Table.Th>
                <Table.Th>{t('Delivered')}</Table.Th>
                <Table.Th>{t('Unbilled charges')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.shipment_id} data-testid="ready-row">
                  <Table.Td>{check(r)}</Table.Td>
                  <Table.Td fw={600}>{r.reference_number}</Table.Td>
                  <Table.Td>{r.company_name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(r.delivered_on)}</Table.Td>
                  <Table.Td>{unbilledText(r)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <Pager page={ready.data?.page ?? 1} pageSize={ready.data?.pageSize ?? 50} total={ready.data?.total ?? 0} onPage={setPage} />
    </Stack>
  );
}
