import type { ReactElement } from 'react';
import { Badge, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { EXCEPTION_TABS, daysSince, type ExceptionKind, type ExceptionRow, type ExceptionSettings, type ExceptionTab } from '@domain/exceptions/schema';
import { routeLabel } from '@domain/shipments/index';
import { lowerCase } from '@domain/common/text';
import { msg } from '@domain/common/i18n';
import { formatDateTime, formatNumber } from '@web/lib/format';
import { currentLocale, reader, t } from '@web/lib/i18n';
import { useUser } from '@web/features/auth';
import { OverdueChecklistList, type OverdueListState } from '@web/features/checklist';
import { OverdueInvoicesSection } from '@web/features/payments';
import { EmptyState } from '@web/ui/EmptyState';
import { PageHeader } from '@web/ui/PageHeader';
import { StatusBadge } from '@web/ui/ShipmentBadges';
import { ShipmentProblemList, handlerColumn } from '@web/ui/ShipmentProblemList';
import { exceptionCountsQuery, exceptionListQuery } from './api';
import { ExceptionThresholds } from './ExceptionThresholds';
import { exceptionText } from './labels';
import { can } from '@domain/access/permissions';

/** The date a rule counts from, as its column is headed. */
const SINCE_HEADER: Record<ExceptionKind, string> = {
  departure_overdue: msg('Estimated departure'),
  arrival_overdue: msg('Estimated arrival'),
  arrival_moved: msg('Arrival moved on'),
  no_change: msg('Last change'),
};

/** The last column's heading and value: how late, how far the arrival moved, or how long nothing changed. */
const LATE_HEADER: Record<ExceptionKind, string> = { departure_overdue: msg('Late'), arrival_overdue: msg('Late'), arrival_moved: msg('Moved'), no_change: msg('Unchanged for') };
function lateness(kind: ExceptionKind, row: ExceptionRow, now: Date): string {
  if (kind === 'arrival_moved') {
    const d = row.shift_days ?? 0;
    const count = Math.abs(d);
    return d > 0 ? t('{count, plural, one {# day} other {# days}} later', { count }) : t('{count, plural, one {# day} other {# days}} earlier', { count });
  }
  const days = daysSince(row.since, now);
  if (kind === 'no_change') return t('{count, plural, one {# day} other {# days}}', { count: days });
  return days === 0 ? t('due today') : t('{count, plural, one {# day} other {# days}} late', { count: days });
}

type PageState = OverdueListState & { kind?: ExceptionTab };

/**
 * /exceptions (staff, issue 17): the shipments each delay rule holds for (a handler's own, an admin's all), newest
 * first, and the overdue checklist documents, with the counts on the tabs; admins set the thresholds below the list.
 */
export function ExceptionsPage(): ReactElement {
  const user = useUser();
  const search = useSearch({ from: '/app/exceptions' });
  const navigate = useNavigate({ from: '/exceptions' });
  const kind = search.kind ?? 'departure_overdue';
  const counts = useQuery(exceptionCountsQuery());
  const update = (next: PageState) => void navigate({ search: (prev) => ({ ...prev, page: undefined, ...next }), replace: true });
  const settings = counts.data?.settings;
  const rule = exceptionText(kind, settings);

  return (
    <Stack gap="md">
      <PageHeader
        title={t('Exceptions')}
        subtitle={counts.data?.scope === 'all' ? t('Every shipment that is late, moved or stalled') : t('Your shipments that are late, moved or stalled')}
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Tabs value={kind} onChange={(value) => value && update({ kind: value as ExceptionTab, dir: undefined, provider: undefined })} keepMounted={false}>
          <Tabs.List mb="sm">
            {EXCEPTION_TABS.map((k) => (
              <Tabs.Tab
                key={k}
                value={k}
                rightSection={
                   
                  <Badge variant="light" color={(counts.data?.[k] ?? 0) > 0 ? 'orange' : 'gray'} size="sm">
                    {counts.data ? formatNumber(counts.data[k]) : '…'}
                  </Badge>
                }
              >
                {exceptionText(k, settings).label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {kind === 'checklist_overdue' ? (
          <>
            <Text fz="sm" c="dimmed" mb="sm">
              {rule.rule}
            </Text>
            <OverdueChecklistList state={search} onChange={update} />
          </>
        ) : (
           
          <ShipmentExceptions kind={kind} page={search.page ?? 1} dir={search.dir ?? 'desc'} settings={settings} allShipments={counts.data?.scope === 'all'} update={update} />
        )}
      </Paper>
      {/* Issue 38: issued invoices past their due day with an amount open (administrators, who read the ageing). */}
      {can(user.role, 'ageing:read') && <OverdueInvoicesSection />}
      {can(user.role, 'settings:manage') && <ExceptionThresholds />}
    </Stack>
  );
}

/** One shipment rule's page of shipments, newest due first (or oldest), as a table, or cards on a phone. */
function ShipmentExceptions({ kind, page, dir, settings, allShipments, update }: {
  kind: ExceptionKind;
  page: number;
  dir: 'asc' | 'desc';
  settings: ExceptionSettings | undefined;
  /** A handler's list holds only their own shipments: the handler column would repeat their name. */
  allShipments: boolean;
  update: (next: PageState) => void;
}): ReactElement {
  const list = useQuery(exceptionListQuery(kind, page, dir));
  const now = new Date();
  const rule = exceptionText(kind, settings);
  return (
    <ShipmentProblemList
      controls={
        <Text fz="sm" c="dimmed">
          {rule.rule}
        </Text>
      }
      order={{ data: [{ value: 'desc', label: t('Newest first') }, { value: 'asc', label: t('Oldest first') }], value: dir, onChange: (value) => update({ dir: value === 'asc' ? 'asc' : undefined }), w: 160 }}
      query={list}
      onPage={(next) => update({ page: next })}
      empty={
        <EmptyState
          title={t('No shipments: {rule}', { rule: lowerCase(rule.label, currentLocale()) })}
          text={t('Nothing needs attention under this rule.')}
          icon={<IconCircleCheck size={26} />}
        />
      }
      shipmentId={(row) => row.id}
      testId="exception"
      referenceHeader={t('Reference')}
      minWidth={860}
      columns={[
        {
          header: t(LATE_HEADER[kind]),
          nowrap: true,
          cell: (row) => (
            <Text span fz="sm" fw={600} c="orange">
              {lateness(kind, row, now)}
            </Text>
          ),
        },
        { header: t('Status'), cell: (row) => <StatusBadge status={row.status} /> },
        { header: t('Customer'), cell: (row) => row.company_name ?? '-' },
        { header: t('Route'), cell: (row) => routeLabel(row, reader()) },
        { header: t(SINCE_HEADER[kind]), nowrap: true, cell: (row) => formatDateTime(row.since) },
        ...(allShipments ? [handlerColumn<ExceptionRow>()] : []),
      ]}
      card={(row) => (
        <>
          <Group gap={6} mt={4}>
            <StatusBadge status={row.status} />
            <Text fz="sm" fw={600} c="orange">
              {t(LATE_HEADER[kind])}: {lateness(kind, row, now)}
            </Text>
          </Group>
          <Text fz="sm" mt="xs">
            {row.company_name ?? '-'} · {routeLabel(row, reader())}
          </Text>
          <Text fz="xs" c="dimmed">
            {t(SINCE_HEADER[kind])}: {formatDateTime(row.since)} · {row.handler_name ?? t('No handler')}
          </Text>
        </>
      )}
    />
  );
}
