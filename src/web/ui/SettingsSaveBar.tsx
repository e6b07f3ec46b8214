import type { ReactElement } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { t } from '@web/lib/i18n';
import { ErrorBanner } from './ErrorBanner';

/**
 * The foot of a settings form: "Check the fields marked in red." once a save was tried with problems, the server's
 * refusal, "Saved." after a save, and the save button.
 */
export function SettingsSaveBar(props: { showProblems: boolean; error: unknown; pending: boolean; saved: boolean; onSave: () => void }): ReactElement {
  return (
    <>
      {props.showProblems && (
        <Alert color="red" variant="light">
          {t('Check the fields marked in red.')}
        </Alert>
      )}
      <ErrorBanner error={props.error} />
      <Group justify="flex-end" gap="sm">
        {props.saved && (
          <Text c="green" fz="sm" data-testid="settings-saved">
            {t('Saved.')}
          </Text>
        )}
        <Button onClick={props.onSave} disabled={props.pending}>
          {props.pending ? t('Saving...') : t('Save settings')}
        </Button>
      </Group>
    </>
  );
}
