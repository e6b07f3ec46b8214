import type { ReactElement } from 'react';
import { Anchor, Center, Group, Loader, Paper, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import type { Seaport } from '@domain/seaports/schema';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { SeaportForm } from './SeaportForm';
import { lastListSearch } from './list-state';
import { seaportQuery, useSaveSeaport } from './api';

function BackLink() {
  return (
    <Anchor fz="sm" renderRoot={(props) => <Link {...props} to="/seaports" search={lastListSearch()} />}>
      <Group gap={4}>
        <IconArrowLeft size={16} />
        Back to Sea Ports
      </Group>
    </Anchor>
  );
}

/** The page form of /seaports/new and /seaports/edit/{id}: save or cancel returns to /seaports. */
function SeaportFormCard({ seaport }: { seaport?: Seaport }) {
  const navigate = useNavigate();
  const save = useSaveSeaport();
  const back = () => void navigate({ to: '/seaports', search: lastListSearch() });
  return (
    <Paper withBorder radius="md" p="lg" maw={720}>
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
    </Paper>
  );
}

export function SeaportNewPage(): ReactElement {
  return (
    <Stack gap="md">
      <BackLink />
      <PageHeader title="Add New Port" subtitle="Sea ports are offered on sea shipments by Port Name, Country and UN Code" />
      <SeaportFormCard />
    </Stack>
  );
}

export function SeaportEditPage(): ReactElement {
  const { id } = useParams({ from: '/app/seaports/edit/$id' });
  const seaport = useQuery(seaportQuery(id));
  return (
    <Stack gap="md">
      <BackLink />
      <PageHeader
        title="Edit Port"
        subtitle={seaport.data ? (seaport.data.un_code ? `${seaport.data.name} (${seaport.data.un_code})` : seaport.data.name) : undefined}
      />
      <ErrorBanner error={seaport.error} />
      {seaport.isPending && (
        <Center py={48}>
          <Loader size="sm" />
        </Center>
      )}
      {seaport.data && <SeaportFormCard key={seaport.data.id} seaport={seaport.data} />}
    </Stack>
  );
}
