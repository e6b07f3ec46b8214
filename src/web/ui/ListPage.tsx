import { useEffect, type ReactElement, type ReactNode } from 'react';
import { Center, Loader, Paper, Stack } from '@mantine/core';
import { DEFAULT_PAGE_SIZE, pageCount, type Page } from '@domain/common/list';
import { EmptyState } from './EmptyState';
import { ErrorBanner } from './ErrorBanner';
import { PageHeader } from './PageHeader';
import { Pager } from './Pager';

/** What a list page reads of its list query. */
type ListQuery<T> = { isPending: boolean; data?: Page<T>; error: Error | null };

/**
 * A searchable, paged list page (carriers, consolidation agents, service providers, airports, sea ports): the header
 * with its add action, the filters in a card, then a card with the load error, `found` (a count line), a loader, the
 * table with its pager or the empty state, and after both cards the page's dialogs (`children`). A page past the end
 * (e.g. after deleting the last row of the last page) moves to the last page through `onLastPage`.
 */
export function ListPage<T>({
  title, subtitle, actions, filters, list, errorPrefix, found, table, page, onPage, onLastPage, empty, children,
}: {
  title: string;
  subtitle: string;
  actions: ReactNode;
  filters: ReactNode;
  list: ListQuery<T>;
  errorPrefix: string;
  found?: ReactNode;
  table: (rows: T[]) => ReactNode;
  page: number;
  onPage: (page: number) => void;
  onLastPage: (page: number) => void;
  empty: { icon: ReactNode; title: string; text: string; action?: ReactNode };
  children?: ReactNode;
}): ReactElement {
  const total = list.data?.total ?? 0;
  useEffect(() => {
    if (list.data && total > 0 && page > pageCount(total, DEFAULT_PAGE_SIZE)) onLastPage(pageCount(total, DEFAULT_PAGE_SIZE));
    // onLastPage is a new function on every render of the page; the move depends only on the data and the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.data, total, page]);

  return (
    <Stack gap="lg">
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      <Paper withBorder radius="md" p="md">
        {filters}
      </Paper>
      <Paper withBorder radius="md" p="md">
        <ErrorBanner error={list.error} prefix={errorPrefix} />
        {list.data && found}
        {list.isPending ? (
          <Center py={48}>
            <Loader size="sm" />
          </Center>
        ) : list.data && list.data.rows.length > 0 ? (
          <>
            {table(list.data.rows)}
            <Pager page={page} pageSize={DEFAULT_PAGE_SIZE} total={total} onPage={onPage} />
          </>
        ) : (
          list.data && <EmptyState icon={empty.icon} title={empty.title} text={empty.text} action={empty.action} />
        )}
      </Paper>
      {children}
    </Stack>
  );
}
