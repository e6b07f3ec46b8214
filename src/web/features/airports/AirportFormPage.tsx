import type { ReactElement } from 'react';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import type { Airport } from '@domain/airports/schema';
import { msg } from '@domain/common/i18n';
import { t } from '@web/lib/i18n';
import { RecordFormPage } from '@web/ui/RecordFormPage';
import { AirportForm } from './AirportForm';
import { lastListSearch } from './list-state';
import { airportQuery, useSaveAirport } from './api';

const page = {
  renderBackLink: (props: React.ComponentProps<'a'>) => <Link {...props} to="/airports" search={lastListSearch()} />,
  backLabel: msg('Back to Airports'),
};

/** The page form of /airports/new and /airports/edit/{id}: save or cancel returns to /airports. */
function AirportPageForm({ airport }: { airport?: Airport }) {
  const navigate = useNavigate();
  const save = useSaveAirport();
  const back = () => void navigate({ to: '/airports', search: lastListSearch() });
  return (
    <AirportForm
      airport={airport}
      submitLabel={airport ? t('Save Changes') : t('Add Airport')}
      busyLabel={airport ? t('Saving...') : t('Adding...')}
      busy={save.isPending}
      error={save.error}
      onCancel={back}
      onSubmit={(values) =>
        save.mutate(
          { id: airport?.id, values },
          {
            onSuccess: (saved) => {
              notifications.show({ color: 'green', title: airport ? t('Airport saved') : t('Airport added'), message: `${saved.name} (${saved.iata_code})` });
              back();
            },
          },
        )
      }
    />
  );
}

export function AirportNewPage(): ReactElement {
  return (
    <RecordFormPage {...page} backLabel={t(page.backLabel)} title={t('Add New Airport')} subtitle={t('Airports are offered on air shipments by IATA code, name and city')}>
      <AirportPageForm />
    </RecordFormPage>
  );
}

export function AirportEditPage(): ReactElement {
  const { id } = useParams({ from: '/app/airports/edit/$id' });
  const airport = useQuery(airportQuery(id));
  return (
    <RecordFormPage {...page} backLabel={t(page.backLabel)} title={t('Edit Airport')} subtitle={airport.data ? `${airport.data.name} (${airport.data.iata_code})` : undefined} load={airport}>
      {airport.data && <AirportPageForm key={airport.data.id} airport={airport.data} />}
    </RecordFormPage>
  );
}
