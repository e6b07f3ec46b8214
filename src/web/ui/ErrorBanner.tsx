import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ApiError } from '../lib/api';

/** The red banner forms and lists show a backend message in (spec section 8). */
export function ErrorBanner({ error, prefix = '' }: { error: unknown; prefix?: string }) {
  if (!error) return null;
  const message = error instanceof ApiError || error instanceof Error ? error.message : typeof error === 'string' ? error : 'Something went wrong.';
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" mb="md">
      {prefix}
      {message}
    </Alert>
  );
}
