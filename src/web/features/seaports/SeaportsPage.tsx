import { useEffect, useState, type ReactElement } from 'react';
import { ActionIcon, Badge, Button, Center, Group, Loader, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAnchor, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { DEFAULT_PAGE_SIZE, pageCount } from '@domain/common/list-schema';
import { SEAPORT_MESSAGES, type Seaport } from '@domain/seaports/schema';
import { ConfirmDialog } from '@web/ui/ConfirmDialog';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { Pager } from '@web/ui/Pager';
import { SearchInput } from '@web/ui/SearchInput';
import { rememberListSearch } from './list-state';
import { seaportListQuery, useDeleteSeaport } from './api';

function SeaportsTable({ rows, onDelete }: { rows: Seaport[]; onDelete: (p: Seaport) => void }) {
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Sea ports">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Port Name</Table.Th>
            <Table.Th>Country</Table.Th>
            <Table.Th w={130}>UN Code</Table.Th>
            <Table.Th w={110} ta="center">
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td fw={500}>{p.name}</Table.Td>
              <Table.Td>{p.country}</Table.Td>
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
                  <Tooltip label="Edit" withArrow>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Edit ${p.name}`}
                      renderRoot={(props) => <Link {...props} to="/seaports/edit/$id" params={{ id: p.id }} />}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete" withArrow>
                    <ActionIcon variant="subtle" color="red" aria-label={`Delete ${p.name}`} onClick={() => onDelete(p)}>
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
  const remove = useDeleteSeaport();
  const [target, setTarget] = useState<Seaport | null>(null);
  const [opened, setOpened] = useState(false);
  const total = list.data?.total ?? 0;

  useEffect(() => {
    if (list.data && total > 0 && page > pageCount(total, DEFAULT_PAGE_SIZE)) {
      void navigate({ search: (s) => ({ ...s, page: pageCount(total, DEFAULT_PAGE_SIZE) }), replace: true });
    }
  }, [list.data, total, page, navigate]);

  const askDelete = (port: Seaport) => {
    remove.reset();
    setTarget(port);
    setOpened(true);
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Sea Ports"
        subtitle="Manage the sea ports used on sea shipments"
        actions={
          <Button component={Link} to="/seaports/new" leftSection={<IconPlus size={18} />}>
            Add Port
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md">
        <SearchInput
          value={q}
          label="Search ports"
          placeholder="Search by port name, country or UN code..."
          onChange={(value) => void navigate({ search: { q: value || undefined, page: undefined }, replace: true })}
        />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <ErrorBanner error={list.error} prefix={`${SEAPORT_MESSAGES.loadError} `} />
        {list.isPending ? (
          <Center py={48}>
            <Loader size="sm" />
          </Center>
        ) : list.data && list.data.rows.length > 0 ? (
          <>
            <SeaportsTable rows={list.data.rows} onDelete={askDelete} />
            <Pager page={page} pageSize={DEFAULT_PAGE_SIZE} total={total} onPage={(p) => void navigate({ search: (s) => ({ ...s, page: p > 1 ? p : undefined }) })} />
          </>
        ) : (
          list.data && (
            <EmptyState
              icon={<IconAnchor size={28} />}
              title={SEAPORT_MESSAGES.empty}
              text={q ? `Nothing matches "${q}". Try a port name, a country or a UN code.` : 'Add the first port to use it on sea shipments.'}
            />
          )
        )}
      </Paper>
      <ConfirmDialog
        opened={opened}
        title="Delete Port"
        message={target ? SEAPORT_MESSAGES.deleteConfirm(target.name, target.un_code) : ''}
        busy={remove.isPending}
        error={remove.error?.message}
        onClose={() => setOpened(false)}
        onConfirm={() =>
          target &&
          remove.mutate(target.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', title: 'Port deleted', message: `${target.name} was deleted.` });
              setOpened(false);
            },
          })
        }
      />
    </Stack>
  );
}
