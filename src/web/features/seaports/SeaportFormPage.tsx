import type { ReactElement } from 'react';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import type { Seaport } from '@domain/seaports/schema';
import { RecordFormPage } from '@web/ui/RecordFormPage';
import { SeaportForm } from './SeaportForm';
import { lastListSearch } from './list-state';
import { seaportQuery, useSaveSeaport } from './api';

const page = {
  renderBackLink: (props: React.ComponentProps<'a'>) => <Link {...props} to="/seaports" search={lastListSearch()} />,
  backLabel: 'Back to Sea Ports',
};

/** The page form of /seaports/new and /seaports/edit/{id}: save or cancel returns to /seaports. */
function SeaportPageForm({ seaport }: { seaport?: Seaport }) {
  const navigate = useNavigate();
  const save = useSaveSeaport();
  const back = () => void navigate({ to: '/seaports', search: lastListSearch() });
  return (
    <SeaportForm
      seaport={seaport}
      submitLabel={seaport ? 'Save Changes' : 'Add Port'}
      busyLabel={seaport ? 'Saving...' : 'Adding...'}
      busy={save.isPending}
      error={save.error}
      onCancel={back}
      onSubmit={(values) =>
        save.mutate(
          { id: seaport?.id, values },
          {
            onSuccess: (saved) => {
              notifications.show({ color: 'green', title: seaport ? 'Port saved' : 'Port added', message: saved.un_code ? `${saved.name} (${saved.un_code})` : saved.name });
              back();
            },
          },
        )
      }
    />
  );
}

export function SeaportNewPage(): ReactElement {
  return (
    <RecordFormPage {...page} title="Add New Port" subtitle="Sea ports are offered on sea shipments by Port Name, Country and UN Code">
      <SeaportPageForm />
    </RecordFormPage>
  );
}

export function SeaportEditPage(): ReactElement {
  const { id } = useParams({ from: '/app/seaports/edit/$id' });
  const seaport = useQuery(seaportQuery(id));
  const label = seaport.data ? (seaport.data.un_code ? `${seaport.data.name} (${seaport.data.un_code})` : seaport.data.name) : undefined;
  return (
    <RecordFormPage {...page} title="Edit Port" subtitle={label} load={seaport}>
      {seaport.data && <SeaportPageForm key={seaport.data.id} seaport={seaport.data} />}
    </RecordFormPage>
  );
}
