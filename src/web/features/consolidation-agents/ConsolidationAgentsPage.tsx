import { useEffect, useState } from 'react';
import { Button, Center, Loader, Paper, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconStack2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { DEFAULT_PAGE_SIZE, pageCount } from '@domain/common/list-schema';
import { PARTNER_TEXTS, deleteConfirmText, type ConsolidationAgent } from '@domain/partners/schema';
import { ConfirmDialog } from '@web/ui/ConfirmDialog';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { Pager } from '@web/ui/Pager';
import { SearchInput } from '@web/ui/SearchInput';
import { consolidationAgentListQuery, useDeleteConsolidationAgent } from './api';
import { EditAction, PartnerTable } from '@web/features/partners';

/** /consolidation-agents: searchable (name or country), paged list with edit links and a delete confirmation. */
export function ConsolidationAgentsPage(): React.JSX.Element {
  const { q = '', page = 1 } = useSearch({ from: '/app/consolidation-agents' });
  const navigate = useNavigate({ from: '/consolidation-agents' });
  const list = useQuery(consolidationAgentListQuery(q, page));
  const remove = useDeleteConsolidationAgent();
  // The target outlives the dialog's closing animation, so its text does not blank out while it fades.
  const [target, setTarget] = useState<ConsolidationAgent | null>(null);
  const [deleteOpened, setDeleteOpened] = useState(false);

  const total = list.data?.total ?? 0;
  useEffect(() => {
    if (list.data && total > 0 && page > pageCount(total, DEFAULT_PAGE_SIZE)) {
      void navigate({ search: (s) => ({ ...s, page: pageCount(total, DEFAULT_PAGE_SIZE) }), replace: true });
    }
  }, [list.data, total, page, navigate]);

  return (
    <Stack gap="lg">
      <PageHeader
        title={PARTNER_TEXTS.agentsTitle}
        subtitle={PARTNER_TEXTS.agentsSubtitle}
        actions={
          <Button component={Link} to="/consolidation-agents/new" leftSection={<IconPlus size={18} />}>
            Add Agent
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md">
        <SearchInput
          value={q}
          label="Search consolidation agents"
          placeholder="Search by name or country..."
          onChange={(value) => void navigate({ search: { q: value || undefined, page: undefined }, replace: true })}
        />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <ErrorBanner error={list.error} prefix={PARTNER_TEXTS.agentsError} />
        {list.isPending ? (
          <Center py={48}>
            <Loader size="sm" />
          </Center>
        ) : list.data && list.data.rows.length > 0 ? (
          <>
            <PartnerTable
              label="Consolidation agents"
              rows={list.data.rows}
              editLink={(row) => (
                <EditAction name={row.name} renderLink={(props) => <Link {...props} to="/consolidation-agents/edit/$id" params={{ id: row.id }} />} />
              )}
              onDelete={(row) => {
                remove.reset();
                setTarget(row);
                setDeleteOpened(true);
              }}
            />
            <Pager page={page} pageSize={DEFAULT_PAGE_SIZE} total={total} onPage={(p) => void navigate({ search: (s) => ({ ...s, page: p }) })} />
          </>
        ) : (
          list.data && (
            <EmptyState
              icon={<IconStack2 size={28} />}
              title={PARTNER_TEXTS.agentsEmpty}
              text={q ? `Nothing matches "${q}". Try a name or a country.` : 'Add the agents that consolidate partial air shipments.'}
            />
          )
        )}
      </Paper>

      <ConfirmDialog
        opened={deleteOpened}
        title={PARTNER_TEXTS.agentDeleteTitle}
        message={target ? deleteConfirmText(target.name) : ''}
        busy={remove.isPending}
        error={remove.error?.message}
        onClose={() => setDeleteOpened(false)}
        onConfirm={() =>
          target &&
          remove.mutate(target.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', title: 'Consolidation agent deleted', message: `${target.name} was deleted.` });
              setDeleteOpened(false);
            },
          })
        }
      />
    </Stack>
  );
}
