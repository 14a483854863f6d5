import { Alert, Button, Group, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  BANK_LABELS,
  BankAccountInput,
  type BankAccountView,
  MATCH_WINDOW_DEFAULT_DAYS,
  MATCH_WINDOW_MAX_DAYS,
} from '../../../../shared/bank/accounts';
import { BANKS, type Bank } from '../../../../shared/bank/enums';
import { api } from '../../../lib/api/api';
import { AppModal } from '../../../lib/dialogs/AppModal';
import { showServerErrors, validateWith } from '../../../lib/failures/formErrors';
import { accountMdasQuery, bankAccountKeys } from './queries';

type AccountValues = {
  bank: Bank;
  accountNumber: string;
  name: string;
  /** '' for the general account. */
  mdaId: string;
  /** '' while the field is emptied: the schema then names it. */
  matchWindowDays: number | string;
  isActive: boolean;
};

function valuesOf(account: BankAccountView | null): AccountValues {
  return {
    bank: account?.bank ?? 'fidelity',
    accountNumber: account?.accountNumber ?? '',
    name: account?.name ?? '',
    mdaId: account?.mdaId ?? '',
    matchWindowDays: account?.matchWindowDays ?? MATCH_WINDOW_DEFAULT_DAYS,
    isActive: account?.isActive ?? true,
  };
}

function toInput(values: AccountValues): BankAccountInput {
  return {
    bank: values.bank,
    accountNumber: values.accountNumber.trim(),
    name: values.name.trim(),
    mdaId: values.mdaId === '' ? null : values.mdaId,
    // An emptied field is sent as NaN so the schema refuses it in words, never as a default.
    matchWindowDays:
      typeof values.matchWindowDays === 'number' ? values.matchWindowDays : Number.NaN,
  };
}

/** "New account" (no `account`) or the change of one, in the house dialog (ADR 0012). */
export function AccountFormModal(props: {
  opened: boolean;
  account: BankAccountView | null;
  onClose: () => void;
}) {
  const title = props.account ? `Edit ${props.account.name}` : 'New collection account';
  return (
    <AppModal
      opened={props.opened}
      onClose={props.onClose}
      title={title}
      size="md"
      closeButtonProps={{ 'aria-label': 'Close the collection account form' }}
    >
      <AccountForm
        key={props.account?.id ?? 'new'}
        account={props.account}
        title={title}
        onClose={props.onClose}
      />
    </AppModal>
  );
}

function AccountForm({
  account,
  title,
  onClose,
}: {
  account: BankAccountView | null;
  title: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const mdas = useQuery(accountMdasQuery());
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AccountValues>({
    mode: 'controlled',
    initialValues: valuesOf(account),
    validate: validateWith(BankAccountInput, toInput),
    validateInputOnBlur: true,
  });

  const save = useMutation({
    mutationFn: (values: AccountValues) => {
      const input = toInput(values);
      return account
        ? api.patch<BankAccountView>(`/api/v1/bank/accounts/${account.accountNumber}`, {
            name: input.name,
            mdaId: input.mdaId,
            matchWindowDays: input.matchWindowDays,
            isActive: values.isActive,
          })
        : api.post<BankAccountView>('/api/v1/bank/accounts', input);
    },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: bankAccountKeys.all });
      notifications.show({
        color: 'green',
        title: account ? 'Collection account saved' : 'Collection account added',
        message: `${saved.name} (${saved.accountNumber})${saved.isActive ? '' : ': deactivated'}`,
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
        <Select
          label="Bank"
          withAsterisk
          allowDeselect={false}
          disabled={account !== null}
          data={BANKS.map((bank) => ({ value: bank, label: BANK_LABELS[bank] }))}
          {...form.getInputProps('bank')}
        />
        <TextInput
          label="Account number"
          description="The ten-digit NUBAN"
          withAsterisk
          inputMode="numeric"
          maxLength={10}
          disabled={account !== null}
          data-autofocus={account === null ? true : undefined}
          {...form.getInputProps('accountNumber')}
        />
        <TextInput
          label="Account name"
          description="As the bank holds it"
          withAsterisk
          maxLength={120}
          {...form.getInputProps('name')}
        />
        <Select
          label="Collects for"
          description="Leave empty for the service’s general account"
          placeholder="General (the service’s own)"
          clearable
          searchable
          data={mdas.data ?? []}
          nothingFoundMessage="No MDA of that name"
          value={form.values.mdaId === '' ? null : form.values.mdaId}
          onChange={(value) => form.setFieldValue('mdaId', value ?? '')}
          error={form.errors.mdaId}
        />
        <NumberInput
          label="Matching window (days)"
          description="How many days either side of a credit’s value date a payment of the same amount is matched to it; 3 suits next-working-day settlement"
          withAsterisk
          min={0}
          max={MATCH_WINDOW_MAX_DAYS}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          {...form.getInputProps('matchWindowDays')}
        />
        {account && (
          <Switch
            label="Active"
            description="A deactivated account keeps its statements but is no longer fetched"
            {...form.getInputProps('isActive', { type: 'checkbox' })}
          />
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
            {account ? 'Save changes' : 'Add account'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
