import { useEffect, useState, type ReactElement } from 'react';
import { Button, Center, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlaneDeparture, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { AIRPORT_MESSAGES, type Airport } from '@domain/airports/schema';
import { DEFAULT_PAGE_SIZE, pageCount } from '@domain/common/list-schema';
import { ConfirmDialog } from '@web/ui/ConfirmDialog';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { Pager } from '@web/ui/Pager';
import { SearchInput } from '@web/ui/SearchInput';
import { AirportForm } from './AirportForm';
import { AirportsTable } from './AirportsTable';
import { rememberListSearch } from './list-state';
import { airportListQuery, useDeleteAirport, useSaveAirport } from './api';

type Editing = { mode: 'add' } | { mode: 'edit'; airport: Airport };

/** /airports: searchable, paged table; add and edit in a modal, delete with a confirmation (admin only). */
export function AirportsPage(): ReactElement {
  const { q = '', page = 1 } = useSearch({ from: '/app/airports' });
  const navigate = useNavigate({ from: '/airports' });
  useEffect(() => rememberListSearch({ q, page }), [q, page]);
  const list = useQuery(airportListQuery(q, page));
  const save = useSaveAirport();
  const remove = useDeleteAirport();
  // Targets outlive their dialogs' closing animation, so titles and texts do not blank out while they fade.
  const [editing, setEditing] = useState<Editing>({ mode: 'add' });
  const [formOpened, setFormOpened] = useState(false);
  const [target, setTarget] = useState<Airport | null>(null);
  const [deleteOpened, setDeleteOpened] = useState(false);

  const total = list.data?.total ?? 0;
  // A page past the end (e.g. after deleting the last row of the last page) moves to the last page.
  useEffect(() => {
    if (list.data && total > 0 && page > pageCount(total, DEFAULT_PAGE_SIZE)) {
      void navigate({ search: (s) => ({ ...s, page: pageCount(total, DEFAULT_PAGE_SIZE) }), replace: true });
    }
  }, [list.data, total, page, navigate]);

  const openForm = (next: Editing) => {
    save.reset();
    setEditing(next);
    setFormOpened(true);
  };
  const askDelete = (airport: Airport) => {
    remove.reset();
    setTarget(airport);
    setDeleteOpened(true);
  };
  const adding = editing.mode === 'add';

  return (
    <Stack gap="lg">
      <PageHeader
        title="Airports"
        subtitle="Manage the airports used on air shipments"
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => openForm({ mode: 'add' })}>
            Add Airport
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md">
        <SearchInput
          value={q}
          label="Search airports"
          placeholder="Search by IATA code, name or city..."
          onChange={(value) => void navigate({ search: { q: value || undefined, page: undefined }, replace: true })}
        />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <ErrorBanner error={list.error} prefix={`${AIRPORT_MESSAGES.loadError} `} />
        {list.isPending ? (
          <Center py={48}>
            <Loader size="sm" />
          </Center>
        ) : list.data && list.data.rows.length > 0 ? (
          <>
            <AirportsTable rows={list.data.rows} onEdit={(airport) => openForm({ mode: 'edit', airport })} onDelete={askDelete} />
            <Pager page={page} pageSize={DEFAULT_PAGE_SIZE} total={total} onPage={(p) => void navigate({ search: (s) => ({ ...s, page: p > 1 ? p : undefined }) })} />
          </>
        ) : (
          list.data && (
            <EmptyState
              icon={<IconPlaneDeparture size={28} />}
              title={AIRPORT_MESSAGES.empty}
              text={q ? `Nothing matches "${q}". Try an IATA code, an airport name or a city.` : 'Add the first airport to use it on air shipments.'}
            />
          )
        )}
      </Paper>

      <Modal
        opened={formOpened}
        onClose={() => setFormOpened(false)}
        title={<Text fw={700}>{adding ? 'Add New Airport' : 'Edit Airport'}</Text>}
        centered
        size="lg"
      >
        <AirportForm
          key={adding ? 'add' : editing.airport.id}
          airport={adding ? undefined : editing.airport}
          submitLabel={adding ? 'Add Airport' : 'Save Changes'}
          busyLabel={adding ? 'Adding...' : 'Saving...'}
          busy={save.isPending}
          error={save.error}
          onCancel={() => setFormOpened(false)}
          onSubmit={(values) =>
            save.mutate(
              { id: adding ? undefined : editing.airport.id, values },
              {
                onSuccess: (saved) => {
                  notifications.show({ color: 'green', title: adding ? 'Airport added' : 'Airport saved', message: `${saved.name} (${saved.iata_code})` });
                  setFormOpened(false);
                },
              },
            )
          }
        />
      </Modal>

      <ConfirmDialog
        opened={deleteOpened}
        title="Delete Airport"
        message={target ? AIRPORT_MESSAGES.deleteConfirm(target.name, target.iata_code) : ''}
        busy={remove.isPending}
        error={remove.error?.message}
        onClose={() => setDeleteOpened(false)}
        onConfirm={() =>
          target &&
          remove.mutate(target.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', title: 'Airport deleted', message: `${target.name} (${target.iata_code}) was deleted.` });
              setDeleteOpened(false);
            },
          })
        }
      />
    </Stack>
  );
}
