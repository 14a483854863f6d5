import { Alert, Button, Group, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TaxpayerPatch, TaxpayerView } from '../../../../shared/taxpayers';
import { api, isApiError } from '../../../lib/api/api';
import { AppModal } from '../../../lib/dialogs/AppModal';
import { fieldByPath, showServerErrors } from '../../../lib/failures/formErrors';
import { changedFields } from '../../../lib/forms/changedFields';
import { taxpayerKeys } from '../queries';
import { CorporateFields } from './fields/CorporateFields';
import { IndividualFields } from './fields/IndividualFields';
import {
  type CorporateValues,
  changedStatus,
  type IndividualValues,
  toCorporateInput,
  toIndividualInput,
} from './formValues';
import { useCorporateForm, useIndividualForm } from './useTaxpayerForms';

const CONFLICT_MESSAGE =
  'Someone else changed this taxpayer while you were editing. Reload to see their changes, then make yours again.';

/** The registration form, prefilled: only the changed fields and the version seen are sent. */
export function EditTaxpayerModal({ view, onClose }: { view: TaxpayerView; onClose: () => void }) {
  return (
    <AppModal
      opened
      onClose={onClose}
      title={`Edit ${view.displayName}`}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close the edit form' }}
    >
      {view.kind === 'individual' ? (
        <EditIndividual view={view} onClose={onClose} />
      ) : (
        <EditCorporate view={view} onClose={onClose} />
      )}
    </AppModal>
  );
}

function EditIndividual({ view, onClose }: { view: TaxpayerView; onClose: () => void }) {
  const form = useIndividualForm(view);
  return (
    <EditForm view={view} form={form} onClose={onClose} toInput={toIndividualInput}>
      <IndividualFields form={form} isEdit />
    </EditForm>
  );
}

function EditCorporate({ view, onClose }: { view: TaxpayerView; onClose: () => void }) {
  const form = useCorporateForm(view);
  return (
    <EditForm view={view} form={form} onClose={onClose} toInput={toCorporateInput}>
      <CorporateFields form={form} isEdit />
    </EditForm>
  );
}

function EditForm<V extends IndividualValues | CorporateValues, I extends object>({
  view,
  form,
  toInput,
  onClose,
  children,
}: {
  view: TaxpayerView;
  form: UseFormReturnType<V>;
  toInput: (values: V) => I;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [isConflict, setConflict] = useState(false);

  const save = useMutation({
    mutationFn: (patch: TaxpayerPatch) =>
      api.patch<TaxpayerView>(`/api/v1/taxpayers/${view.btin}`, patch),
    onSuccess: (updated) => {
      queryClient.setQueryData(taxpayerKeys.one(view.btin), updated);
      void queryClient.invalidateQueries({ queryKey: taxpayerKeys.history(view.btin) });
      void queryClient.invalidateQueries({ queryKey: taxpayerKeys.lists() });
      notifications.show({
        color: 'green',
        title: 'Changes saved',
        message: `${updated.displayName} is updated.`,
      });
      onClose();
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'CONFLICT') {
        setConflict(true);
        return;
      }
      setFormError(showServerErrors(form, error, { fieldOf: fieldByPath }));
    },
  });

  const submit = (values: V) => {
    setFormError(null);
    const initial = form.getInitialValues();
    const changes = changedFields(toInput(initial), toInput(values));
    const status = changedStatus(initial.status, values.status);
    if (Object.keys(changes).length === 0 && !status) {
      notifications.show({ title: 'Nothing changed', message: 'The record is as it was.' });
      onClose();
      return;
    }
    save.mutate({
      ...changes,
      ...(status ? { status } : {}),
      version: view.version,
    } as TaxpayerPatch);
  };

  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: taxpayerKeys.one(view.btin) });
    onClose();
  };

  return (
    <form noValidate aria-label={`Edit ${view.displayName}`} onSubmit={form.onSubmit(submit)}>
      <Stack gap="lg">
        {children}
        {isConflict && (
          <Alert color="red" variant="light" role="alert" title="Not saved">
            <Stack gap="sm" align="flex-start">
              {CONFLICT_MESSAGE}
              <Button size="xs" onClick={() => void reload()}>
                Reload
              </Button>
            </Stack>
          </Alert>
        )}
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
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
