import type { ReactElement, ReactNode } from 'react';
import { Anchor, Group, Select, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Page } from '@domain/common/list';
import { t } from '@web/lib/i18n';
import { CardStack, LinkCard, PagedList } from './PagedList';
import { PHONE_QUERY } from './theme';

/** A column after the reference: its heading and cell; `nowrap` keeps a date or a count on one line. */
export type ProblemColumn<T> = { header: ReactNode; cell: (row: T) => ReactNode; nowrap?: boolean };

/** The Handler column of an admin's list (a handler's own list would repeat their name); made while rendering. */
export const handlerColumn = <T extends { handler_name: string | null }>(): ProblemColumn<T> => ({
  header: t('Handler'),
  cell: (row) => row.handler_name ?? <Text span c="dimmed" fz="sm">{t('No handler')}</Text>,
});

/**
 * A page of shipments with a problem (Exceptions' late, moved or stalled shipments; overdue checklist documents): the
 * filters (`controls`) beside the order, then the server-paged rows as a table whose first column links the shipment
 * reference, or on a phone as cards that link the shipment. Rows and cards carry `${testId}-row`, the cards' stack
 * `${testId}-cards`.
 */
export function ShipmentProblemList<T extends { id: string; reference_number: string }>({
  controls, order, query, onPage, empty, shipmentId, testId, referenceHeader, minWidth, columns, card,
}: {
  controls: ReactNode;
  order: { data: { value: string; label: string }[]; value: string; onChange: (value: string | null) => void; w: number };
  query: UseQueryResult<Page<T>>;
  onPage: (page: number) => void;
  empty: ReactNode;
  shipmentId: (row: T) => string;
  testId: string;
  referenceHeader: string;
  minWidth: number;
  columns: ProblemColumn<T>[];
  card: (row: T) => ReactNode;
}): ReactElement {
  const phone = useMediaQuery(PHONE_QUERY);
  return (
    <>
      <Group justify="space-between" mb="md" gap="sm" wrap="wrap">
        {controls}
        <Select aria-label={t('Order')} data={order.data} value={order.value} onChange={order.onChange} allowDeselect={false} w={order.w} />
      </Group>
      <PagedList query={query} onPage={onPage} empty={empty}>
        {(rows) =>
          phone ? (
            <CardStack testId={`${testId}-cards`}>
              {rows.map((row) => (
                <LinkCard
                  key={row.id}
                  link={(props) => <Link to="/shipment/$id" params={{ id: shipmentId(row) }} {...props} />}
                  title={row.reference_number}
                  testId={`${testId}-row`}
                >
                  {card(row)}
                </LinkCard>
              ))}
            </CardStack>
          ) : (
            <Table.ScrollContainer minWidth={minWidth}>
              <Table verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{referenceHeader}</Table.Th>
                    {columns.map((column, i) => (
                      <Table.Th key={i}>{column.header}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.id} data-testid={`${testId}-row`}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Anchor renderRoot={(props) => <Link {...props} to="/shipment/$id" params={{ id: shipmentId(row) }} />} fw={600}>
                          {row.reference_number}
                        </Anchor>
                      </Table.Td>
                      {columns.map((column, i) => (
                        <Table.Td key={i} style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                          {column.cell(row)}
                        </Table.Td>
                      ))}
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
