import type { ReactElement } from 'react';
import { Anchor, Center, Group, Loader, Paper, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import type { Airport } from '@domain/airports/schema';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { AirportForm } from './AirportForm';
import { lastListSearch } from './list-state';
import { airportQuery, useSaveAirport } from './api';

function BackLink() {
  return (
    <Anchor fz="sm" renderRoot={(props) => <Link {...props} to="/airports" search={lastListSearch()} />}>
      <Group gap={4}>
        <IconArrowLeft size={16} />
        Back to Airports
      </Group>
    </Anchor>
  );
}

/** The page form of /airports/new and /airports/edit/{id}: save or cancel returns to /airports. */
function AirportFormCard({ airport }: { airport?: Airport }) {
  const navigate = useNavigate();
  const save = useSaveAirport();
  const back = () => void navigate({ to: '/airports', search: lastListSearch() });
  return (
    <Paper withBorder radius="md" p="lg" maw={720}>
      <AirportForm
        airport={airport}
        submitLabel={airport ? 'Save Changes' : 'Add Airport'}
        busyLabel={airport ? 'Saving...' : 'Adding...'}
        busy={save.isPending}
        error={save.error}
        onCancel={back}
        onSubmit={(values) =>
          save.mutate(
            { id: airport?.id, values },
            {
              onSuccess: (saved) => {
                notifications.show({ color: 'green', title: airport ? 'Airport saved' : 'Airport added', message: `${saved.name} (${saved.iata_code})` });
                back();
              },
            },
          )
        }
      />
    </Paper>
  );
}

export function AirportNewPage(): ReactElement {
  return (
    <Stack gap="md">
      <BackLink />
      <PageHeader title="Add New Airport" subtitle="Airports are offered on air shipments by IATA code, name and city" />
      <AirportFormCard />
    </Stack>
  );
}

export function AirportEditPage(): ReactElement {
  const { id } = useParams({ from: '/app/airports/edit/$id' });
  const airport = useQuery(airportQuery(id));
  return (
    <Stack gap="md">
      <BackLink />
      <PageHeader title="Edit Airport" subtitle={airport.data ? `${airport.data.name} (${airport.data.iata_code})` : undefined} />
      <ErrorBanner error={airport.error} />
      {airport.isPending && (
        <Center py={48}>
          <Loader size="sm" />
        </Center>
      )}
      {airport.data && <AirportFormCard key={airport.data.id} airport={airport.data} />}
    </Stack>
  );
}
