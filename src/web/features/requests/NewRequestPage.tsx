import type { ReactElement } from 'react';
import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { RequestFormValues } from '../../../domain/requests';
import { PageHeader } from '../../ui/PageHeader';
import { createRequest } from './api';
import { RequestForm } from './form/RequestForm';

/** /requests/new (customers): ask for a price; once sent, the request's page opens with its number in a notification. */
export function NewRequestPage(): ReactElement {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const save = async (body: RequestFormValues) => {
    const created = await createRequest(body);
    notifications.show({ color: 'teal', title: 'Request sent', message: `Your request ${created.number} was sent. We will quote it soon.` });
    await queryClient.invalidateQueries({ queryKey: ['requests'] });
    await navigate({ to: '/requests/$id', params: { id: created.id } });
  };
  return (
    <Stack gap={0}>
      <PageHeader title="New Request" subtitle="Tell us what to move: we answer with a quote you can accept online." />
      <RequestForm
        onSave={save}
        cancel={
          <Button component={Link} to="/requests" variant="default">
            Cancel
          </Button>
        }
      />
    </Stack>
  );
}
