import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '../../../shared/auth';
import { PASSWORD_MIN, passwordProblem } from '../../../shared/passwordPolicy';
import { api, isApiError } from '../../lib/api/api';

type ChangePasswordValues = {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
};

/** Change one's own password: the policy of src/shared/auth.ts is checked here and on the server. */
export function ChangePasswordForm({ username }: { username: string }) {
  const form = useForm<ChangePasswordValues>({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: {
      currentPassword: (value) => (value === '' ? 'Enter your current password' : null),
      newPassword: (value) =>
        value === '' ? 'Enter a new password' : passwordProblem(value, username),
      confirmPassword: (value, values) =>
        value === values.newPassword ? null : 'The new passwords do not match.',
    },
  });

  const change = useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      api.post<{ ok: true }>('/api/v1/auth/change-password', body),
    onSuccess: () => {
      form.reset();
      notifications.show({
        color: 'green',
        title: 'Password changed',
        message: 'Your password is changed. Your other sessions have been signed out.',
      });
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      if (error.code === 'WRONG_PASSWORD') form.setFieldError('currentPassword', error.message);
      if (error.code === 'WEAK_PASSWORD') form.setFieldError('newPassword', error.message);
    },
  });

  // Field errors are shown beside their field; anything else above the form.
  const formError =
    change.error &&
    !(isApiError(change.error) && ['WRONG_PASSWORD', 'WEAK_PASSWORD'].includes(change.error.code))
      ? change.error.message
      : null;

  return (
    <form
      noValidate
      aria-label="Change password"
      onSubmit={form.onSubmit(({ currentPassword, newPassword }) =>
        change.mutate({ currentPassword, newPassword }),
      )}
    >
      <Stack gap="md" maw={420}>
        {formError && (
          <Alert color="red" variant="light" title="Password not changed" role="alert">
            {formError}
          </Alert>
        )}
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          key={form.key('currentPassword')}
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label="New password"
          description={`At least ${PASSWORD_MIN} characters, and not your username.`}
          autoComplete="new-password"
          required
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
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
