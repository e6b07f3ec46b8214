import { useEffect, useState, type ReactElement } from 'react';
import { Button, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlaneDeparture, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { AIRPORT_MESSAGES, type Airport } from '@domain/airports/schema';
import { t } from '@web/lib/i18n';
import { ListPage } from '@web/ui/ListPage';
import { SearchInput } from '@web/ui/SearchInput';
import { useConfirmDelete } from '@web/ui/useConfirmDelete';
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
  const remove = useConfirmDelete<Airport>(useDeleteAirport(), {
    title: t('Delete Airport'),
    message: (a) => t('Are you sure you want to delete {name} ({code})? This action cannot be undone.', { name: a.name, code: a.iata_code }),
    deleted: (a) => ({ title: t('Airport deleted'), message: t('{name} ({code}) was deleted.', { name: a.name, code: a.iata_code }) }),
  });
  // The form's target outlives its closing animation, so its title does not blank out while it fades.
  const [editing, setEditing] = useState<Editing>({ mode: 'add' });
  const [formOpened, setFormOpened] = useState(false);

  const openForm = (next: Editing) => {
    save.reset();
    setEditing(next);
    setFormOpened(true);
  };
  const adding = editing.mode === 'add';
  const formKey = adding ? 'add' : editing.airport.id;

  return (
    <ListPage
      title={t('Airports')}
      subtitle={t('Manage the airports used on air shipments')}
      actions={
        <Button leftSection={<IconPlus size={18} />} onClick={() => openForm({ mode: 'add' })}>
          {t('Add Airport')}
        </Button>
      }
      filters={
        <SearchInput
          value={q}
          label={t('Search airports')}
          placeholder={t('Search by IATA code, name or city...')}
          onChange={(value) => void navigate({ search: { q: value || undefined, page: undefined }, replace: true })}
        />
      }
      list={list}
      errorPrefix={`${t(AIRPORT_MESSAGES.loadError)} `}
      table={(rows) => <AirportsTable rows={rows} onEdit={(airport) => openForm({ mode: 'edit', airport })} onDelete={remove.ask} />}
      page={page}
      onPage={(p) => void navigate({ search: (s) => ({ ...s, page: p > 1 ? p : undefined }) })}
      onLastPage={(last) => void navigate({ search: (s) => ({ ...s, page: last }), replace: true })}
      empty={{
        icon: <IconPlaneDeparture size={28} />,
        title: t(AIRPORT_MESSAGES.empty),
        text: q ? t('Nothing matches "{query}". Try an IATA code, an airport name or a city.', { query: q }) : t('Add the first airport to use it on air shipments.'),
      }}
    >
      <Modal
        opened={formOpened}
        onClose={() => setFormOpened(false)}
        title={<Text fw={700}>{adding ? t('Add New Airport') : t('Edit Airport')}</Text>}
        centered
        size="lg"
      >
        <AirportForm
          key={formKey}
          airport={adding ? undefined : editing.airport}
          submitLabel={adding ? t('Add Airport') : t('Save Changes')}
          busyLabel={adding ? t('Adding...') : t('Saving...')}
          busy={save.isPending}
          error={save.error}
          onCancel={() => setFormOpened(false)}
          onSubmit={(values) =>
            save.mutate(
              { id: adding ? undefined : editing.airport.id, values },
              {
                onSuccess: (saved) => {
                  notifications.show({ color: 'green', title: adding ? t('Airport added') : t('Airport saved'), message: `${saved.name} (${saved.iata_code})` });
                  setFormOpened(false);
                },
              },
            )
          }
        />
      </Modal>

      {remove.dialog}
    </ListPage>
  );
}
