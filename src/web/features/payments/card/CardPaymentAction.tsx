import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconDownload, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatKoboAsNaira } from '../../../../shared/money';
import type { CardPaymentView } from '../../../../shared/payments/card';
import type { PaymentView } from '../../../../shared/payments/views';
import { isApiError } from '../../../lib/api/api';
import { AppModal } from '../../../lib/dialogs/AppModal';
import { Spinner } from '../../../lib/pending/Spinner';
import { usePermission } from '../../../lib/routing/usePermission';
import { shownRrr } from '../format';
import { paymentKeys } from '../queries';
import { checkCardPayment, takeCardPayment } from './cardQueries';

/**
 * "Take card payment" on a pending bill (docs/card.md): a confirmation with the amount and the
 * payer, the wait while the payer uses the gateway's terminal, and how it ended — the e-receipt,
 * the gateway's reason for a decline, or, when the answer was lost, a check with the gateway.
 * RevDesk never sees the card.
 */
export function CardPaymentAction({ payment }: { payment: PaymentView }) {
  const canTake = usePermission('card:take');
  const [opened, setOpened] = useState(false);
  const isPayable = canTake && payment.status === 'pending' && payment.rrr !== null;
  return (
    <>
      {isPayable && (
        <Group gap="sm">
          <Button
            leftSection={<IconCreditCard size={16} aria-hidden="true" />}
            onClick={() => setOpened(true)}
          >
            Take card payment
          </Button>
        </Group>
      )}
      {/* Stays open once the bill is paid: the outcome and its e-receipt are shown in it. */}
      {opened && <CardPaymentDialog payment={payment} onClose={() => setOpened(false)} />}
    </>
  );
}

/** The attempt's reference a 409 names: another card's attempt still open on this bill. */
function openAttemptOf(error: unknown): string | null {
  if (!isApiError(error) || error.code !== 'CONFLICT') return null;
  const details = error.details as { reference?: unknown } | undefined;
  return typeof details?.reference === 'string' ? details.reference : null;
}

function CardPaymentDialog({ payment, onClose }: { payment: PaymentView; onClose: () => void }) {
  const queryClient = useQueryClient();
  const settled = (attempt: CardPaymentView) => {
    if (attempt.status !== 'unknown' && attempt.status !== 'pending') {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    }
  };
  const take = useMutation({ mutationFn: () => takeCardPayment(payment.id), onSuccess: settled });
  const check = useMutation({ mutationFn: checkCardPayment, onSuccess: settled });
  const isWaiting = take.isPending || check.isPending;
  const attempt = check.data ?? take.data;
  const openReference = openAttemptOf(take.error);
  const title = 'Take card payment';

  return (
    <AppModal
      opened
      onClose={onClose}
      title={title}
      centered
      isStatic={isWaiting}
      withCloseButton={!isWaiting}
      closeButtonProps={{ 'aria-label': 'Close the card payment' }}
    >
      <Stack gap="md">
        <dl style={{ margin: 0 }}>
          <Text component="dt" size="sm" c="dimmed">
            Amount
          </Text>
          <Text component="dd" m={0} fw={700} size="xl">
            {formatKoboAsNaira(payment.amountKobo)}
          </Text>
          <Text component="dt" size="sm" c="dimmed" mt="xs">
            Payer
          </Text>
          <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
            {payment.payerName ?? '—'}
          </Text>
          <Text component="dt" size="sm" c="dimmed" mt="xs">
            RRR
          </Text>
          <Text component="dd" m={0} ff="monospace">
            {shownRrr(payment.rrr)}
          </Text>
        </dl>

        {isWaiting ? (
          <Group gap="sm" wrap="nowrap" role="status">
            <Spinner
              size="sm"
              label={take.isPending ? 'Waiting for the card' : 'Asking the gateway'}
            />
            <Text size="sm">
              {take.isPending
                ? "The payer inserts or taps the card and enters the PIN on the gateway's terminal. Keep this open until it answers."
                : 'Asking the card gateway what became of this payment…'}
            </Text>
          </Group>
        ) : attempt ? (
          <AttemptOutcome
            attempt={attempt}
            checkError={check.error}
            onCheck={() => check.mutate(attempt.reference)}
            onAgain={() => {
              check.reset();
              take.reset();
            }}
            onClose={onClose}
          />
        ) : take.error ? (
          <Stack gap="sm">
            <Alert
              color="red"
              variant="light"
              role="alert"
              title={
                isApiError(take.error) && take.error.code === 'CARD_DECLINED'
                  ? 'Card declined'
                  : 'Not done'
              }
            >
              {take.error.message}
            </Alert>
            {check.error && (
              <Alert color="red" variant="light" role="alert" title="The check was not done">
                {check.error.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
              {openReference ? (
                <Button
                  leftSection={<IconRefresh size={16} aria-hidden="true" />}
                  onClick={() => check.mutate(openReference)}
                >
                  Check with the gateway
                </Button>
              ) : (
                <Button onClick={() => take.reset()}>Try again</Button>
              )}
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text size="sm">
              Send this bill to the card terminal? The payer pays{' '}
              {formatKoboAsNaira(payment.amountKobo)} with their card on the gateway's terminal;
              RevDesk never sees the card.
            </Text>
            <Group justify="flex-end">
              {/* Focus starts on the harmless answer: Enter on opening sends nothing. */}
              <Button variant="default" onClick={onClose} data-autofocus>
                Cancel
              </Button>
              <Button
                leftSection={<IconCreditCard size={16} aria-hidden="true" />}
                onClick={() => take.mutate()}
              >
                Send to the card terminal
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </AppModal>
  );
}

function AttemptOutcome(props: {
  attempt: CardPaymentView;
  checkError: Error | null;
  onCheck: () => void;
  onAgain: () => void;
  onClose: () => void;
}) {
  const { attempt } = props;
  const close = (
    <Button variant="default" onClick={props.onClose}>
      Close
    </Button>
  );
  if (attempt.status === 'approved') {
    return (
      <Stack gap="sm">
        <Alert color="revenue" variant="light" role="status" title="Card payment approved">
          Receipt {attempt.payment.receiptNumber ?? '—'} · gateway reference{' '}
          {attempt.gatewayReference}.{attempt.note ? ` ${attempt.note}` : ' The bill is paid.'}
        </Alert>
        <Group justify="flex-end">
          {close}
          {attempt.receiptUrl && (
            <Button
              component="a"
              href={attempt.receiptUrl}
              download
              leftSection={<IconDownload size={16} aria-hidden="true" />}
            >
              Download e-receipt
            </Button>
          )}
        </Group>
      </Stack>
    );
  }
  if (attempt.status === 'declined' || attempt.status === 'failed') {
    return (
      <Stack gap="sm">
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={attempt.status === 'declined' ? 'Card declined' : 'Nothing was charged'}
        >
          {attempt.declineReason} The bill is still to be paid.
        </Alert>
        <Group justify="flex-end">
          {close}
          <Button onClick={props.onAgain}>Take another card</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Alert
        color="notice"
        variant="light"
        role="alert"
        title="The gateway did not answer; check again"
      >
        {attempt.note ??
          `The card may or may not have been charged (reference ${attempt.reference}). Do not take the card again: check with the gateway, now or in a few minutes. RevDesk also checks by itself every minute.`}
      </Alert>
      {props.checkError && (
        <Alert color="red" variant="light" role="alert" title="The check was not done">
          {props.checkError.message}
        </Alert>
      )}
      <Group justify="flex-end">
        {close}
        <Button leftSection={<IconRefresh size={16} aria-hidden="true" />} onClick={props.onCheck}>
          Check with the gateway
        </Button>
      </Group>
    </Stack>
  );
}
