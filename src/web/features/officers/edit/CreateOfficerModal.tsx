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
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PASSWORD_MIN } from '../../../../shared/auth';
import {
  CreateOfficerBody,
  type OfficerDetail,
  type UserTypeGroup,
} from '../../../../shared/officers';
import { USER_TYPES } from '../../../../shared/userTypeEnums';
import { api } from '../../../lib/api/api';
import { AppModal } from '../../../lib/dialogs/AppModal';
import { fieldByPath, showServerErrors } from '../../../lib/failures/formErrors';
import { GROUP_PAGES, userTypeOptions } from '../format';
import { officerKeys } from '../queries';
import { MdaPrivilegeSelect } from './MdaPrivilegeSelect';

type Values = {
  firstName: string;
  surname: string;
  username: string;
  email: string;
  phoneNumber: string;
  userType: string;
  mdaPrivileges: string[];
  temporaryPassword: string;
};

export const PASSWORD_POLICY = `At least ${PASSWORD_MIN} characters, and not the username. The officer must replace it when they first sign in.`;

/** "Add officer" over the list: the administrator gives a temporary password by hand. */
export function CreateOfficerModal(props: {
  group: UserTypeGroup;
  opened: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const title = props.group === 'admin' ? 'Add an administrator' : 'Add an officer';
  return (
    <AppModal
      opened={props.opened}
      onClose={props.onClose}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': `Close ${title}` }}
    >
      <CreateOfficerForm {...props} />
    </AppModal>
  );
}

function CreateOfficerForm(props: {
  group: UserTypeGroup;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      firstName: '',
      surname: '',
      username: '',
      email: '',
      phoneNumber: '',
      userType: props.group === 'admin' ? 'ADMIN' : '',
      mdaPrivileges: [],
      temporaryPassword: '',
    },
    validate: schemaResolver(CreateOfficerBody, { sync: true }),
    validateInputOnBlur: true,
  });

  const create = useMutation({
    mutationFn: (body: CreateOfficerBody) => api.post<OfficerDetail>('/api/v1/officers', body),
    onSuccess: (officer) => {
      void queryClient.invalidateQueries({ queryKey: officerKeys.lists() });
      queryClient.setQueryData(officerKeys.one(officer.id), officer);
      notifications.show({
        color: 'green',
        title: 'Officer added',
        message: `${officer.firstName} ${officer.surname} is ${officer.officerId}. Give them the temporary password; they will choose their own when they first sign in.`,
      });
      props.onCreated(officer.id);
    },
    onError: (error) =>
      setFormError(
        showServerErrors(form, error, { fieldOf: fieldByPath, passwordField: 'temporaryPassword' }),
      ),
  });

  // Administrators and officers are made from either screen; each screen offers its own first.
  const types =
    props.group === 'admin' ? [...USER_TYPES] : [...GROUP_PAGES.staff.userTypes, 'ADMIN' as const];

  return (
    <form
      noValidate
      aria-label="Add officer"
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        create.mutate(values as CreateOfficerBody);
      })}
    >
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="light" title="The officer was not added" role="alert">
            {formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="First name"
            required
            data-autofocus
            {...form.getInputProps('firstName')}
          />
          <TextInput label="Surname" required {...form.getInputProps('surname')} />
          <TextInput
            label="Username"
            description="Letters, digits, dots, hyphens or underscores"
            required
            autoComplete="off"
            {...form.getInputProps('username')}
          />
          <TextInput label="E-mail" type="email" required {...form.getInputProps('email')} />
          <TextInput
            label="Phone number"
            type="tel"
            placeholder="0803 123 4567"
            required
            {...form.getInputProps('phoneNumber')}
          />
          <Select
            label="User type"
            placeholder="Choose a user type"
            data={userTypeOptions(types)}
            searchable
            required
            {...form.getInputProps('userType')}
          />
        </SimpleGrid>
        <MdaPrivilegeSelect
          label="MDA privileges"
          description="The MDAs whose data this officer may see"
          {...form.getInputProps('mdaPrivileges')}
        />
        <PasswordInput
          label="Temporary password"
          description={PASSWORD_POLICY}
          autoComplete="new-password"
          required
          {...form.getInputProps('temporaryPassword')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            {GROUP_PAGES[props.group].addLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
