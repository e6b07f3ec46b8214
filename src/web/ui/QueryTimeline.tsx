import type { ReactElement, ReactNode } from 'react';
import { Center, Loader, Text, Timeline } from '@mantine/core';
import { ErrorBanner } from './ErrorBanner';

/**
 * A timeline of loaded rows (a shipment's history, its status milestones, its carrier events): the load error, a
 * loader, `empty` when there are none, or the timeline (`label` its accessible name, `active` its last reached
 * item) of the items `item` draws, one a row.
 */
export function QueryTimeline<T>({ query, rows, empty, label, active, bulletSize = 26, item }: {
  query: { error: unknown; isPending: boolean };
  rows: T[];
  empty: string;
  label: string;
  active: number;
  bulletSize?: number;
  item: (row: T) => ReactNode;
}): ReactElement {
  return (
    <>
      <ErrorBanner error={query.error} />
      {query.isPending ? (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      ) : rows.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Timeline bulletSize={bulletSize} lineWidth={2} active={active} aria-label={label}>
          {rows.map(item)}
        </Timeline>
      )}
    </>
  );
}
