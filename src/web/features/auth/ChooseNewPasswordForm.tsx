import { Alert, Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { type LoginResponse, PASSWORD_MIN, passwordProblem } from '../../../shared/auth';
import type { FirstPasswordBody } from '../../../shared/officers';
import { api, isApiError } from '../../lib/api/api';

type Values = { newPassword: string; confirmPassword: string };

/**
 * The forced password change: the sign-in answered PASSWORD_CHANGE_REQUIRED, so the officer
 * chooses their own password; the server takes the temporary one again with it and signs them
 * in. The temporary password lives only in this page's memory, never in browser storage.
 */
export function ChooseNewPasswordForm(props: {
  username: string;
  temporaryPassword: string;
  onSignedIn: () => Promise<void> | void;
  onBack: () => void;
}) {
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: {
      newPassword: (value) => {
        if (value === '') return 'Enter a new password';
        if (value === props.temporaryPassword) {
          return 'Choose a password different from the temporary one you were given.';
        }
        return passwordProblem(value, props.username);
      },
      confirmPassword: (value, values) =>
        value === values.newPassword ? null : 'The new passwords do not match.',
    },
  });
  // A plain request, no mutation cache: the standalone sign-in page (signInEntry.tsx) has none.
  const [isPending, setIsPending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const change = async (body: FirstPasswordBody) => {
    if (isPending) return;
    setIsPending(true);
    setFormError(null);
    try {
      await api.post<LoginResponse>('/api/v1/auth/change-temporary-password', body);
    } catch (error) {
      setIsPending(false);
      if (isApiError(error) && error.code === 'WEAK_PASSWORD') {
        form.setFieldError('newPassword', error.message);
      } else {
        setFormError(error instanceof Error ? error.message : String(error));
      }
      return;
    }
    await props.onSignedIn();
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Choose a new password
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          You signed in as {props.username} with a temporary password from an administrator. Choose
          your own to continue; the temporary one will no longer work.
        </Text>
      </div>
      {formError && (
        <Alert color="red" variant="light" title="Password not changed" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{formError}</Text>
            <Button size="xs" variant="light" onClick={props.onBack}>
              Back to sign in
            </Button>
          </Stack>
        </Alert>
      )}
      <form
        noValidate
        aria-label="Choose a new password"
        onSubmit={form.onSubmit(({ newPassword }) =>
          change({
            username: props.username,
            temporaryPassword: props.temporaryPassword,
            newPassword,
          }),
        )}
      >
        <Stack gap="md">
          <PasswordInput
            label="New password"
            description={`At least ${PASSWORD_MIN} characters, not your username, not the temporary password.`}
            autoComplete="new-password"
            required
            data-autofocus
            key={form.key('newPassword')}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Group justify="space-between">
            <Button variant="subtle" onClick={props.onBack}>
              Cancel
            </Button>
            <Button type="submit" loading={isPending}>
              Save password and continue
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
