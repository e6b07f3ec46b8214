import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  isTotpCode, normalizeRecoveryCode, normalizeTotpCode, TOTP_DIGITS, TWO_FACTOR_MESSAGES, twoFactorErrorMessage,
} from '@domain/auth/two-factor';
import { isClientError, MESSAGES } from '@domain/auth/rules';
import { api, ApiError } from '@web/lib/api';
import { t } from '@web/lib/i18n';
import { richText, slots } from '@web/lib/rich-text';
import { useAuth } from './auth-context';
import { AuthLayout } from './AuthLayout';

type Mode = 'totp' | 'recovery';

/** The shape of a recovery code, as the input's hint (a pattern, not words). */
const RECOVERY_CODE_PATTERN = 'xxxxx-xxxxx';

/** Codes that end the challenge: the user has to start again with the password. */
const RESTART = new Set(['INVALID_TWO_FACTOR_COOKIE', 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE']);

/**
 * The second step of a sign-in with two-factor on (decision 0011): a 6-digit code from the authenticator app, or
 * one of the recovery codes. No "trust this device": the code is asked at every sign-in.
 * Loaded on demand by SignInPage.
 */
export function TwoFactorStep({ email, onSignedIn, onBack }: { email: string; onSignedIn: () => Promise<unknown>; onBack: () => void }) {
  const { refresh } = useAuth();
  const [mode, setMode] = useState<Mode>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [busy, setBusy] = useState(false);

  const switchMode = (next: Mode) => {
    setMode(next);
    setCode('');
    setError(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const value = mode === 'totp' ? normalizeTotpCode(code) : normalizeRecoveryCode(code);
    if (mode === 'totp' && !isTotpCode(value)) return setError(TWO_FACTOR_MESSAGES.enterCode);
    if (mode === 'recovery' && !value) return setError(TWO_FACTOR_MESSAGES.enterRecoveryCode);
    setBusy(true);
    setError(null);
    try {
      await api<unknown>(mode === 'totp' ? '/auth/two-factor/verify-totp' : '/auth/two-factor/verify-backup-code', { body: { code: value } });
      await refresh();
      await onSignedIn();
    } catch (e) {
      // The server's answers have their texts; no answer (the server not reached) or a server error is the sign-in form's generic one.
      if (e instanceof ApiError && isClientError(e.status)) {
        setError(twoFactorErrorMessage(e, mode));
        setExpired(RESTART.has(e.code));
      } else setError(MESSAGES.signInFailed);
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={t('Two-Factor Authentication')}
      subtitle={
        mode === 'totp'
          ? t('Enter the 6-digit code from your authenticator app.')
          : t('Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once.')
      }
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {t(error)}
            </Alert>
          )}
          <Text fz="sm" c="dimmed" ta="center">
            {richText(t('Signing in as {email}', slots('email')), { email: <b>{email}</b> })}
          </Text>
          {mode === 'totp' ? (
            <TextInput
              key="totp"
              label={t('Authentication code')}
              placeholder="123456"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={TOTP_DIGITS + 2}
              autoFocus
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              disabled={expired}
              styles={{ input: { letterSpacing: '0.3em', fontSize: 20, textAlign: 'center' } }}
            />
          ) : (
            <TextInput
              key="recovery"
              label={t('Recovery code')}
              placeholder={RECOVERY_CODE_PATTERN}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              autoFocus
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              disabled={expired}
              styles={{ input: { fontFamily: 'monospace', fontSize: 18, textAlign: 'center' } }}
            />
          )}
          <Button type="submit" fullWidth size="md" disabled={busy || expired}>
            {busy ? t('Verifying...') : t('Verify')}
          </Button>
          {!expired && (
            <Text ta="center" fz="sm">
              <Anchor component="button" type="button" onClick={() => switchMode(mode === 'totp' ? 'recovery' : 'totp')}>
                {mode === 'totp' ? t('Use a recovery code instead') : t('Use your authenticator app instead')}
              </Anchor>
            </Text>
          )}
          <Text ta="center" fz="sm">
            <Anchor component="button" type="button" onClick={onBack}>
              {t('Back to Sign In')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
