import { Button } from '@mantine/core';
import { IconPlus, IconStack2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { PARTNER_TEXTS, type ConsolidationAgent } from '@domain/partners/schema';
import { t } from '@web/lib/i18n';
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
    title: t(PARTNER_TEXTS.agentDeleteTitle),
    message: (a) => t('Are you sure you want to delete {name}? This action cannot be undone.', { name: a.name }),
    deleted: (a) => ({ title: t('Consolidation agent deleted'), message: t('{name} was deleted.', { name: a.name }) }),
  });

  return (
    <ListPage
      title={t(PARTNER_TEXTS.agentsTitle)}
      subtitle={t(PARTNER_TEXTS.agentsSubtitle)}
      actions={
        <Button component={Link} to="/consolidation-agents/new" leftSection={<IconPlus size={18} />}>
          {t('Add Agent')}
        </Button>
      }
      filters={
        <SearchInput
          value={q}
          label={t('Search consolidation agents')}
          placeholder={t('Search by name or country...')}
          onChange={(value) => void navigate({ search: { q: value || undefined, page: undefined }, replace: true })}
        />
      }
      list={list}
      errorPrefix={t(PARTNER_TEXTS.agentsError)}
      table={(rows) => (
        <PartnerTable
          label={t('Consolidation agents')}
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
        title: t(PARTNER_TEXTS.agentsEmpty),
        text: q ? t('Nothing matches "{query}". Try a name or a country.', { query: q }) : t('Add the agents that consolidate partial air shipments.'),
      }}
    >
      {remove.dialog}
    </ListPage>
  );
}
