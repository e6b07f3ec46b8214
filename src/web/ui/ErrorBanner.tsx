import { Alert, List } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ApiError } from '@web/lib/api';
import { t } from '@web/lib/i18n';

/** The red banner forms and lists show a backend message in (spec section 8); `list` adds each problem, one a line. */
export function ErrorBanner({ error, prefix = '', list }: { error: unknown; prefix?: string; list?: string[] }) {
  if (!error) return null;
  const message = error instanceof ApiError || error instanceof Error ? t(error.message) : typeof error === 'string' ? t(error) : t('Something went wrong.');
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" mb="md">
      {prefix}
      {message}
      {list && list.length > 0 && (
        <List size="sm" mt={4} data-testid="error-list">
          {list.map((item, i) => (
            <List.Item key={i}>{item}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
