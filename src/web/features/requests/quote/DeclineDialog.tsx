import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REQUEST_MESSAGES, type RequestDetail } from '@domain/requests/schema';
import { ApiError } from '@web/lib/api';
import { t } from '@web/lib/i18n';
import { afterRequestChange, declineRequest } from '../api';

/** Staff decline an open request with a reason the customer reads (required). */
export function DeclineDialog({ request: r, opened, onClose }: { request: RequestDetail; opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const decline = useMutation({
    mutationFn: () => declineRequest(r.id, reason),
    onSuccess: async (view) => {
      notifications.show({ color: 'gray', title: t('Request declined'), message: t('{number} was declined; the customer is told why.', { number: r.number }) });
      onClose();
      await afterRequestChange(queryClient, r.id, view);
    },
  });
  const serverError = decline.error instanceof ApiError ? t(decline.error.fields?.reason ?? decline.error.message) : decline.error ? t('The request could not be declined. Please try again.') : null;
  const submit = () => {
    if (reason.trim() === '') return setMissing(true);
    decline.mutate();
  };
  return (
    <Modal opened={opened} onClose={() => !decline.isPending && onClose()} title={<Text fw={700}>{t('Decline {number}', { number: r.number })}</Text>} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Text fz="sm">{t('The customer sees the reason on the request and in the mail we send.')}</Text>
          <Textarea
            label={t('Reason')}
            withAsterisk
            autosize
            minRows={3}
            maxLength={2000}
            data-autofocus
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setMissing(false);
              decline.reset();
            }}
            error={missing ? t(REQUEST_MESSAGES.declineReason) : serverError}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={decline.isPending}>
              {t('Cancel')}
            </Button>
            <Button type="submit" color="red" loading={decline.isPending}>
              {t('Decline request')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
