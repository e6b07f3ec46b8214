import { useEffect, type ReactElement } from 'react';
import { ActionIcon, Badge, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconAnchor, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { SEAPORT_MESSAGES, type Seaport } from '@domain/seaports/schema';
import { reader, t } from '@web/lib/i18n';
import { countryIn } from '@domain/locale/countries';
import { ListPage } from '@web/ui/ListPage';
import { SearchInput } from '@web/ui/SearchInput';
import { useConfirmDelete } from '@web/ui/useConfirmDelete';
import { rememberListSearch } from './list-state';
import { seaportListQuery, useDeleteSeaport } from './api';

function SeaportsTable({ rows, onDelete }: { rows: Seaport[]; onDelete: (p: Seaport) => void }) {
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('Sea ports')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Port Name')}</Table.Th>
            <Table.Th>{t('Country')}</Table.Th>
            <Table.Th w={130}>{t('UN Code')}</Table.Th>
            <Table.Th w={110} ta="center">
              {t('Actions')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td fw={500}>{p.name}</Table.Td>
              <Table.Td>{countryIn(p.country, reader().locale)}</Table.Td>
              <Table.Td>
                {p.un_code ? (
                  <Badge variant="light" color="teal" radius="sm" size="lg" ff="monospace">
                    {p.un_code}
                  </Badge>
                ) : (
                  <Text c="dimmed" span>
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="center" wrap="nowrap">
                  <Tooltip label={t('Edit')} withArrow>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('Edit {name}', { name: p.name })}
                      renderRoot={(props) => <Link {...props} to="/seaports/edit/$id" params={{ id: p.id }} />}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('Delete')} withArrow>
                    <ActionIcon variant="subtle" color="red" aria-label={t('Delete {name}', { name: p.name })} onClick={() => onDelete(p)}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /seaports: searchable list ordered by Port Name, 10 a page; add and edit on their own pages, delete with a confirmation. */
export function SeaportsPage(): ReactElement {
  const { q = '', page = 1 } = useSearch({ from: '/app/seaports' });
  const navigate = useNavigate({ from: '/seaports' });
  useEffect(() => rememberListSearch({ q, page }), [q, page]);
  const list = useQuery(seaportListQuery(q, page));
  const remove = useConfirmDelete<Seaport>(useDeleteSeaport(), {
    title: t('Delete Port'),
    message: (p) =>
      p.un_code
        ? t('Are you sure you want to delete {name} ({code})? This action cannot be undone.', { name: p.name, code: p.un_code })
        : t('Are you sure you want to delete {name}? This action cannot be undone.', { name: p.name }),
    deleted: (p) => ({ title: t('Port deleted'), message: t('{name} was deleted.', { name: p.name }) }),
  });

  return (
    <ListPage
      title={t('Sea Ports')}
      subtitle={t('Manage the sea ports used on sea shipments')}
      actions={
        <Button component={Link} to="/seaports/new" leftSection={<IconPlus size={18} />}>
          {t('Add Port')}
        </Button>
      }
      filters={
        <SearchInput
          value={q}
          label={t('Search ports')}
          placeholder={t('Search by port name, country or UN code...')}
          onChange={(value) => void navigate({ search: { q: value || undefined, page: undefined }, replace: true })}
        />
      }
      list={list}
      errorPrefix={`${t(SEAPORT_MESSAGES.loadError)} `}
      table={(rows) => <SeaportsTable rows={rows} onDelete={remove.ask} />}
      page={page}
      onPage={(p) => void navigate({ search: (s) => ({ ...s, page: p > 1 ? p : undefined }) })}
      onLastPage={(last) => void navigate({ search: (s) => ({ ...s, page: last }), replace: true })}
      empty={{
        icon: <IconAnchor size={28} />,
        title: t(SEAPORT_MESSAGES.empty),
        text: q ? t('Nothing matches "{query}". Try a port name, a country or a UN code.', { query: q }) : t('Add the first port to use it on sea shipments.'),
      }}
    >
      {remove.dialog}
    </ListPage>
  );
}
