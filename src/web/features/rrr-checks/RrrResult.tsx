import { Alert, Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { formatKoboAsNaira } from '../../../shared/money';
import type { RrrOutcome } from '../../../shared/payments/enums';
import { formatRrr } from '../../../shared/payments/rrrText';
import type { RecheckResult, RrrStatusView } from '../../../shared/payments/views';

type RecheckOutcome = RecheckResult['outcome'];

import { systemQuery } from '../../lib/api/queries';
import { CheckFailureAlert } from '../../lib/failures/FailureAlert';
import { formatLagosDateTime } from '../../lib/format';
import { usePermission } from '../../lib/routing/usePermission';
import { CheckingOverlay, ResultTable } from './CheckParts';
import { checkRrrStatus, recheckRrr, simulatePayment } from './queries';

const OUTCOME_BADGES: Record<RrrOutcome, { label: string; color: string }> = {
  // Shades that carry white badge text at 4.5:1 or better (axe colour-contrast).
  paid: { label: 'Paid', color: 'green.9' },
  pending: { label: 'Not paid yet', color: 'notice.8' },
  failed: { label: 'Payment failed', color: 'red.9' },
  'not-found': { label: 'Not found', color: 'gray.8' },
  'configuration-error': { label: 'MDA set-up error', color: 'red.9' },
  unrecognised: { label: 'Unrecognised', color: 'gray.8' },
};

const RECHECK_TITLES: Record<RecheckOutcome, { title: string; color: string }> = {
  recorded: { title: 'Payment recorded', color: 'revenue' },
  'already-recorded': { title: 'Already recorded', color: 'revenue' },
  'not-paid': { title: 'Not paid yet: nothing recorded', color: 'notice' },
  'amount-mismatch': { title: 'Amount does not match: not recorded', color: 'red' },
};

/** A Remita date as a Lagos date and time; left as Remita wrote it when it is not ISO 8601. */
export function formatTransactionDate(value: string | null): string | null {
  if (!value) return null;
  return Number.isNaN(Date.parse(value)) ? value : formatLagosDateTime(value);
}

/**
 * The result view of "Check RRR" (docs/product.md §3 "RRR status result"), with the ledger's receipt
 * when there is one, "Re-check and record" for administrators and, in demo mode, a simulated
 * payment.
 */
export function RrrResult(props: {
  result: RrrStatusView;
  mdaId: string;
  onResult: (result: RrrStatusView) => void;
  onCheckAgain: () => void;
  onClose: () => void;
}) {
  const { result, mdaId, onResult, onCheckAgain, onClose } = props;
  const canRecheck = usePermission('rrr:repush');
  const { data: system } = useQuery(systemQuery());

  const recheck = useMutation({ mutationFn: () => recheckRrr(result.rrr, mdaId) });
  // The simulator marks the RRR paid; checking it again is what records the payment.
  const pay = useMutation({
    mutationFn: async () => {
      await simulatePayment(result.rrr);
      return checkRrrStatus(result.rrr, mdaId);
    },
    onSuccess: onResult,
  });

  const badge = OUTCOME_BADGES[result.outcome];
  const isBusy = recheck.isPending || pay.isPending;
  return (
    <Box pos="relative">
      <CheckingOverlay visible={pay.isPending} />
      <Stack gap="md">
        <Group gap="sm">
          <Text fw={600}>Status with Remita</Text>
          <Badge color={badge.color} variant="filled">
            {badge.label}
          </Badge>
        </Group>
        <ResultTable
          rows={[
            ['RRR', formatRrr(result.rrr)],
            ['Payer Name', result.payerName],
            ['Status', `${result.status} (code ${result.statusCode})`],
            ['Order ID', result.orderId],
            ['Amount', result.amountKobo === null ? null : formatKoboAsNaira(result.amountKobo)],
            ['Message', result.message],
            ['Transaction Date', formatTransactionDate(result.transactionDate)],
            ...(result.payment?.receiptNumber
              ? [['Receipt Number', result.payment.receiptNumber] as [string, string]]
              : []),
          ]}
        />
        {result.outcome === 'paid' && !result.payment?.receiptNumber && (
          <Text size="sm" c="dimmed">
            Remita says this RRR is paid, but RevDesk holds no receipt for it.
          </Text>
        )}
        {recheck.isSuccess && (
          <Alert
            color={RECHECK_TITLES[recheck.data.outcome].color}
            variant="light"
            role="status"
            title={RECHECK_TITLES[recheck.data.outcome].title}
          >
            {recheck.data.message}
          </Alert>
        )}
        {recheck.isError && (
          <CheckFailureAlert title="The RRR was not re-checked" error={recheck.error} />
        )}
        {canRecheck && (
          <Text size="sm" c="dimmed" id="recheck-help">
            Re-check and record asks Remita for this RRR's status again and, if it is paid for the
            bill's amount, records the payment as Remita's notification would. It never records a
            payment twice.
          </Text>
        )}
        {pay.isError && (
          <CheckFailureAlert title="The payment was not simulated" error={pay.error} />
        )}
        <Group justify="flex-end">
          {system?.simulators && result.outcome === 'pending' && (
            <Button
              variant="outline"
              color="notice.8"
              onClick={() => pay.mutate()}
              loading={pay.isPending}
              disabled={isBusy}
            >
              Simulate payment
            </Button>
          )}
          {canRecheck && (
            <Button
              variant="default"
              onClick={() => recheck.mutate()}
              loading={recheck.isPending}
              disabled={isBusy}
              aria-describedby="recheck-help"
            >
              Re-check and record
            </Button>
          )}
          <Button variant="default" onClick={onCheckAgain} disabled={isBusy}>
            Check Again
          </Button>
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Box>
  );
}
