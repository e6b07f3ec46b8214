import { lazy, Suspense, useState } from 'react';
import { Alert, Anchor, Button, Center, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle, IconMailForward } from '@tabler/icons-react';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { CONFIRM_MESSAGES, MESSAGES, MIN_PASSWORD_LENGTH, parseRecoveryLink, signInErrorMessage } from '@domain/auth/rules';
import { HOME_PAGE } from '@domain/access/redirects';
import { ApiError } from '@web/lib/api';
import { t } from '@web/lib/i18n';
import { richText, slots } from '@web/lib/rich-text';
import { loadRouteSearchForHref } from '@web/lib/lazy-search';
import { confirmAccount, requestPasswordReset, resetPassword } from './api';
import { useAuth } from './auth-context';
import { AuthLayout } from './AuthLayout';

type View = 'signin' | 'code' | 'forgot' | 'sent' | 'reset' | 'updated';

// The second step loads only for accounts with two-factor on (sign-in page budget, decision 0196).
const TwoFactorStep = lazy(() => import('./TwoFactorStep').then((m) => ({ default: m.TwoFactorStep })));

function initialView(): { view: View; token: string | null; error: string | null } {
  const recovery = parseRecoveryLink(window.location.search, window.location.hash);
  if (!recovery) return { view: 'signin', token: null, error: null };
  if ('error' in recovery) return { view: 'forgot', token: null, error: MESSAGES.invalidRecoveryToken };
  return { view: 'reset', token: recovery.token, error: null };
}

/**
 * /signin and its views. `redirect` is where to go after signing in (already checked by domain/navigation's
 * safeRedirect in the route): the page a route guard or an ended session sent the person away from, or a mail link's.
 */
export function SignInPage({ registered, verified, redirect, confirm: confirmFromLink }: { registered?: boolean; verified?: boolean; redirect?: string; confirm?: string }) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const router = useRouter();
  const [initial] = useState(initialView);
  const [view, setView] = useState<View>(initial.view);
  const [token] = useState(initial.token);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(initial.error);
  const [busy, setBusy] = useState(false);
  /** A confirmation mail's token (decision 0249): signing in with the password chosen at sign-up confirms the account. */
  const [confirmToken, setConfirmToken] = useState(confirmFromLink ?? null);
  const [confirmed, setConfirmed] = useState(false);
  /** The server refused the recovery link's token: the set-new-password view offers a new link instead. */
  const [tokenRefused, setTokenRefused] = useState(false);

  const go = (next: View) => {
    setError(null);
    // Leaving the set-new-password view: the address no longer opens it (a reload shows the view chosen now).
    if (view === 'reset') window.history.replaceState(null, '', '/signin');
    setView(next);
  };

  /** Signed in: on to the page asked for, else the dashboard (its search schemas first, lib/lazy-search.ts). */
  const continueSignedIn = async () => {
    if (redirect) await loadRouteSearchForHref(router, redirect);
    await navigate({ href: redirect ?? HOME_PAGE });
  };

  const run = async (work: () => Promise<void>, fallback: string | ((e: unknown) => string)) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(typeof fallback === 'function' ? fallback(e) : e instanceof ApiError && e.status !== 500 && e.message ? e.message : fallback);
    } finally {
      setBusy(false);
    }
  };

  const onSignIn = (event: React.FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) return setError(MESSAGES.enterBoth);
    void run(
      async () => {
        if (confirmToken) {
          try {
            await confirmAccount(confirmToken, email.trim().toLowerCase(), password);
            setConfirmed(true);
          } catch (e) {
            // A used, expired or replaced link: the sign-in below says what is still to do (confirm from the newest mail).
            if (!(e instanceof ApiError && e.status === 400)) throw e;
          }
          setConfirmToken(null);
          window.history.replaceState(null, '', '/signin');
        }
        const result = await signIn(email.trim().toLowerCase(), password);
        if (result === 'two-factor') {
          setPassword('');
          setView('code');
          return;
        }
        await continueSignedIn();
      },
      // The server's answers have their spec texts; no answer at all (the server not reached) or a server error is
      // the spec's "unexpected failure" text, not the API client's network message.
      (e) => signInErrorMessage(e instanceof ApiError ? e : null),
    );
  };

  const onForgot = (event: React.FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError(MESSAGES.enterEmail);
    void run(async () => {
      await requestPasswordReset(email.trim().toLowerCase());
      setView('sent');
    }, MESSAGES.resetRequestFailed);
  };

  const onReset = (event: React.FormEvent) => {
    event.preventDefault();
    if (!newPassword) return setError(MESSAGES.enterNewPassword);
    if (newPassword.length < MIN_PASSWORD_LENGTH) return setError(MESSAGES.passwordHint);
    if (newPassword !== confirm) return setError(MESSAGES.passwordsDoNotMatch);
    if (!token) return setError(MESSAGES.invalidRecoveryToken);
    void run(
      async () => {
        await resetPassword(token, newPassword);
        window.history.replaceState(null, '', '/signin');
        setView('updated');
      },
      (e) => {
        if (e instanceof ApiError && e.code === 'INVALID_TOKEN') {
          setTokenRefused(true);
          return MESSAGES.invalidRecoveryToken;
        }
        return e instanceof ApiError && e.status !== 500 && e.message ? e.message : MESSAGES.passwordUpdateFailed;
      },
    );
  };

  const errorBanner = error && (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {t(error)}
    </Alert>
  );

  if (view === 'code') {
    return (
      <Suspense
        fallback={
          <AuthLayout title={t('Two-Factor Authentication')}>
            <Center py="md">
              <Loader size="sm" />
            </Center>
          </AuthLayout>
        }
      >
        <TwoFactorStep email={email.trim().toLowerCase()} onSignedIn={continueSignedIn} onBack={() => go('signin')} />
      </Suspense>
    );
  }

  if (view === 'forgot') {
    return (
      <AuthLayout title={t('Reset Password')} subtitle={t('Enter your email and we will send you a link to set a new password.')}>
        <form onSubmit={onForgot} noValidate>
          <Stack gap="md">
            {errorBanner}
            <TextInput label={t('Email')} type="email" required placeholder="you@company.com" value={email} onChange={(e) => setEmail(e.currentTarget.value)} autoComplete="email" />
            <Button type="submit" fullWidth size="md" disabled={busy}>
              {busy ? t('Sending...') : t('Send Reset Link')}
            </Button>
            <Text ta="center" fz="sm">
              <Anchor component="button" type="button" onClick={() => go('signin')}>
                {t('Back to Sign In')}
              </Anchor>
            </Text>
          </Stack>
        </form>
      </AuthLayout>
    );
  }

  if (view === 'sent') {
    return (
      <AuthLayout title={t('Check Your Email')}>
        <Stack gap="md" align="center">
          <IconMailForward size={48} color="var(--mantine-color-blue-6)" />
          <Text ta="center">
            {richText(t('If an account exists for {email}, we sent a link to reset your password. The link is valid for one hour.', slots('email')), { email: <b>{email}</b> })}
          </Text>
          <Button variant="light" fullWidth onClick={() => go('signin')}>
            {t('Back to Sign In')}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  const backToSignIn = (
    <Text ta="center" fz="sm">
      <Anchor component="button" type="button" onClick={() => go('signin')}>
        {t('Back to Sign In')}
      </Anchor>
    </Text>
  );

  if (view === 'reset' && tokenRefused) {
    // The link is spent or expired: no point in typing a password again; the way on is a new link.
    return (
      <AuthLayout title={t('Set New Password')}>
        <Stack gap="md">
          {errorBanner}
          <Button fullWidth size="md" leftSection={<IconMailForward size={18} />} onClick={() => go('forgot')}>
            {t('Request a new link')}
          </Button>
          {backToSignIn}
        </Stack>
      </AuthLayout>
    );
  }

  if (view === 'reset') {
    return (
      <AuthLayout title={t('Set New Password')} subtitle={t('Choose a new password for your account.')}>
        <form onSubmit={onReset} noValidate>
          <Stack gap="md">
            {errorBanner}
            <PasswordInput label={t('New Password')} required description={t(MESSAGES.passwordHint)} value={newPassword} onChange={(e) => setNewPassword(e.currentTarget.value)} autoComplete="new-password" />
            <PasswordInput label={t('Confirm New Password')} required value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} autoComplete="new-password" />
            <Button type="submit" fullWidth size="md" disabled={busy}>
              {busy ? t('Updating Password...') : t('Update Password')}
            </Button>
            {backToSignIn}
          </Stack>
        </form>
      </AuthLayout>
    );
  }

  if (view === 'updated') {
    return (
      <AuthLayout title={t('Password Updated')}>
        <Stack gap="md" align="center">
          <IconCircleCheck size={48} color="var(--mantine-color-green-6)" />
          <Text ta="center">{t('Your password has been updated. You can now sign in with your new password.')}</Text>
          <Button fullWidth onClick={() => go('signin')}>
            {t('Back to Sign In')}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('Sign In')} subtitle={t('Welcome back to your freight portal.')}>
      <form onSubmit={onSignIn} noValidate>
        <Stack gap="md">
          {registered && (
            <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />}>
              {t(MESSAGES.registrationSuccess)}
            </Alert>
          )}
          {confirmToken && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} role="status">
              {t(CONFIRM_MESSAGES.prompt)}
            </Alert>
          )}
          {(confirmed || verified) && !registered && (
            <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />}>
              {t(CONFIRM_MESSAGES.confirmed)}
            </Alert>
          )}
          {errorBanner}
          <TextInput label={t('Email')} type="email" required placeholder="you@company.com" value={email} onChange={(e) => setEmail(e.currentTarget.value)} autoComplete="username" />
          <PasswordInput label={t('Password')} required placeholder={t('Your password')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} autoComplete="current-password" />
          <Anchor component="button" type="button" fz="sm" ta="right" onClick={() => go('forgot')}>
            {t('Forgot your password?')}
          </Anchor>
          <Button type="submit" fullWidth size="md" disabled={busy}>
            {busy ? t('Signing In...') : t('Sign In')}
          </Button>
          <Text ta="center" fz="sm">
            <Anchor component={Link} to="/signup">
              {t('Need to register? Complete your registration')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
