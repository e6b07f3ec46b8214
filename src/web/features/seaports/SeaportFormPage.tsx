import type { ReactElement } from 'react';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import type { Seaport } from '@domain/seaports/schema';
import { msg } from '@domain/common/i18n';
import { t } from '@web/lib/i18n';
import { RecordFormPage } from '@web/ui/RecordFormPage';
import { SeaportForm } from './SeaportForm';
import { lastListSearch } from './list-state';
import { seaportQuery, useSaveSeaport } from './api';

const page = {
  renderBackLink: (props: React.ComponentProps<'a'>) => <Link {...props} to="/seaports" search={lastListSearch()} />,
  backLabel: msg('Back to Sea Ports'),
};

/** The page form of /seaports/new and /seaports/edit/{id}: save or cancel returns to /seaports. */
function SeaportPageForm({ seaport }: { seaport?: Seaport }) {
  const navigate = useNavigate();
  const save = useSaveSeaport();
  const back = () => void navigate({ to: '/seaports', search: lastListSearch() });
  return (
    <SeaportForm
      seaport={seaport}
      submitLabel={seaport ? t('Save Changes') : t('Add Port')}
      busyLabel={seaport ? t('Saving...') : t('Adding...')}
      busy={save.isPending}
      error={save.error}
      onCancel={back}
      onSubmit={(values) =>
        save.mutate(
          { id: seaport?.id, values },
          {
            onSuccess: (saved) => {
              notifications.show({ color: 'green', title: seaport ? t('Port saved') : t('Port added'), message: saved.un_code ? `${saved.name} (${saved.un_code})` : saved.name });
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
    <RecordFormPage {...page} backLabel={t(page.backLabel)} title={t('Add New Port')} subtitle={t('Sea ports are offered on sea shipments by Port Name, Country and UN Code')}>
      <SeaportPageForm />
    </RecordFormPage>
  );
}

export function SeaportEditPage(): ReactElement {
  const { id } = useParams({ from: '/app/seaports/edit/$id' });
  const seaport = useQuery(seaportQuery(id));
  const label = seaport.data ? (seaport.data.un_code ? `${seaport.data.name} (${seaport.data.un_code})` : seaport.data.name) : undefined;
  return (
    <RecordFormPage {...page} backLabel={t(page.backLabel)} title={t('Edit Port')} subtitle={label} load={seaport}>
      {seaport.data && <SeaportPageForm key={seaport.data.id} seaport={seaport.data} />}
    </RecordFormPage>
  );
}
