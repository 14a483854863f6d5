import {
  Alert,
  Button,
  Divider,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MDA_CATEGORIES, MDA_CATEGORY_LABELS, MdaInput, type MdaView } from '../../../shared/mdas';
import { api } from '../../lib/api/api';
import { AppModal } from '../../lib/dialogs/AppModal';
import { showServerErrors, validateWith } from '../../lib/failures/formErrors';
import { changedFields } from '../../lib/forms/changedFields';
import { ApiKeyField } from './ApiKeyField';
import { apiKeyChange, type MdaValues, mdaValues, toMdaFields, toMdaInput } from './mdaFormValues';
import { mdaKeys } from './queries';
import { RemitaFaultAlert } from './RemitaFault';

/** "Add MDA" (no `mda`) or the edit of one. Remita's API key is write-only here. */
export function MdaFormModal(props: { opened: boolean; mda: MdaView | null; onClose: () => void }) {
  const title = props.mda ? `Edit ${props.mda.name}` : 'Add an MDA';
  return (
    <AppModal
      opened={props.opened}
      onClose={props.onClose}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close the MDA form' }}
    >
      {/* Keyed by MDA: opening another MDA starts from its own values. */}
      <MdaForm key={props.mda?.id ?? 'new'} mda={props.mda} title={title} onClose={props.onClose} />
    </AppModal>
  );
}

function MdaForm({
  mda,
  title,
  onClose,
}: {
  mda: MdaView | null;
  title: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<MdaValues>({
    mode: 'controlled',
    initialValues: mdaValues(mda),
    validate: validateWith(MdaInput, toMdaInput),
    validateInputOnBlur: true,
  });

  const save = useMutation({
    mutationFn: (values: MdaValues) =>
      mda
        ? api.patch<MdaView>(`/api/v1/mdas/${mda.id}`, {
            ...changedFields(toMdaFields(form.getInitialValues()), toMdaFields(values)),
            ...apiKeyChange(values),
          })
        : api.post<MdaView>('/api/v1/mdas', toMdaInput(values)),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: mdaKeys.all });
      notifications.show({
        color: 'green',
        title: mda ? 'MDA saved' : 'MDA added',
        message: `${saved.code} — ${saved.name}`,
      });
      onClose();
    },
    onError: (error) => setFormError(showServerErrors(form, error, { whenAllOnFields: null })),
  });

  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        save.mutate(values);
      })}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Code"
            description="e.g. BIRS, MOH, LG-YEN"
            withAsterisk
            maxLength={12}
            data-autofocus
            {...form.getInputProps('code')}
            // Codes are capitals (BIRS, LG-YEN): typed in lower case, they show as they will be saved.
            onChange={(event) =>
              form.setFieldValue('code', event.currentTarget.value.toUpperCase())
            }
          />
          <TextInput
            label="Short name"
            description="Optional, e.g. Lands"
            {...form.getInputProps('shortName')}
          />
        </SimpleGrid>
        <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Category"
            withAsterisk
            placeholder="Choose a category"
            data={MDA_CATEGORIES.map((c) => ({ value: c, label: MDA_CATEGORY_LABELS[c] }))}
            {...form.getInputProps('category')}
          />
          <Switch
            mt={{ sm: 30 }}
            label="Active"
            description="Inactive MDAs are left out of the MDA selects"
            {...form.getInputProps('isActive', { type: 'checkbox' })}
          />
        </SimpleGrid>

        <Divider />
        <Title order={2} size="h5">
          Remita
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Merchant ID"
            inputMode="numeric"
            description="Digits, e.g. 2547916"
            {...form.getInputProps('merchantId')}
          />
          <TagsInput
            label="Service type IDs"
            description="Press Enter after each, e.g. 4430731"
            clearable
            {...form.getInputProps('serviceTypeIds')}
          />
        </SimpleGrid>
        <ApiKeyField form={form} hasKey={mda?.hasRemitaCredentials ?? false} isNew={!mda} />
        {mda?.remitaFault && <RemitaFaultAlert fault={mda.remitaFault} />}

        {formError && (
          <Alert color="red" variant="light" role="alert" title="Not saved">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {mda ? 'Save changes' : 'Add MDA'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
