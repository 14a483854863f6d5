import { Alert, Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatKoboAsNaira } from '../../../../shared/money';
import { PAYMENT_TYPE_LABELS, type PaymentArrival } from '../../../../shared/payments/enums';
import type { PaymentView } from '../../../../shared/payments/views';
import { AppDrawer } from '../../../lib/dialogs/AppModal';
import { formatLagosDateTime, formatPhone } from '../../../lib/format';
import { Spinner } from '../../../lib/pending/Spinner';
import { CardPaymentAction } from '../card/CardPaymentAction';
import {
  CHANNEL_LABELS,
  RRR_PENDING_CONFIRMATION,
  STATUS_COLORS,
  STATUS_LABELS,
  shownRrr,
} from '../format';
import { paymentQuery, receiptPdfUrl } from '../queries';
import { PaymentStatusActions } from './PaymentStatusActions';

const ARRIVAL_LABELS: Record<PaymentArrival, string> = {
  notification: 'Remita notification',
  'status-check': 'RRR status check',
  batch: 'Batch RRR check',
  manual: 'Entered by hand',
  invoice: 'Bill raised in RevDesk',
  push: 'Sent by the POS provider',
  pull: "Caught up from the POS provider's day",
  file: "Confirmed from the POS provider's settlement file",
  statement: 'Posted from a bank statement',
};

/** One payment over the list: every field the ledger holds, its e-receipt, and its actions. */
export function PaymentDetailsDrawer(props: {
  paymentId: string | undefined;
  /** The row the officer clicked, shown at once while the payment is fetched afresh. */
  fromList: PaymentView | undefined;
  onClose: () => void;
}) {
  const payment = useQuery({
    ...paymentQuery(props.paymentId ?? ''),
    placeholderData: props.fromList,
  });
  const title = payment.data?.receiptNumber
    ? `Payment ${payment.data.receiptNumber}`
    : payment.data?.rrr
      ? `Bill ${shownRrr(payment.data.rrr)}`
      : 'Payment';
  return (
    <AppDrawer
      opened={props.paymentId !== undefined}
      onClose={props.onClose}
      position="right"
      size="lg"
      title={title}
      closeButtonProps={{ 'aria-label': 'Close the payment details' }}
    >
      {payment.data ? (
        <PaymentDetails payment={payment.data} />
      ) : payment.isError ? (
        <Alert color="red" variant="light" role="alert" title="The payment could not be loaded">
          {payment.error.message}
        </Alert>
      ) : (
        <Group justify="center" p="xl">
          <Spinner label="Loading the payment" />
        </Group>
      )}
    </AppDrawer>
  );
}

function PaymentDetails({ payment }: { payment: PaymentView }) {
  const when = (iso: string | null) => (iso ? formatLagosDateTime(iso) : '');
  const fields: [string, string][] = [
    ['Receipt number', payment.receiptNumber ?? ''],
    [
      'RRR',
      payment.isRrrPendingConfirmation
        ? `${RRR_PENDING_CONFIRMATION}: Remita's answer did not arrive; RevDesk asks Remita for it by order ${payment.orderId ?? ''}.`
        : payment.rrr
          ? shownRrr(payment.rrr)
          : '',
    ],
    ['Amount', formatKoboAsNaira(payment.amountKobo)],
    ['Channel', CHANNEL_LABELS[payment.channel]],
    ['Payer', payment.payerName ?? ''],
    ['BTIN', payment.btin ?? 'Not matched to a taxpayer'],
    ['Payer phone', formatPhone(payment.payerPhone)],
    ['Payer e-mail', payment.payerEmail ?? ''],
    ['MDA', `${payment.mda.code} · ${payment.mda.name}`],
    [
      'Revenue head',
      [payment.revenueHeadCode, payment.revenueHeadName].filter(Boolean).join(' · '),
    ],
    ['Type', payment.type ? PAYMENT_TYPE_LABELS[payment.type] : ''],
    // The record it pays (ADR 0028), under the label the history's filter of the same id uses.
    ['Assessment ID', payment.subjectId ?? ''],
    ['Description', payment.description ?? ''],
    ['Order ID', payment.orderId ?? ''],
    ['Source reference', payment.sourceReference ?? ''],
    ['How it arrived', ARRIVAL_LABELS[payment.arrival]],
    ['Paid at (Lagos)', when(payment.paidAt)],
    ['Recorded at (Lagos)', when(payment.createdAt)],
    ['Recorded by', payment.createdBy ?? 'RevDesk (automatic)'],
  ];
  const statusFields: [string, string][] = payment.statusChangedAt
    ? [
        ['Status changed at (Lagos)', when(payment.statusChangedAt)],
        ['Status changed by', payment.statusChangedBy ?? ''],
        ['Reason', payment.statusReason ?? ''],
      ]
    : [];

  return (
    <Stack gap="lg">
      <Group gap="sm" justify="space-between">
        <Badge color={STATUS_COLORS[payment.status]} variant="filled" size="lg">
          {STATUS_LABELS[payment.status]}
        </Badge>
        {payment.status === 'paid' && (
          <Button
            component="a"
            href={receiptPdfUrl(payment.id)}
            download
            leftSection={<IconDownload size={16} aria-hidden="true" />}
          >
            Download e-receipt
          </Button>
        )}
      </Group>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
        {[...fields, ...statusFields].map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
              {value || '—'}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <CardPaymentAction key={`card-${payment.id}`} payment={payment} />
      <PaymentStatusActions key={payment.id} payment={payment} />
    </Stack>
  );
}
