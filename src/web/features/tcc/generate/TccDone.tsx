import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { formatKoboAsNaira } from '../../../../shared/money';
import type { PaymentView } from '../../../../shared/payments/views';
import { TCC_STATUS_LABELS } from '../../../../shared/tcc/enums';
import type { TccCreated } from '../../../../shared/tcc/views';
import { api } from '../../../lib/api/api';
import { Spinner } from '../../../lib/pending/Spinner';
import { usePermission } from '../../../lib/routing/usePermission';
import { useShellBase } from '../../../shell/shellPaths';
import { tccKeys, tccQuery } from '../common/queries';

// The fee's bill, drawn with the payments' parts, loads when a certificate waits for its fee,
// not with the generate page (docs/architecture.md §9 "Web").
const RaisedBill = lazy(() =>
  import('../../payments/bills/RaisedBill').then((module) => ({ default: module.RaisedBill })),
);

/**
 * What the officer sees once the certificate is generated (or an amended one sent back): its
 * number and status, the fee's RRR when it waits for payment, and the way to its page.
 */
export function TccDone(props: { done: TccCreated; resubmitted: boolean; onAnother: () => void }) {
  const { done } = props;
  const base = useShellBase();
  const ref = useRef<HTMLDivElement>(null);
  // The officer pressed Submit at the foot of the form: bring the answer into view.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'start' });
  }, []);
  return (
    <Alert
      ref={ref}
      style={{ scrollMarginTop: 80 }}
      color="revenue"
      variant="light"
      role="status"
      icon={<IconCircleCheck size={20} aria-hidden="true" />}
      title={`Certificate ${done.number} ${props.resubmitted ? 'sent back for approval' : 'generated'}`}
    >
      <Stack gap="sm">
        <Text size="sm">
          Status: <strong data-testid="tcc-done-status">{TCC_STATUS_LABELS[done.status]}</strong>
        </Text>
        {done.status === 'awaiting_payment' && <FeeBill id={done.id} onDone={props.onAnother} />}
        <Group gap="sm">
          <Button component={Link} to={`${base}/taxs/tcc/${done.id}`} size="sm">
            Open certificate {done.number}
          </Button>
          {!props.resubmitted && (
            <Button variant="default" size="sm" onClick={props.onAnother}>
              Generate another
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * The processing fee's bill (docs/architecture.md §5: awaiting_payment until its RRR is paid): the RRR to
 * give the taxpayer, or, when Remita did not issue one, the way to raise it again
 * (POST /api/v1/tcc/{id}/bill).
 */
function FeeBill({ id, onDone }: { id: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const tcc = useQuery(tccQuery(id));
  const mayReadPayments = usePermission('payment:read');
  const fee = tcc.data?.fee ?? null;
  const payment = useQuery({
    queryKey: ['payments', 'one', fee?.paymentId ?? ''] as const,
    queryFn: () => api.get<PaymentView>(`/api/v1/payments/${fee?.paymentId ?? ''}`),
    enabled: mayReadPayments && Boolean(fee?.paymentId),
  });
  const raise = useMutation({
    mutationFn: () =>
      api.post<{ bill: PaymentView }>(`/api/v1/tcc/${encodeURIComponent(id)}/bill`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tccKeys.detail(id) }),
  });
  if (raise.data) return <FeeBillShown bill={raise.data.bill} onClose={onDone} />;
  if (tcc.isPending) {
    return (
      <Text size="sm" c="dimmed">
        Loading the fee’s bill…
      </Text>
    );
  }
  if (tcc.isError) {
    return (
      <Text size="sm" c="red.8">
        The fee’s bill could not be loaded: {tcc.error.message}
      </Text>
    );
  }
  if (!fee) return null;
  if (payment.data?.rrr) {
    return <FeeBillShown bill={payment.data} onClose={onDone} />;
  }
  if (fee.rrr) {
    return (
      <Text size="sm">
        Processing fee {formatKoboAsNaira(fee.amountKobo)}: RRR{' '}
        <strong data-testid="raised-rrr">{fee.rrr}</strong>. The certificate goes to the Director of
        Assessment once it is paid.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm">
        The processing fee of {formatKoboAsNaira(fee.amountKobo)} has no RRR yet: Remita did not
        issue one.
      </Text>
      {raise.isError && (
        <Text size="sm" c="red.8" role="alert">
          The bill was not raised: {raise.error.message}
        </Text>
      )}
      <Group>
        <Button
          size="sm"
          variant="default"
          loading={raise.isPending}
          onClick={() => raise.mutate()}
        >
          Raise the fee bill
        </Button>
      </Group>
    </Stack>
  );
}

function FeeBillShown(props: { bill: PaymentView; onClose: () => void }) {
  return (
    <Suspense fallback={<Spinner label="Loading the fee’s bill" size="sm" />}>
      <RaisedBill {...props} />
    </Suspense>
  );
}
