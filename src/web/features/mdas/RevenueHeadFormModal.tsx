import { Alert, Button, Group, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type MdaView, RevenueHeadInput, type RevenueHeadView } from '../../../shared/mdas';
import { koboToNaira, nairaToKobo } from '../../../shared/money';
import { api } from '../../lib/api/api';
import { AppModal } from '../../lib/dialogs/AppModal';
import {
  type FieldNames,
  fieldByHead,
  showServerErrors,
  validateWith,
} from '../../lib/failures/formErrors';
import { changedFields } from '../../lib/forms/changedFields';
import { mdaKeys } from './queries';

type Values = { code: string; name: string; defaultAmount: number | string; isActive: boolean };

/** The amount is typed in naira; the API speaks kobo (docs/architecture.md §3). */
const NAMES: FieldNames = { defaultAmountKobo: 'defaultAmount' };

function toInput(values: Values) {
  const amount = values.defaultAmount;
  return {
    code: values.code.trim(),
    name: values.name.trim(),
    defaultAmountKobo: amount === '' ? null : nairaToKobo(Number(amount)),
    isActive: values.isActive,
  };
}

/** Add a revenue head to an MDA, or edit one (`head`). */
export function RevenueHeadFormModal(props: {
  mda: MdaView;
  head: RevenueHeadView | null;
  onClose: () => void;
}) {
  const { mda, head, onClose } = props;
  const title = head ? `Edit revenue head ${head.code}` : `Add a revenue head to ${mda.code}`;
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      code: head?.code ?? '',
      name: head?.name ?? '',
      defaultAmount: head?.defaultAmountKobo == null ? '' : koboToNaira(head.defaultAmountKobo),
      isActive: head?.isActive ?? true,
    },
    validate: validateWith(RevenueHeadInput, toInput, { fieldOf: fieldByHead(NAMES) }),
    validateInputOnBlur: true,
  });

  const save = useMutation({
    mutationFn: (values: Values) => {
      const input = toInput(values);
      const base = `/api/v1/mdas/${mda.id}/revenue-heads`;
      return head
        ? api.patch<RevenueHeadView>(
            `${base}/${head.id}`,
            changedFields(toInput(form.getInitialValues()), input),
          )
        : api.post<RevenueHeadView>(base, input);
    },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: mdaKeys.all });
      notifications.show({
        color: 'green',
        title: head ? 'Revenue head saved' : 'Revenue head added',
        message: `${saved.code} ${saved.name} (${mda.code})`,
      });
      onClose();
    },
    onError: (error) =>
      setFormError(
        showServerErrors(form, error, { fieldOf: fieldByHead(NAMES), whenAllOnFields: null }),
      ),
  });

  return (
    <AppModal
      opened
      onClose={onClose}
      title={title}
      size="md"
      closeButtonProps={{ 'aria-label': 'Close the revenue head form' }}
    >
      <form
        noValidate
        aria-label={title}
        onSubmit={form.onSubmit((values) => {
          setFormError(null);
          save.mutate(values);
        })}
      >
        <Stack gap="md">
          <TextInput
            label="Economic code"
            description="8 digits of the National Chart of Accounts, e.g. 12020401"
            inputMode="numeric"
            maxLength={8}
            withAsterisk
            data-autofocus
            {...form.getInputProps('code')}
          />
          <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
          <NumberInput
            label="Default amount (₦)"
            description="For a fixed fee. Leave empty when the amount varies from bill to bill."
            prefix="₦"
            thousandSeparator=","
            decimalScale={2}
            min={0}
            allowNegative={false}
            hideControls
            {...form.getInputProps('defaultAmount')}
          />
          {head && (
            <Switch label="Active" {...form.getInputProps('isActive', { type: 'checkbox' })} />
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
              {head ? 'Save revenue head' : 'Add revenue head'}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
