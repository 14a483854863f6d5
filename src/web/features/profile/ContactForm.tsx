import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProfilePatch, ProfileView } from '../../../shared/officers';
import { api } from '../../lib/api/api';
import { meQuery } from '../../lib/api/queries';
import { fieldByPath, showServerErrors } from '../../lib/failures/formErrors';
import { formatPhone } from '../../lib/format';
import { profileKeys } from './queries';

type Values = { email: string; phoneNumber: string };

/**
 * The form checks with the API's own schema, which is zod: fetched at the first "Save details",
 * not with the page (docs/architecture.md §9 "Web": zod stays off a page's first load).
 */
const loadProfilePatch = () =>
  import('../../../shared/officers').then((module) =>
    schemaResolver(module.ProfilePatch, { sync: true }),
  );

/** The two details an officer keeps up to date themself: e-mail and phone. */
export function ContactForm({ profile }: { profile: ProfileView }) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const initialValues: Values = {
    email: profile.email,
    phoneNumber: formatPhone(profile.phoneNumber),
  };
  const form = useForm<Values>({ mode: 'controlled', initialValues });
  const [isChecking, setIsChecking] = useState(false);
  const changed = (['email', 'phoneNumber'] as const).filter(
    (key) => form.values[key] !== initialValues[key],
  );
  const save = useMutation({
    mutationFn: (body: ProfilePatch) => api.patch<ProfileView>('/api/v1/profile', body),
    onSuccess: (updated) => {
      queryClient.setQueryData(profileKeys.profile, updated);
      // The top bar's user menu shows the e-mail and phone too.
      void queryClient.invalidateQueries({ queryKey: meQuery().queryKey });
      form.setInitialValues({
        email: updated.email,
        phoneNumber: formatPhone(updated.phoneNumber),
      });
      form.setValues({ email: updated.email, phoneNumber: formatPhone(updated.phoneNumber) });
      notifications.show({
        color: 'green',
        title: 'Details saved',
        message: 'Your contact details are saved.',
      });
    },
    onError: (error) => setFormError(showServerErrors(form, error, { fieldOf: fieldByPath })),
  });

  return (
    <form
      noValidate
      aria-label="Contact details"
      onSubmit={form.onSubmit(async (values) => {
        setFormError(null);
        setIsChecking(true);
        const validate = await loadProfilePatch()
          .catch(() => null)
          .finally(() => setIsChecking(false));
        if (validate === null) {
          setFormError('The form could not be checked: the connection failed. Try again.');
          return;
        }
        const errors = validate(values);
        if (Object.keys(errors).length > 0) {
          form.setErrors(errors);
          return;
        }
        save.mutate(Object.fromEntries(changed.map((key) => [key, values[key]])) as ProfilePatch);
      })}
    >
      <Stack gap="md" maw={640}>
        {formError && (
          <Alert color="red" variant="light" title="Details not saved" role="alert">
            {formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="E-mail" type="email" required {...form.getInputProps('email')} />
          <TextInput
            label="Phone number"
            type="tel"
            required
            {...form.getInputProps('phoneNumber')}
          />
        </SimpleGrid>
        <Group>
          <Button
            type="submit"
            loading={isChecking || save.isPending}
            disabled={changed.length === 0}
          >
            Save details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
