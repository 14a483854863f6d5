import {
  Alert,
  Button,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import {
  MdaPrivilegesBody,
  type OfficerDetail,
  PasswordResetBody,
  UpdateOfficerBody,
} from '../../../../shared/officers';
import { USER_TYPE_LABELS, USER_TYPES } from '../../../../shared/userTypeEnums';
import { fieldByPath, showServerErrors } from '../../../lib/failures/formErrors';
import { formatPhone } from '../../../lib/format';
import { userTypeOptions } from '../format';
import { PASSWORD_POLICY } from './CreateOfficerModal';
import { MdaPrivilegeSelect } from './MdaPrivilegeSelect';
import { useOfficerChange } from './useOfficerChange';

function FormError({ title, message }: { title: string; message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      {message}
    </Alert>
  );
}

type EditValues = {
  firstName: string;
  surname: string;
  email: string;
  phoneNumber: string;
  userType: string;
};

/** Names, e-mail, phone and user type. A new user type signs the officer out everywhere. */
export function EditOfficerForm({ officer }: { officer: OfficerDetail }) {
  const [formError, setFormError] = useState<string | null>(null);
  const initialValues: EditValues = {
    firstName: officer.firstName,
    surname: officer.surname,
    email: officer.email,
    phoneNumber: formatPhone(officer.phoneNumber),
    userType: officer.userType,
  };
  const form = useForm<EditValues>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(UpdateOfficerBody, { sync: true }),
  });
  const save = useOfficerChange<UpdateOfficerBody>(
    officer.id,
    { method: 'PATCH', path: '' },
    {
      title: 'Officer saved',
      message: (o) => `${o.firstName} ${o.surname}'s details are saved.`,
    },
    { onError: (error) => setFormError(showServerErrors(form, error, { fieldOf: fieldByPath })) },
  );
  const changed = (Object.keys(initialValues) as (keyof EditValues)[]).filter(
    (key) => form.values[key] !== initialValues[key],
  );
  const typeChanges = form.values.userType !== officer.userType;

  return (
    <form
      noValidate
      aria-label="Edit officer"
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        save.mutate(
          Object.fromEntries(changed.map((key) => [key, values[key]])) as UpdateOfficerBody,
        );
      })}
    >
      <Stack gap="md">
        <FormError title="Not saved" message={formError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" required {...form.getInputProps('firstName')} />
          <TextInput label="Surname" required {...form.getInputProps('surname')} />
          <TextInput label="E-mail" type="email" required {...form.getInputProps('email')} />
          <TextInput
            label="Phone number"
            type="tel"
            required
            {...form.getInputProps('phoneNumber')}
          />
        </SimpleGrid>
        <Select
          label="User type"
          data={userTypeOptions(USER_TYPES)}
          searchable
          allowDeselect={false}
          description={
            typeChanges
              ? `From ${USER_TYPE_LABELS[officer.userType]}: the officer will be signed out everywhere and will see the new menu when they sign in again.`
              : undefined
          }
          {...form.getInputProps('userType')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={changed.length === 0}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** docs/product.md §7 re-assign/mda: which MDAs' data the officer may see. */
export function MdaPrivilegesForm({ officer }: { officer: OfficerDetail }) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<{ mdaIds: string[] }>({
    mode: 'controlled',
    initialValues: { mdaIds: officer.mdaPrivileges },
    validate: schemaResolver(MdaPrivilegesBody, { sync: true }),
  });
  const save = useOfficerChange<MdaPrivilegesBody>(
    officer.id,
    { method: 'PUT', path: '/mda-privileges' },
    {
      title: 'MDA privileges saved',
      message: (o) =>
        `${o.firstName} ${o.surname} now holds ${o.mdaPrivileges.length} MDA privilege${o.mdaPrivileges.length === 1 ? '' : 's'} and was signed out everywhere.`,
    },
    { onError: (error) => setFormError(showServerErrors(form, error, { fieldOf: fieldByPath })) },
  );
  return (
    <form
      noValidate
      aria-label="MDA privileges"
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        save.mutate(values);
      })}
    >
      <Stack gap="md">
        <FormError title="Not saved" message={formError} />
        <MdaPrivilegeSelect
          label="MDA privileges"
          description="Saving signs the officer out everywhere, so their next sign-in sees the new MDAs."
          {...form.getInputProps('mdaIds')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save MDA privileges
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A new temporary password; the officer must replace it at their next sign-in. */
export function ResetPasswordForm({ officer }: { officer: OfficerDetail }) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PasswordResetBody>({
    mode: 'uncontrolled',
    initialValues: { temporaryPassword: '' },
    validate: schemaResolver(PasswordResetBody, { sync: true }),
  });
  const reset = useOfficerChange<PasswordResetBody>(
    officer.id,
    { method: 'POST', path: '/password-reset' },
    {
      title: 'Password reset',
      message: (o) =>
        `Give ${o.firstName} ${o.surname} the temporary password; they will choose their own at their next sign-in.`,
    },
    {
      onError: (error) =>
        setFormError(
          showServerErrors(form, error, {
            fieldOf: fieldByPath,
            passwordField: 'temporaryPassword',
          }),
        ),
      onSuccess: () => form.reset(),
    },
  );
  return (
    <form
      noValidate
      aria-label="Reset password"
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        reset.mutate(values);
      })}
    >
      <Stack gap="md">
        <FormError title="Password not reset" message={formError} />
        <PasswordInput
          label="Temporary password"
          description={`${PASSWORD_POLICY} Resetting also clears a sign-in throttle and signs the officer out everywhere.`}
          autoComplete="new-password"
          required
          key={form.key('temporaryPassword')}
          {...form.getInputProps('temporaryPassword')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={reset.isPending}>
            Reset password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
