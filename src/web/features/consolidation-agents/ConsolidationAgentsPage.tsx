import { Button } from '@mantine/core';
import { IconPlus, IconStack2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { PARTNER_TEXTS, deleteConfirmText, type ConsolidationAgent } from '@domain/partners/schema';
import { ListPage } from '@web/ui/ListPage';
import { SearchInput } from '@web/ui/SearchInput';
import { useConfirmDelete } from '@web/ui/useConfirmDelete';
import { consolidationAgentListQuery, useDeleteConsolidationAgent } from './api';
import { EditAction, PartnerTable } from '@web/features/partners';

/** /consolidation-agents: searchable (name or country), paged list with edit links and a delete confirmation. */
export function ConsolidationAgentsPage(): React.JSX.Element {
  const { q = '', page = 1 } = useSearch({ from: '/app/consolidation-agents' });
  const navigate = useNavigate({ from: '/consolidation-agents' });
  const list = useQuery(consolidationAgentListQuery(q, page));
  const remove = useConfirmDelete<ConsolidationAgent>(useDeleteConsolidationAgent(), {
    title: PARTNER_TEXTS.agentDeleteTitle,
    message: (a) => deleteConfirmText(a.name),
    deleted: (a) => ({ title: 'Consolidation agent deleted', message: `${a.name} was deleted.` }),
  });

  return (
    <ListPage
      title={PARTNER_TEXTS.agentsTitle}
      subtitle={PARTNER_TEXTS.agentsSubtitle}
      actions={
        <Button component={Link} to="/consolidation-agents/new" leftSection={<IconPlus size={18} />}>
          Add Agent
        </Button>
      }
      filters={
        <SearchInput
          value={q}
          label="Search consolidation agents"
          placeholder="Search by name or country..."
          onChange={(value) => void navigate({ search: { q: value || undefined, page: undefined }, replace: true })}
        />
      }
      list={list}
      errorPrefix={PARTNER_TEXTS.agentsError}
      table={(rows) => (
        <PartnerTable
          label="Consolidation agents"
          rows={rows}
          editLink={(row) => (
            <EditAction name={row.name} renderLink={(props) => <Link {...props} to="/consolidation-agents/edit/$id" params={{ id: row.id }} />} />
          )}
          onDelete={remove.ask}
        />
      )}
      page={page}
      onPage={(p) => void navigate({ search: (s) => ({ ...s, page: p }) })}
      onLastPage={(last) => void navigate({ search: (s) => ({ ...s, page: last }), replace: true })}
      empty={{
        icon: <IconStack2 size={28} />,
        title: PARTNER_TEXTS.agentsEmpty,
        text: q ? `Nothing matches "${q}". Try a name or a country.` : 'Add the agents that consolidate partial air shipments.',
      }}
    >
      {remove.dialog}
    </ListPage>
  );
}
