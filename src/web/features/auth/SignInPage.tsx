import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import type { LoginBody, LoginResponse } from '../../../shared/auth';
import { type ApiError, api, isApiError } from '../../lib/api';
import { meQuery } from '../../lib/queries';
import { safeReturnUrl } from '../../lib/returnUrl';
import { PublicLayout } from '../../shell/PublicLayout';
import { DemoSignInNote } from './DemoSignInNote';

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
  useDocumentTitle('Sign in · RevDesk');
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

  const signIn = useMutation({
    mutationFn: (body: LoginBody) => api.post<LoginResponse>('/api/v1/auth/login', body),
    onSuccess: async () => {
      // The guard of /birs loads the officer's menu and permissions afresh.
      queryClient.removeQueries({ queryKey: meQuery().queryKey });
      await router.navigate({ href: safeReturnUrl(returnUrl), replace: true });
    },
    onError: () => form.setFieldValue('password', ''),
  });

  const failure = signIn.error ? failureOf(signIn.error) : null;

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
            <Alert color="red" variant="light" title={failure.title} role="alert">
              {failure.message}
            </Alert>
          )}

          <form
            noValidate
            onSubmit={form.onSubmit((values) => signIn.mutate(values))}
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
