import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { ELIGIBILITY_DEBOUNCE_MS, MESSAGES, MIN_PASSWORD_LENGTH, type EligibleResponse } from '@domain/auth/rules';
import { eligibilityRoleLine, SIGN_UP_MESSAGES } from '@domain/auth/eligibility';
import { msg } from '@domain/common/i18n';
import { ApiError } from '@web/lib/api';
import { reader, t } from '@web/lib/i18n';
import { checkEligibility, signUp } from './api';
import { AuthLayout } from './AuthLayout';

type State =
  | { kind: 'unchecked' }
  | { kind: 'checking' }
  | { kind: 'eligible'; result: EligibleResponse }
  | { kind: 'exists' }
  | { kind: 'not-found' };

/** The badge colours of staff and customers (as the sidebar's). */
const STAFF_COLOR = 'blue';
const CUSTOMER_COLOR = 'teal';

const isEmail = (value: string) => z.email().safeParse(value.trim()).success;

export function SignUpPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [state, setState] = useState<State>({ kind: 'unchecked' });
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inflight = useRef<AbortController | null>(null);

  const runCheck = async (value: string) => {
    inflight.current?.abort();
    const controller = new AbortController();
    inflight.current = controller;
    setState({ kind: 'checking' });
    setError(null);
    try {
      const result = await checkEligibility(value.trim(), controller.signal);
      if (controller.signal.aborted) return;
      if (!result.exists) {
        setState({ kind: 'not-found' });
        setError(SIGN_UP_MESSAGES.emailNotFound);
      } else {
        setState(result.account_exists ? { kind: 'exists' } : { kind: 'eligible', result });
      }
    } catch (e) {
      if (controller.signal.aborted) return;
      setState({ kind: 'unchecked' });
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };

  // The email is checked automatically 500 ms after typing stops.
  useEffect(() => {
    if (!isEmail(email)) {
      inflight.current?.abort();
      setState({ kind: 'unchecked' });
      return;
    }
    const timer = setTimeout(() => void runCheck(email), ELIGIBILITY_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [email]);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (state.kind === 'exists') {
      void navigate({ to: '/signin' });
      return;
    }
    if (state.kind !== 'eligible') {
      if (!email.trim()) return setError(msg('Please enter your email address'));
      if (!isEmail(email)) return setError(msg('Please enter a valid email address'));
      return runCheck(email);
    }
    if (!password) return setError(msg('Please enter a password'));
    if (password.length < MIN_PASSWORD_LENGTH) return setError(MESSAGES.passwordHint);
    setSubmitting(true);
    setError(null);
    try {
      await signUp(email.trim().toLowerCase(), password);
      void navigate({ to: '/signin', search: { registered: true } });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : msg('Registration failed. Please try again.'));
      setSubmitting(false);
    }
  };

  const buttonLabel = submitting
    ? t('Creating Account...')
    : state.kind === 'eligible'
      ? t('Complete Registration')
      : state.kind === 'exists'
        ? t('Go to Sign In')
        : t('Check Email Eligibility');

  return (
    <AuthLayout title={t('Complete Your Registration')} subtitle={t('Enter the email your administrator registered for you.')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {t(error)}
            </Alert>
          )}
          <TextInput
            label={t('Email')}
            type="email"
            required
            placeholder={t('Enter your registration email')}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            disabled={submitting}
            autoComplete="email"
            rightSection={state.kind === 'checking' ? <Loader size="xs" aria-label={t('Checking email')} /> : null}
          />
          {state.kind === 'eligible' && (
            <Card withBorder radius="md" bg="blue.0" data-testid="eligible-card">
              <Group justify="space-between" wrap="nowrap">
                <div>
                  <Text fw={600}>
                    {state.result.type === 'staff' ? state.result.data.full_name : `${state.result.data.first_name} ${state.result.data.last_name}`}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    {eligibilityRoleLine(state.result, reader())}
                  </Text>
                </div>
                <Badge color={state.result.type === 'staff' ? STAFF_COLOR : CUSTOMER_COLOR} variant="light">
                  {state.result.type === 'staff' ? t('Staff') : t('Customer')}
                </Badge>
              </Group>
            </Card>
          )}
          {state.kind === 'exists' && (
            <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} title={t(SIGN_UP_MESSAGES.accountExistsTitle)}>
              {t(SIGN_UP_MESSAGES.accountExists)}
            </Alert>
          )}
          {state.kind === 'eligible' && (
            <PasswordInput
              label={t('Password')}
              required
              placeholder={t('Choose a password')}
              description={t(MESSAGES.passwordHint)}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              disabled={submitting}
              autoComplete="new-password"
              minLength={MIN_PASSWORD_LENGTH}
            />
          )}
          <Button type="submit" fullWidth size="md" loading={false} disabled={submitting || state.kind === 'checking'}>
            {buttonLabel}
          </Button>
          <Text ta="center" fz="sm">
            <Anchor component={Link} to="/signin">
              {t('Already have an account? Sign in')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
