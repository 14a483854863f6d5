import {
  Alert,
  Button,
  Group,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StatementLineView } from '../../../../shared/bank/matching';
import { formatKoboAsNaira } from '../../../../shared/money';
import { AppModal } from '../../../lib/dialogs/AppModal';
import { showServerErrors } from '../../../lib/failures/formErrors';
import { formatCalendarDate } from '../../../lib/format';
import { TaxpayerPicker } from '../../../lib/forms/TaxpayerPicker';
import { mdaOptionsQuery } from '../../officers/queries';
import { revenueHeadsQuery } from '../../payments/queries';
import {
  type BankAccount,
  bankKeys,
  markNotRevenue,
  pickPayment,
  postLine,
  undoDecision,
} from './queries';

export type LineAction = 'post' | 'pick' | 'not-revenue' | 'undo';

const TITLES: Record<LineAction, string> = {
  post: 'Post as payment',
  pick: 'Pick the payment',
  'not-revenue': 'Mark not revenue',
  undo: 'Undo the decision',
};

const REASON_HINT = 'Needed when the day is signed off already; kept with the sign-off.';

type Values = {
  mdaId: string | null;
  revenueHeadCode: string;
  btin: string;
  payerName: string;
  paymentId: string;
  reason: string;
};

/**
 * One officer's decision about a credit, in a dialog: post it as a payment (MDA, revenue head,
 * payer by BTIN or name), pick one of an ambiguous credit's payments, mark it not revenue, or
 * undo a match or mark. Each with the line's figures on top, so the officer sees what they decide.
 */
export function LineDecision(props: {
  line: StatementLineView;
  action: LineAction;
  account: BankAccount | undefined;
  onClose: () => void;
}) {
  const { line, action } = props;
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [posted, setPosted] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      mdaId: props.account?.mdaId ?? null,
      revenueHeadCode: '',
      btin: '',
      payerName: '',
      paymentId: line.candidates[0]?.id ?? '',
      reason: '',
    },
  });
  const mdas = useQuery({ ...mdaOptionsQuery(), enabled: action === 'post' });
  const heads = useQuery({
    ...revenueHeadsQuery(form.values.mdaId),
    enabled: action === 'post' && form.values.mdaId !== null,
  });
  const reason = form.values.reason.trim() || undefined;

  const save = useMutation({
    mutationFn: async (values: Values): Promise<string | null> => {
      if (action === 'post') {
        const payment = await postLine(line.id, {
          mdaId: values.mdaId ?? '',
          revenueHeadCode: values.revenueHeadCode,
          ...(values.btin.trim() ? { btin: values.btin.trim() } : {}),
          ...(values.payerName.trim() ? { payerName: values.payerName.trim() } : {}),
          ...(reason ? { reason } : {}),
        });
        return payment.receiptNumber;
      }
      if (action === 'pick') {
        await pickPayment(line.id, { paymentId: values.paymentId, ...(reason ? { reason } : {}) });
      } else if (action === 'not-revenue') {
        await markNotRevenue(line.id, { reason: values.reason.trim() });
      } else {
        await undoDecision(line.id, { reason: values.reason.trim() });
      }
      return null;
    },
    onSuccess: (receipt) => {
      void queryClient.invalidateQueries({ queryKey: bankKeys.lines() });
      void queryClient.invalidateQueries({ queryKey: bankKeys.reconciliations() });
      if (receipt) setPosted(receipt);
      else props.onClose();
    },
    onError: (error) => setFormError(showServerErrors(form, error, { whenAllOnFields: null })),
  });

  const reasonField = (required: boolean) => (
    <Textarea
      label="Reason"
      description={required ? undefined : REASON_HINT}
      withAsterisk={required}
      autosize
      minRows={2}
      {...form.getInputProps('reason')}
    />
  );

  return (
    <AppModal
      opened
      onClose={props.onClose}
      title={TITLES[action]}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close the dialog' }}
    >
      {posted ? (
        <Stack gap="md">
          <Alert color="revenue" variant="light" role="status" title="Posted">
            The credit is in the ledger as receipt {posted}.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={props.onClose} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          aria-label={TITLES[action]}
          onSubmit={form.onSubmit((values) => {
            setFormError(null);
            save.mutate(values);
          })}
        >
          <Stack gap="md">
            <Text size="sm">
              {formatKoboAsNaira(line.amountKobo)} on {formatCalendarDate(line.valueDate)} ·{' '}
              {line.bankReference}
              <br />
              <Text span c="dimmed" size="sm">
                {line.narration}
              </Text>
            </Text>
            {action === 'post' && (
              <>
                <Select
                  label="MDA"
                  placeholder={mdas.isError ? 'MDAs could not be loaded' : 'Choose the MDA'}
                  data={(mdas.data ?? [])
                    .filter((m) => m.isActive || m.id === props.account?.mdaId)
                    .map((m) => ({ value: m.id, label: `${m.code} · ${m.name}` }))}
                  searchable
                  withAsterisk
                  disabled={Boolean(props.account?.mdaId)}
                  description={
                    props.account?.mdaId ? 'This account collects for one MDA.' : undefined
                  }
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
                    form.values.mdaId === null ? 'Choose the MDA first' : 'Choose the revenue head'
                  }
                  data={(heads.data?.items ?? []).map((h) => ({
                    value: h.code,
                    label: `${h.code} · ${h.name}`,
                  }))}
                  disabled={form.values.mdaId === null}
                  searchable
                  withAsterisk
                  {...form.getInputProps('revenueHeadCode')}
                  value={form.values.revenueHeadCode || null}
                  onChange={(code) => form.setFieldValue('revenueHeadCode', code ?? '')}
                />
                <TaxpayerPicker
                  label="Payer (BTIN)"
                  description="Find the taxpayer by name, BTIN, phone or e-mail; or give the payer's name below."
                  value={form.values.btin}
                  error={form.errors.btin}
                  onChange={(btin) => form.setFieldValue('btin', btin)}
                />
                <TextInput label="Payer's name" {...form.getInputProps('payerName')} />
                {reasonField(false)}
              </>
            )}
            {action === 'pick' && (
              <>
                <Radio.Group
                  label="The payment this credit is"
                  withAsterisk
                  {...form.getInputProps('paymentId')}
                >
                  <Stack gap="xs" mt="xs">
                    {line.candidates.map((c) => (
                      <Radio
                        key={c.id}
                        value={c.id}
                        label={`${c.receiptNumber ?? c.rrr ?? c.id} · ${formatKoboAsNaira(c.amountKobo)} · ${formatCalendarDate(c.paymentDate)}`}
                        description={[c.payerName, c.mdaName, c.channel]
                          .filter(Boolean)
                          .join(' · ')}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
                {reasonField(false)}
              </>
            )}
            {(action === 'not-revenue' || action === 'undo') && reasonField(true)}
            {formError && (
              <Alert color="red" variant="light" role="alert">
                {formError}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={props.onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                {TITLES[action]}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </AppModal>
  );
}
