import type { ReactElement, ReactNode } from 'react';
import { Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@domain/common/list';
import { ErrorBanner } from './ErrorBanner';
import { Pager } from './Pager';

/**
 * A server-paged list's states, the same on every page that lists: the load error, a loader until the first page
 * arrives, the empty state, or the rows (drawn by `children`) with the pager below them.
 */
export function PagedList<T>({ query, empty, onPage, children }: {
  query: UseQueryResult<Page<T>>;
  /** Shown when the page has no rows (an EmptyState saying why). */
  empty: ReactNode;
  onPage: (page: number) => void;
  children: (rows: T[]) => ReactNode;
}): ReactElement {
  const data = query.data;
  return (
    <>
      {query.isError && <ErrorBanner error={query.error} />}
      {query.isPending ? (
        <Center py={40}>
          <Loader size="sm" />
        </Center>
      ) : data && data.rows.length === 0 ? (
        empty
      ) : (
        data && (
          <>
            {children(data.rows)}
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={onPage} />
          </>
        )
      )}
    </>
  );
}

/**
 * One row of a list on a phone: the whole card is a link (`link` renders it around the card's content), its title on
 * the first line beside a chevron, the details below.
 */
export function LinkCard({ link, title, children, testId }: {
  link: (props: Record<string, unknown>) => ReactElement;
  title: ReactNode;
  children: ReactNode;
  testId: string;
}): ReactElement {
  return (
    <Paper renderRoot={link} withBorder radius="md" p="md" style={{ display: 'block', color: 'inherit', textDecoration: 'none' }} data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Text>
        <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0 }} />
      </Group>
      {children}
    </Paper>
  );
}

/** The cards of a phone list, one under another. */
export const CardStack = ({ children, testId }: { children: ReactNode; testId: string }) => (
  <Stack gap="sm" data-testid={testId}>
    {children}
  </Stack>
);
