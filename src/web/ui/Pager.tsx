import { useEffect } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { pageCount, showingRange } from '@domain/common/list';
import { t } from '@web/lib/i18n';

/**
 * 'Showing X to Y of Z results' with Previous and Next (spec section 2). A page past the end (an old link, rows deleted
 * since) moves to the last page (issue 21), for every list that pages with it; an empty list stays on page 1.
 */
export function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const { from, to } = showingRange(page, pageSize, total);
  const pages = pageCount(total, pageSize);
  const past = total > 0 && page > pages;
  useEffect(() => {
    if (past) onPage(pages);
    // onPage is a new function on every render of the page; the move depends only on where the page is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [past, pages]);
  return (
    <Group justify="space-between" mt="md" wrap="wrap">
      <Text fz="sm" c="dimmed" data-testid="pager-summary">
        {t('Showing {from} to {to} of {total} results', { from, to, total })}
      </Text>
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('Previous')}
        </Button>
        <Text fz="sm" c="dimmed">
          {t('Page {page} of {pages}', { page: Math.min(page, pages), pages })}
        </Text>
        <Button variant="default" size="xs" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('Next')}
        </Button>
      </Group>
    </Group>
  );
}
