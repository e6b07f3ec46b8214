import type { ReactElement } from 'react';
import { Anchor, Group, Paper, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { PROVIDER_LABELS, type ChecklistProvider } from '@domain/checklist/schema';
import { formatDay } from '@web/lib/format';
import { useUser } from '@web/features/auth/auth-context';
import { EmptyState } from '@web/ui/EmptyState';
import { PageHeader } from '@web/ui/PageHeader';
import { CardStack, LinkCard, PagedList } from '@web/ui/PagedList';
import { PHONE_QUERY } from '@web/ui/theme';
import { overdueQuery } from './admin-api';
import { can } from '@domain/access/permissions';

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'customer', label: 'From customers' },
  { value: 'forwarder', label: 'From us' },
];

const EMPTY_TEXT: Record<ChecklistProvider | 'all', string> = {
  all: 'Every required document is in, or not due yet.',
  customer: 'No customer is late with a document.',
  forwarder: 'None of the documents we provide is late.',
};

const dayCount = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** The list's state, kept in the URL by the page that shows it. */
export type OverdueListState = { provider?: ChecklistProvider; page?: number; dir?: 'asc' | 'desc' };

/**
 * Required checklist documents past their due day on open shipments (a handler's own, an admin's all), the longest
 * overdue first; who provides them narrows the list. On /checklist/overdue and on the Exceptions page's "Documents
 * overdue" tab.
 */
export function OverdueChecklistList({ state, onChange }: { state: OverdueListState; onChange: (next: OverdueListState) => void }): ReactElement {
  const admin = can(useUser().role, 'shipments:any_handler');
  const phone = useMediaQuery(PHONE_QUERY);
  const provider = state.provider;
  const dir = state.dir ?? 'asc';
  const list = useQuery(overdueQuery(provider, state.page ?? 1, dir));
  const update = (next: OverdueListState) => onChange({ page: undefined, ...next });

  return (
    <>
      <Group justify="space-between" mb="md" gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Who provides"
          data={FILTERS}
          value={provider ?? 'all'}
          onChange={(value) => update({ provider: value === 'all' ? undefined : (value as ChecklistProvider) })}
        />
        <Select
          aria-label="Order"
          data={[
            { value: 'asc', label: 'Longest overdue first' },
            { value: 'desc', label: 'Most recent first' },
          ]}
          value={dir}
          onChange={(value) => update({ dir: value === 'desc' ? 'desc' : undefined })}
          allowDeselect={false}
          w={200}
        />
      </Group>
      <PagedList
        query={list}
        onPage={(next) => update({ page: next })}
        empty={<EmptyState title="No overdue documents" text={EMPTY_TEXT[provider ?? 'all']} icon={<IconCircleCheck size={26} />} />}
      >
        {(rows) =>
          phone ? (
            <CardStack testId="overdue-cards">
              {rows.map((row) => (
                <LinkCard
                  key={row.id}
                  link={(props) => <Link to="/shipment/$id" params={{ id: row.shipment_id }} {...props} />}
                  title={row.reference_number}
                  testId="overdue-row"
                >
                  <Text fz="sm" fw={600} mt={4} style={{ overflowWrap: 'anywhere' }}>
                    {row.name}
                  </Text>
                  <Text fz="sm" fw={600} c="orange">
                    {dayCount(row.days_overdue)} overdue
                  </Text>
                  <Text fz="sm" mt="xs" style={{ overflowWrap: 'anywhere' }}>
                    {row.company_name ?? '-'}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    Due {formatDay(row.due_on)} · {PROVIDER_LABELS[row.provider]} provides
                    {admin && ` · ${row.handler_name ?? 'No handler'}`}
                  </Text>
                </LinkCard>
              ))}
            </CardStack>
          ) : (
            <Table.ScrollContainer minWidth={820}>
              <Table verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Shipment reference</Table.Th>
                    <Table.Th>Company</Table.Th>
                    <Table.Th>Document</Table.Th>
                    <Table.Th>Who provides</Table.Th>
                    <Table.Th>Due date</Table.Th>
                    <Table.Th>Days overdue</Table.Th>
                    {admin && <Table.Th>Handler</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.id} data-testid="overdue-row">
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Anchor renderRoot={(props) => <Link {...props} to="/shipment/$id" params={{ id: row.shipment_id }} />} fw={600}>
                          {row.reference_number}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{row.company_name ?? '-'}</Table.Td>
                      <Table.Td>{row.name}</Table.Td>
                      <Table.Td>{PROVIDER_LABELS[row.provider]}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(row.due_on)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text span fz="sm" fw={600} c="orange">
                          {dayCount(row.days_overdue)}
                        </Text>
                      </Table.Td>
                      {admin && <Table.Td>{row.handler_name ?? <Text span c="dimmed" fz="sm">No handler</Text>}</Table.Td>}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </PagedList>
    </>
  );
}

/** /checklist/overdue (staff, issue 16): the overdue documents; filter, order and page live in the URL. */
export function OverdueChecklistPage(): ReactElement {
  const admin = can(useUser().role, 'shipments:any_handler');
  const search = useSearch({ from: '/app/checklist/overdue' });
  const navigate = useNavigate({ from: '/checklist/overdue' });
  return (
    <Stack gap="md">
      <PageHeader
        title="Overdue documents"
        subtitle={admin ? 'Required documents past their due date, on every open shipment' : 'Required documents past their due date, on your open shipments'}
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <OverdueChecklistList state={search} onChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true })} />
      </Paper>
    </Stack>
  );
}
