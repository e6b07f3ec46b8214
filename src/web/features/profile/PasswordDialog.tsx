import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { TWO_FACTOR_MESSAGES, twoFactorErrorMessage } from '@domain/auth/two-factor';
import { msg } from '@domain/common/i18n';
import { ApiError } from '@web/lib/api';
import { t } from '@web/lib/i18n';

/** Asks the password before a two-factor change (turning it off, new recovery codes). */
export function PasswordDialog({
  opened, title, text, action, color, onClose, onConfirm,
}: {
  opened: boolean;
  title: string;
  text: string;
  action: string;
  color?: string;
  onClose: () => void;
  onConfirm: (password: string) => Promise<void>;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(TWO_FACTOR_MESSAGES.enterPassword);
    setBusy(true);
    setError(null);
    try {
      await onConfirm(password);
      setPassword('');
    } catch (e) {
      setError(e instanceof ApiError && e.status !== 500 ? twoFactorErrorMessage(e) : msg('Something went wrong. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {t(error)}
            </Alert>
          )}
          <Text fz="sm">{text}</Text>
          <PasswordInput label={t('Current password')} autoComplete="current-password" data-autofocus value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('Cancel')}
            </Button>
            <Button type="submit" color={color} disabled={busy}>
              {busy ? t('Please wait...') : action}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
