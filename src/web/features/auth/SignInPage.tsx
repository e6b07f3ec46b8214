import { lazy, Suspense, useState } from 'react';
import { Alert, Anchor, Button, Center, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconMailForward } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { MESSAGES, MIN_PASSWORD_LENGTH, parseRecoveryLink, signInErrorMessage } from '../../../domain/auth';
import { ApiError } from '../../lib/api';
import { requestPasswordReset, resetPassword } from './api';
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

export function SignInPage({ registered, verified }: { registered?: boolean; verified?: boolean }) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [initial] = useState(initialView);
  const [view, setView] = useState<View>(initial.view);
  const [token] = useState(initial.token);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(initial.error);
  const [busy, setBusy] = useState(false);

  const go = (next: View) => {
    setError(null);
    setView(next);
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
        const result = await signIn(email.trim().toLowerCase(), password);
        if (result === 'two-factor') {
          setPassword('');
          setView('code');
          return;
        }
        await navigate({ to: '/dashboard' });
      },
      (e) => (e instanceof ApiError && e.status !== 500 ? signInErrorMessage(e) : MESSAGES.signInFailed),
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
      (e) =>
        e instanceof ApiError && e.code === 'INVALID_TOKEN'
          ? MESSAGES.invalidRecoveryToken
          : e instanceof ApiError && e.status !== 500 && e.message
            ? e.message
            : MESSAGES.passwordUpdateFailed,
    );
  };

  const errorBanner = error && (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {error}
    </Alert>
  );

  if (view === 'code') {
    return (
      <Suspense
        fallback={
          <AuthLayout title="Two-Factor Authentication">
            <Center py="md">
              <Loader size="sm" />
            </Center>
          </AuthLayout>
        }
      >
        <TwoFactorStep email={email.trim().toLowerCase()} onSignedIn={() => navigate({ to: '/dashboard' })} onBack={() => go('signin')} />
      </Suspense>
    );
  }

  if (view === 'forgot') {
    return (
      <AuthLayout title="Reset Password" subtitle="Enter your email and we will send you a link to set a new password.">
        <form onSubmit={onForgot} noValidate>
          <Stack gap="md">
            {errorBanner}
            <TextInput label="Email" type="email" required placeholder="you@company.com" value={email} onChange={(e) => setEmail(e.currentTarget.value)} autoComplete="email" />
            <Button type="submit" fullWidth size="md" disabled={busy}>
              {busy ? 'Sending...' : 'Send Reset Link'}
            </Button>
            <Text ta="center" fz="sm">
              <Anchor component="button" type="button" onClick={() => go('signin')}>
                Back to Sign In
              </Anchor>
            </Text>
          </Stack>
        </form>
      </AuthLayout>
    );
  }

  if (view === 'sent') {
    return (
      <AuthLayout title="Check Your Email">
        <Stack gap="md" align="center">
          <IconMailForward size={48} color="var(--mantine-color-blue-6)" />
          <Text ta="center">
            If an account exists for <b>{email}</b>, we sent a link to reset your password. The link is valid for one hour.
          </Text>
          <Button variant="light" fullWidth onClick={() => go('signin')}>
            Back to Sign In
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  if (view === 'reset') {
    return (
      <AuthLayout title="Set New Password" subtitle="Choose a new password for your account.">
        <form onSubmit={onReset} noValidate>
          <Stack gap="md">
            {errorBanner}
            <PasswordInput label="New Password" required description={MESSAGES.passwordHint} value={newPassword} onChange={(e) => setNewPassword(e.currentTarget.value)} autoComplete="new-password" />
            <PasswordInput label="Confirm New Password" required value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} autoComplete="new-password" />
            <Button type="submit" fullWidth size="md" disabled={busy}>
              {busy ? 'Updating Password...' : 'Update Password'}
            </Button>
          </Stack>
        </form>
      </AuthLayout>
    );
  }

  if (view === 'updated') {
    return (
      <AuthLayout title="Password Updated">
        <Stack gap="md" align="center">
          <IconCircleCheck size={48} color="var(--mantine-color-green-6)" />
          <Text ta="center">Your password has been updated. You can now sign in with your new password.</Text>
          <Button fullWidth onClick={() => go('signin')}>
            Back to Sign In
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Sign In" subtitle="Welcome back to your freight portal.">
      <form onSubmit={onSignIn} noValidate>
        <Stack gap="md">
          {registered && (
            <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />}>
              {MESSAGES.registrationSuccess}
            </Alert>
          )}
          {verified && !registered && (
            <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />}>
              Your email is confirmed. You can sign in now.
            </Alert>
          )}
          {errorBanner}
          <TextInput label="Email" type="email" required placeholder="you@company.com" value={email} onChange={(e) => setEmail(e.currentTarget.value)} autoComplete="username" />
          <PasswordInput label="Password" required placeholder="Your password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} autoComplete="current-password" />
          <Anchor component="button" type="button" fz="sm" ta="right" onClick={() => go('forgot')}>
            Forgot your password?
          </Anchor>
          <Button type="submit" fullWidth size="md" disabled={busy}>
            {busy ? 'Signing In...' : 'Sign In'}
          </Button>
          <Text ta="center" fz="sm">
            <Anchor component={Link} to="/signup">
              Need to register? Complete your registration
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
