import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Code, CopyButton, Group, List, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconCopy } from '@tabler/icons-react';
import {
  groupSecret, isTotpCode, normalizeTotpCode, secretOfOtpauthUri, TOTP_DIGITS, TWO_FACTOR_MESSAGES, twoFactorErrorMessage,
} from '@domain/auth/two-factor';
import { msg } from '@domain/common/i18n';
import { ApiError } from '@web/lib/api';
import { t } from '@web/lib/i18n';
import { richText, slots } from '@web/lib/rich-text';
import { confirmTwoFactor, startTwoFactor } from './api';
import { RecoveryCodes } from './RecoveryCodes';
import { QrCode } from '@web/ui/QrCode';

type Step = { name: 'password' } | { name: 'scan'; uri: string; codes: string[] } | { name: 'codes'; codes: string[] };

const message = (e: unknown) => (e instanceof ApiError && e.status !== 500 ? twoFactorErrorMessage(e) : msg('Something went wrong. Please try again.'));

/**
 * Turning two-factor on: the password, then the key for the authenticator app (a QR code to scan, the key as text and
 * the otpauth link), a first code to confirm, then the recovery codes, shown once.
 */
export function EnrolTwoFactor({ email, onEnabled, onDone, onCancel }: { email: string; onEnabled: () => Promise<unknown>; onDone: () => void; onCancel: () => void }) {
  const [step, setStep] = useState<Step>({ name: 'password' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  };

  const onPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(TWO_FACTOR_MESSAGES.enterPassword);
    void run(async () => {
      const { totpURI, backupCodes } = await startTwoFactor(password);
      setPassword('');
      setStep({ name: 'scan', uri: totpURI, codes: backupCodes });
    });
  };

  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    if (step.name !== 'scan') return;
    if (!isTotpCode(code)) return setError(TWO_FACTOR_MESSAGES.enterCode);
    void run(async () => {
      await confirmTwoFactor(normalizeTotpCode(code));
      setStep({ name: 'codes', codes: step.codes });
      await onEnabled();
    });
  };

  const errorBanner = error && (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {t(error)}
    </Alert>
  );

  if (step.name === 'codes') return <RecoveryCodes email={email} codes={step.codes} onDone={onDone} />;

  if (step.name === 'password') {
    return (
      <form onSubmit={onPassword} noValidate>
        <Stack gap="sm" maw={420}>
          {errorBanner}
          <Text fz="sm">{t('Enter your password to start.')}</Text>
          <PasswordInput label={t('Current password')} autoComplete="current-password" autoFocus value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <Group gap="sm">
            <Button type="submit" disabled={busy}>
              {busy ? t('Checking...') : t('Continue')}
            </Button>
            <Button variant="default" onClick={onCancel}>
              {t('Cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  const secret = secretOfOtpauthUri(step.uri) ?? '';
  return (
    <form onSubmit={onConfirm} noValidate>
      <Stack gap="md" maw={560}>
        {errorBanner}
        <List type="ordered" spacing="md">
          <List.Item>
            <Text fz="sm">
              {t('Open your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy...) and scan this QR code:')}
            </Text>
            <QrCode value={step.uri} label={t('QR code for your authenticator app')} />
            <Text fz="sm">{t('Or add an account by hand with this setup key (time-based):')}</Text>
            <Group gap="xs" mt={6}>
              <Code fz="lg" data-testid="totp-secret" style={{ letterSpacing: '0.05em' }}>
                {groupSecret(secret)}
              </Code>
              <CopyButton value={secret}>
                {({ copied, copy }) => (
                  <Button size="compact-sm" variant="subtle" leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />} onClick={copy}>
                    {copied ? t('Copied') : t('Copy key')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text fz="xs" c="dimmed" mt={6}>
              {richText(t('On the phone with your app you can <link>open the setup link</link> instead. Setup link (account {email}, issuer Cargodesk):', slots('email')), {
                link: (words) => (
                  <Anchor href={step.uri} fz="xs">
                    {words}
                  </Anchor>
                ),
                email,
              })}
            </Text>
            <Code block fz="xs" mt={4} data-testid="totp-uri" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {step.uri}
            </Code>
          </List.Item>
          <List.Item>
            <Text fz="sm">{t('Enter the 6-digit code the app shows for Cargodesk:')}</Text>
            <Group gap="sm" mt={6} align="flex-end">
              <TextInput
                label={t('Authentication code')}
                placeholder="123456"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={TOTP_DIGITS + 2}
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                w={180}
              />
              <Button type="submit" disabled={busy}>
                {busy ? t('Verifying...') : t('Confirm and turn on')}
              </Button>
              <Button variant="default" onClick={onCancel}>
                {t('Cancel')}
              </Button>
            </Group>
          </List.Item>
        </List>
      </Stack>
    </form>
  );
}
