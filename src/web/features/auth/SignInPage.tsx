import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { LoginBody, LoginResponse } from '../../../shared/auth';
import { type ApiError, api, isApiError } from '../../lib/api/api';
import { Spinner } from '../../lib/pending/Spinner';
import { safeReturnUrl } from '../../lib/routing/returnUrl';
import { PublicLayout } from '../../shell/PublicLayout';
import { DemoSignInNote } from './DemoSignInNote';

// Loaded only when a sign-in needs it: it brings the password policy's schemas with it.
const ChooseNewPasswordForm = lazy(() =>
  import('./ChooseNewPasswordForm').then((module) => ({ default: module.ChooseNewPasswordForm })),
);

/** The heading of the message for each way a sign-in can be refused. */
const FAILURE_TITLES: Partial<Record<ApiError['code'], string>> = {
  INVALID_CREDENTIALS: 'Sign-in failed',
  ACCOUNT_INACTIVE: 'Account deactivated',
  RATE_LIMITED: 'Too many attempts',
  NETWORK_FAILURE: 'No connection',
};

function failureOf(error: Error): { title: string; message: string } {
  if (!isApiError(error)) return { title: 'Sign-in failed', message: error.message };
  // The server's message already says what to do (wait, or ask an administrator).
  return { title: FAILURE_TITLES[error.code] ?? 'Sign-in failed', message: error.message };
}

type FieldErrors = Partial<Record<keyof LoginBody, string>>;

/** Both fields are required; the messages say what to enter (docs/product.md §2). */
function validateSignIn(values: LoginBody): FieldErrors {
  const errors: FieldErrors = {};
  if (values.username.trim() === '') errors.username = 'Enter your username or e-mail';
  if (values.password === '') errors.password = 'Enter your password';
  return errors;
}

/**
 * `/auth/login` and `/account/login`: the same sign-in page (docs/product.md §2).
 *
 * The first page most officers load, on mobile data too: two fields and one request need no
 * router, query cache, form library, schema library or mutation machinery, which stay off its
 * first load (docs/architecture.md §9 "Web", ≤ 120 KB of JS + CSS). Loaded as a page of its own it runs
 * without the router (signInEntry.tsx); reached from inside the app (after signing out) it is
 * the router's page (SignInRoute.tsx). Each says how to enter once signed in: `onSignedIn`
 * gets the safe address to go to.
 */
export function SignInPage({
  returnUrl,
  onSignedIn,
}: {
  returnUrl: string | undefined;
  onSignedIn: (href: string) => Promise<void> | void;
}) {
  const [values, setValues] = useState<LoginBody>({ username: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const fieldRefs = {
    username: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<Error | null>(null);

  /** Typing in a field clears its error, as before a new submit. */
  const setField = (field: keyof LoginBody, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  /** Set when the sign-in answered PASSWORD_CHANGE_REQUIRED: kept in memory only. */
  const [temporary, setTemporary] = useState<LoginBody | null>(null);
  useDocumentTitle(temporary ? 'Choose a new password · RevDesk' : 'Sign in · RevDesk');

  const enter = () => onSignedIn(safeReturnUrl(returnUrl));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isPending) return;
    const errors = validateSignIn(values);
    setFieldErrors(errors);
    const firstInvalid = (Object.keys(errors) as (keyof LoginBody)[])[0];
    if (firstInvalid) {
      // An empty field: focus goes to the first one, whose error says what to enter.
      fieldRefs[firstInvalid].current?.focus();
      return;
    }
    setError(null);
    setIsPending(true);
    try {
      await api.post<LoginResponse>('/api/v1/auth/login', values);
    } catch (refusal) {
      setIsPending(false);
      setValues((current) => ({ ...current, password: '' }));
      if (isApiError(refusal) && refusal.code === 'PASSWORD_CHANGE_REQUIRED') setTemporary(values);
      setError(refusal instanceof Error ? refusal : new Error(String(refusal)));
      return;
    }
    await enter();
  };

  const failure = error && !temporary ? failureOf(error) : null;

  // A refused sign-in disables the busy button that had focus: focus goes to the message that
  // says why, not to the page's body (WCAG 2.4.3).
  const failureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) failureRef.current?.focus();
  }, [error]);

  if (temporary) {
    return (
      <PublicLayout>
        <Paper withBorder shadow="sm" radius="lg" p="xl">
          <Suspense fallback={<Spinner label="Loading the password form" />}>
            <ChooseNewPasswordForm
              username={temporary.username}
              temporaryPassword={temporary.password}
              onSignedIn={enter}
              onBack={() => {
                setTemporary(null);
                setError(null);
              }}
            />
          </Suspense>
        </Paper>
      </PublicLayout>
    );
  }

  return (
    <PublicLayout>
      <Paper withBorder shadow="sm" radius="lg" p="xl">
        <Stack gap="lg">
          <div>
            <Title order={1} size="h2">
              Sign in to RevDesk
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              The back-office portal of the Board of Internal Revenue. Staff only.
            </Text>
          </div>

          {failure && (
            <Alert
              ref={failureRef}
              tabIndex={-1}
              color="red"
              variant="light"
              title={failure.title}
              role="alert"
            >
              {failure.message}
            </Alert>
          )}

          <form noValidate onSubmit={submit} aria-label="Sign in">
            <Stack gap="md">
              <TextInput
                label="Username or e-mail"
                autoComplete="username"
                required
                data-autofocus
                ref={fieldRefs.username}
                value={values.username}
                onChange={(event) => setField('username', event.currentTarget.value)}
                error={fieldErrors.username}
              />
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                required
                ref={fieldRefs.password}
                value={values.password}
                onChange={(event) => setField('password', event.currentTarget.value)}
                error={fieldErrors.password}
              />
              <Button type="submit" fullWidth loading={isPending} loaderProps={{ type: 'dots' }}>
                Sign in
              </Button>
            </Stack>
          </form>

          <DemoSignInNote />
        </Stack>
      </Paper>
    </PublicLayout>
  );
}
