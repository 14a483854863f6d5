import { Alert, Button, Group, Select, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { koboToNaira, nairaToKobo } from '../../../../shared/money';
import {
  PAYMENT_TYPE_LABELS,
  PAYMENT_TYPES,
  type PaymentType,
} from '../../../../shared/payments/enums';
import { InvoiceInput, type PaymentView } from '../../../../shared/payments/views';
import { AppModal } from '../../../lib/dialogs/AppModal';
import { fieldByHead, showServerErrors, validateWith } from '../../../lib/failures/formErrors';
import { selectOptions } from '../../../lib/format';
import { NairaInput } from '../../../lib/money/NairaInput';
import { mdaOptionsQuery } from '../../officers/queries';
import { paymentKeys, raiseBill, revenueHeadsQuery } from '../queries';
import { RaisedBill } from './RaisedBill';

type Values = {
  mdaId: string | null;
  revenueHeadCode: string;
  amount: number | string;
  description: string;
  type: PaymentType | null;
};

/** The amount is typed in naira; the API speaks kobo (docs/architecture.md §3). */
const NAMES = { amountKobo: 'amount' };

function toInput(btin: string, values: Values) {
  return {
    btin,
    mdaId: values.mdaId ?? '',
    revenueHeadCode: values.revenueHeadCode.trim(),
    amountKobo: values.amount === '' ? 0 : nairaToKobo(Number(values.amount)),
    description: values.description.trim(),
    ...(values.type ? { type: values.type } : {}),
  };
}

/**
 * "Raise a bill" on a taxpayer's page: Remita issues an RRR for it, which the taxpayer pays at
 * a bank, by card or at a POS (POST /api/v1/invoices). The RRR is shown large, with a
 * copy button, because the officer reads it out or writes it down for the taxpayer.
 */
export function RaiseBillModal(props: { btin: string; payerName: string; onClose: () => void }) {
  const [raised, setRaised] = useState<PaymentView | null>(null);
  const title = raised ? 'Bill raised' : `Raise a bill for ${props.payerName}`;
  return (
    <AppModal
      opened
      onClose={props.onClose}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close the bill form' }}
    >
      {raised ? (
        <RaisedBill bill={raised} onClose={props.onClose} />
      ) : (
        <BillForm btin={props.btin} onRaised={setRaised} onCancel={props.onClose} />
      )}
    </AppModal>
  );
}

function BillForm(props: {
  btin: string;
  onRaised: (bill: PaymentView) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { mdaId: null, revenueHeadCode: '', amount: '', description: '', type: null },
    // Checked on submit only: a message appearing on blur moved the button from under the
    // officer's pointer between mousedown and mouseup, and the click was lost.
    validate: validateWith(InvoiceInput, (values: Values) => toInput(props.btin, values), {
      fieldOf: fieldByHead(NAMES),
    }),
  });
  const mdas = useQuery(mdaOptionsQuery());
  const mda = useQuery(revenueHeadsQuery(form.values.mdaId));
  const heads = mda.data?.items ?? [];

  const raise = useMutation({
    mutationFn: (values: Values) => raiseBill(toInput(props.btin, values)),
    onSuccess: (bill) => {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      props.onRaised(bill);
    },
    onError: (error) =>
      setFormError(
        showServerErrors(form, error, { fieldOf: fieldByHead(NAMES), whenAllOnFields: null }),
      ),
  });

  return (
    <form
      noValidate
      aria-label="Raise a bill"
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        raise.mutate(values);
      })}
    >
      <Stack gap="md">
        <Select
          label="MDA"
          placeholder={mdas.isError ? 'MDAs could not be loaded' : 'Choose the MDA'}
          data={(mdas.data ?? [])
            .filter((each) => each.isActive)
            .map((each) => ({ value: each.id, label: `${each.code} · ${each.name}` }))}
          searchable
          withAsterisk
          nothingFoundMessage="No MDA of that name"
          data-autofocus
          {...form.getInputProps('mdaId')}
          onChange={(mdaId) => {
            form.setFieldValue('mdaId', mdaId);
            form.setFieldValue('revenueHeadCode', '');
          }}
        />
        <Select
          label="Revenue head"
          placeholder={
            form.values.mdaId === null
              ? 'Choose the MDA first'
              : mda.isError
                ? 'Revenue heads could not be loaded'
                : 'Choose the revenue head'
          }
          data={heads.map((head) => ({ value: head.code, label: `${head.code} · ${head.name}` }))}
          disabled={form.values.mdaId === null}
          searchable
          withAsterisk
          nothingFoundMessage="This MDA has no active revenue head of that name"
          {...form.getInputProps('revenueHeadCode')}
          value={form.values.revenueHeadCode || null}
          onChange={(code) => {
            form.setFieldValue('revenueHeadCode', code ?? '');
            const amount = heads.find((head) => head.code === code)?.defaultAmountKobo;
            // A fixed fee fills the amount in; the officer may still change it.
            if (amount != null && form.values.amount === '') {
              form.setFieldValue('amount', koboToNaira(amount));
            }
          }}
        />
        <NairaInput label="Amount (₦)" withAsterisk {...form.getInputProps('amount')} />
        <Select
          label="What it pays for"
          placeholder="Not said"
          data={selectOptions(PAYMENT_TYPES, PAYMENT_TYPE_LABELS)}
          clearable
          {...form.getInputProps('type')}
        />
        <Textarea
          label="Description"
          description="Printed on the bill and the receipt, e.g. 2026 development levy"
          withAsterisk
          autosize
          minRows={2}
          maxLength={200}
          {...form.getInputProps('description')}
        />
        {formError && (
          <Alert color="red" variant="light" role="alert" title="The bill was not raised">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={raise.isPending}>
            Raise bill
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
