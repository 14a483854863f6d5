import {
  Alert,
  Button,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { LoginBody, LoginResponse } from '../../../shared/auth';
import { type ApiError, api, isApiError } from '../../lib/api';
import { meQuery } from '../../lib/queries';
import { safeReturnUrl } from '../../lib/returnUrl';
import { PublicLayout } from '../../shell/PublicLayout';
import { DemoSignInNote } from './DemoSignInNote';

// Loaded only when a sign-in needs it: it brings the password policy's schemas with it.
const ChooseNewPasswordForm = lazy(() =>
  import('./ChooseNewPasswordForm').then((module) => ({ default: module.ChooseNewPasswordForm })),
);

/** The heading of the message for each way a sign-in can be refused. */
const FAILURE_TITLES: Partial<Record<ApiError['code'], string>> = {
  INVALID_CREDENTIALS: 'Sign-in failed',
  ACCOUNT_LOCKED: 'Account locked',
  ACCOUNT_INACTIVE: 'Account deactivated',
  RATE_LIMITED: 'Too many attempts',
  NETWORK_FAILURE: 'No connection',
};

function failureOf(error: Error): { title: string; message: string } {
  if (!isApiError(error)) return { title: 'Sign-in failed', message: error.message };
  // The server's message already says what to do (wait, or ask an administrator).
  return { title: FAILURE_TITLES[error.code] ?? 'Sign-in failed', message: error.message };
}

/** `/auth/login` and `/account/login`: the same sign-in page (SPEC.md §2). */
export function SignInPage() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const search: { returnUrl?: unknown } = useSearch({ strict: false });
  const returnUrl = typeof search.returnUrl === 'string' ? search.returnUrl : undefined;

  const form = useForm<LoginBody>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: {
      username: (value) => (value.trim() === '' ? 'Enter your username or e-mail' : null),
      password: (value) => (value === '' ? 'Enter your password' : null),
    },
  });

  /** Set when the sign-in answered PASSWORD_CHANGE_REQUIRED: kept in memory only. */
  const [temporary, setTemporary] = useState<LoginBody | null>(null);
  useDocumentTitle(temporary ? 'Choose a new password · RevDesk' : 'Sign in · RevDesk');

  const enter = async () => {
    // The guard of /birs loads the officer's menu and permissions afresh.
    queryClient.removeQueries({ queryKey: meQuery().queryKey });
    await router.navigate({ href: safeReturnUrl(returnUrl), replace: true });
  };

  const signIn = useMutation({
    mutationFn: (body: LoginBody) => api.post<LoginResponse>('/api/v1/auth/login', body),
    onSuccess: enter,
    onError: (error, body) => {
      form.setFieldValue('password', '');
      if (isApiError(error) && error.code === 'PASSWORD_CHANGE_REQUIRED') setTemporary(body);
    },
  });

  const failure = signIn.error && !temporary ? failureOf(signIn.error) : null;

  // A refused sign-in disables the busy button that had focus: focus goes to the message that
  // says why, not to the page's body (WCAG 2.4.3).
  const failureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (signIn.error) failureRef.current?.focus();
  }, [signIn.error]);

  if (temporary) {
    return (
      <PublicLayout>
        <Paper withBorder shadow="sm" radius="lg" p="xl">
          <Suspense fallback={<Loader aria-label="Loading" />}>
            <ChooseNewPasswordForm
              username={temporary.username}
              temporaryPassword={temporary.password}
              onSignedIn={enter}
              onBack={() => {
                setTemporary(null);
                signIn.reset();
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

          <form
            noValidate
            onSubmit={form.onSubmit(
              (values) => signIn.mutate(values),
              // An empty field: focus goes to the first one, whose error says what to enter.
              (errors) => {
                const first = Object.keys(errors)[0];
                if (first) form.getInputNode(first)?.focus();
              },
            )}
            aria-label="Sign in"
          >
            <Stack gap="md">
              <TextInput
                label="Username or e-mail"
                autoComplete="username"
                required
                data-autofocus
                key={form.key('username')}
                {...form.getInputProps('username')}
              />
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                required
                key={form.key('password')}
                {...form.getInputProps('password')}
              />
              <Button
                type="submit"
                fullWidth
                loading={signIn.isPending}
                loaderProps={{ type: 'dots' }}
              >
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
