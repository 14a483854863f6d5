import { Button, Group, Paper, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconFileOff } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { PaymentView, ReasonInput } from '../../../../shared/payments/views';
import { Spinner } from '../../../lib/pending/Spinner';
import { usePermission } from '../../../lib/routing/usePermission';
import { shownRrr } from '../format';
import { cancelBill, paymentKeys, reversePayment } from '../queries';

/** The reason form validates with zod: fetched when it opens (docs/architecture.md §9 "Web"). */
const ReasonForm = lazy(() =>
  import('./ReasonForm').then((module) => ({ default: module.ReasonForm })),
);

type Change = 'reverse' | 'cancel';

const CHANGES: Record<
  Change,
  { button: string; title: string; description: string; done: string; run: typeof reversePayment }
> = {
  reverse: {
    button: 'Reverse payment',
    title: 'Reverse this payment',
    description:
      'The payment stays in the ledger as reversed and its e-receipt is no longer genuine. Say why, e.g. the bank recalled the money.',
    done: 'Payment reversed',
    run: reversePayment,
  },
  cancel: {
    button: 'Cancel bill',
    title: 'Cancel this bill',
    description:
      'The RRR can no longer be paid into RevDesk. Say why, e.g. the bill was raised for the wrong amount.',
    done: 'Bill cancelled',
    run: cancelBill,
  },
};

/**
 * What may change a payment's status by hand: an administrator reverses a paid one
 * (payment:reverse); a biller cancels a bill not yet paid (invoice:write). A refusal, such as a
 * payment reversed meanwhile by someone else (409), is shown as the server says it.
 */
export function PaymentStatusActions({ payment }: { payment: PaymentView }) {
  const canReverse = usePermission('payment:reverse');
  const canCancel = usePermission('invoice:write');
  const [open, setOpen] = useState<Change | null>(null);
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: ({ kind, input }: { kind: Change; input: ReasonInput }) =>
      CHANGES[kind].run(payment.id, input),
    onSuccess: (changed, { kind }) => {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      notifications.show({
        color: 'green',
        title: CHANGES[kind].done,
        message: changed.receiptNumber ?? shownRrr(changed.rrr),
      });
      setOpen(null);
    },
  });

  const available: Change[] = [
    ...(canReverse && payment.status === 'paid' ? (['reverse'] as const) : []),
    // A demand notice's bill is cancelled with its notice, never alone (the server says 409).
    ...(canCancel && payment.status === 'pending' && payment.subjectKind !== 'demand_notice'
      ? (['cancel'] as const)
      : []),
  ];
  if (available.length === 0) return null;
  if (open === null) {
    return (
      <Group gap="sm">
        {available.map((kind) => (
          <Button
            key={kind}
            variant="outline"
            color="red.9"
            leftSection={
              kind === 'reverse' ? (
                <IconArrowBackUp size={16} aria-hidden="true" />
              ) : (
                <IconFileOff size={16} aria-hidden="true" />
              )
            }
            onClick={() => {
              change.reset();
              setOpen(kind);
            }}
          >
            {CHANGES[kind].button}
          </Button>
        ))}
      </Group>
    );
  }
  const chosen = CHANGES[open];
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h5" mb="sm">
        {chosen.title}
      </Title>
      <Suspense fallback={<Spinner size="sm" label="Loading the form" />}>
        <ReasonForm
          title={chosen.title}
          description={chosen.description}
          submitLabel={chosen.button}
          isPending={change.isPending}
          error={change.error}
          onSubmit={(input) => change.mutate({ kind: open, input })}
          onCancel={() => setOpen(null)}
        />
      </Suspense>
    </Paper>
  );
}
