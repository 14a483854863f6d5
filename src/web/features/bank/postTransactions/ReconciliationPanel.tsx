import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CountAndSum, ReconciliationDay } from '../../../../shared/bank/matching';
import { todayInLagos } from '../../../../shared/dates';
import { formatKoboAsNaira } from '../../../../shared/money';
import { AppModal } from '../../../lib/dialogs/AppModal';
import { formatCalendarDate, formatLagosDateTime } from '../../../lib/format';
import { usePermission } from '../../../lib/routing/usePermission';
import { bankKeys, reconciliationQuery, signOffDay, unmatchedPaymentsQuery } from './queries';

const countAndSum = (figure: CountAndSum) =>
  `${figure.count} · ${formatKoboAsNaira(figure.amountKobo)}`;

/**
 * The account's reconciliation day by day (docs/bank-matching.md "Reconciliation"): bank
 * credits, ledger payments, matched, unmatched on each side, the difference, and the sign-off.
 * Only the days with a credit, a payment or a sign-off are shown.
 */
export function ReconciliationPanel(props: { accountNumber: string; from: string; to: string }) {
  const reconciliation = useQuery(reconciliationQuery(props));
  const [signing, setSigning] = useState<ReconciliationDay | null>(null);
  const days = (reconciliation.data?.days ?? []).filter(
    (d) => d.bankCredits.count > 0 || d.ledgerPayments.count > 0 || d.signOff !== null,
  );
  return (
    <Stack gap="sm" component="section" aria-labelledby="reconciliation-title">
      <Title order={2} size="h3" id="reconciliation-title">
        Reconciliation
      </Title>
      {reconciliation.isError && (
        <Alert color="red" variant="light" role="alert">
          The reconciliation could not be loaded: {reconciliation.error.message}
        </Alert>
      )}
      {reconciliation.data && days.length === 0 && (
        <Text size="sm" c="dimmed">
          No credits or payments in these days.
        </Text>
      )}
      {days.map((day) => (
        <DayCard
          key={day.day}
          accountNumber={props.accountNumber}
          day={day}
          onSignOff={() => setSigning(day)}
        />
      ))}
      {signing && (
        <SignOffDialog
          accountNumber={props.accountNumber}
          day={signing}
          onClose={() => setSigning(null)}
        />
      )}
    </Stack>
  );
}

function DayCard(props: { accountNumber: string; day: ReconciliationDay; onSignOff: () => void }) {
  const { day } = props;
  const [showUnheld, setShowUnheld] = useState(false);
  const canSignOff = usePermission('bank:sign-off');
  const isOver = day.day < todayInLagos();
  const even = day.differenceKobo === 0;
  const figures: [string, string][] = [
    ['Bank credits', countAndSum(day.bankCredits)],
    ['Ledger payments', countAndSum(day.ledgerPayments)],
    ['Matched', countAndSum(day.matched)],
    ['Unmatched in the bank', countAndSum(day.unmatchedBank)],
    ['Unmatched in the ledger', countAndSum(day.unmatchedLedger)],
    ['Not revenue', countAndSum(day.notRevenue)],
  ];
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-label={`Reconciliation of ${formatCalendarDate(day.day)}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700}>{formatCalendarDate(day.day)}</Text>
          <Group gap="xs" wrap="wrap">
            <Badge color={even ? 'revenue.8' : 'red.9'} variant="filled">
              {even ? 'Bank equals ledger' : `Difference ${formatKoboAsNaira(day.differenceKobo)}`}
            </Badge>
            {day.signOff ? (
              <Badge color="gray.7" variant="outline">
                Signed off
              </Badge>
            ) : (
              canSignOff &&
              isOver && (
                <Button size="sm" h={44} onClick={props.onSignOff}>
                  Sign off the day
                </Button>
              )
            )}
          </Group>
        </Group>
        <SimpleGrid component="dl" m={0} cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
          {figures.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} size="sm" fw={600}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {day.unmatchedLedger.count > 0 && (
          <div>
            <Button
              variant="subtle"
              size="compact-sm"
              aria-expanded={showUnheld}
              onClick={() => setShowUnheld((shown) => !shown)}
            >
              {showUnheld ? 'Hide' : 'Show'} the payments no credit matched
            </Button>
            {showUnheld && <UnheldPayments accountNumber={props.accountNumber} day={day.day} />}
          </div>
        )}
        {day.signOff && (
          <Stack gap={4}>
            <Text size="sm">
              Signed off by {day.signOff.signedOffBy} on{' '}
              {formatLagosDateTime(day.signOff.signedOffAt)}
              {day.signOff.figures.differenceKobo !== 0 &&
                ` with a difference of ${formatKoboAsNaira(day.signOff.figures.differenceKobo)}`}
              .
            </Text>
            {day.signOff.note && (
              <Text size="sm" c="dimmed">
                Note: {day.signOff.note}
              </Text>
            )}
            {day.signOff.changes.length > 0 && (
              <>
                <Text size="sm" fw={600}>
                  Changed since the sign-off
                </Text>
                <ul style={{ margin: 0, paddingInlineStart: '1.2em' }}>
                  {day.signOff.changes.map((change) => (
                    <li key={`${change.at}-${change.lineId}-${change.what}`}>
                      <Text size="sm">
                        {formatLagosDateTime(change.at)} · {change.username} · {change.what}
                        {change.reason && ` — ${change.reason}`}
                      </Text>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function UnheldPayments(props: { accountNumber: string; day: string }) {
  const unheld = useQuery(unmatchedPaymentsQuery(props.accountNumber, props.day));
  if (unheld.isError) {
    return (
      <Text size="sm" c="red.9" role="alert">
        The payments could not be loaded: {unheld.error.message}
      </Text>
    );
  }
  if (!unheld.data) return <Text size="sm">Loading the payments…</Text>;
  return (
    <Stack gap={2} mt={4}>
      <ul style={{ margin: 0, paddingInlineStart: '1.2em' }}>
        {unheld.data.items.map((p) => (
          <li key={p.id}>
            <Text size="sm">
              {p.receiptNumber ?? p.rrr ?? p.id} · {formatKoboAsNaira(p.amountKobo)}
              {p.payerName && ` · ${p.payerName}`} · {p.channel}
            </Text>
          </li>
        ))}
      </ul>
      {unheld.data.total > unheld.data.items.length && (
        <Text size="xs" c="dimmed">
          The largest {unheld.data.items.length} of {unheld.data.total}.
        </Text>
      )}
    </Stack>
  );
}

function SignOffDialog(props: {
  accountNumber: string;
  day: ReconciliationDay;
  onClose: () => void;
}) {
  const { day } = props;
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const needsNote = day.differenceKobo !== 0;
  const sign = useMutation({
    mutationFn: () => signOffDay(props.accountNumber, day.day, note.trim() || undefined),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bankKeys.reconciliations() });
      props.onClose();
    },
  });
  return (
    <AppModal
      opened
      onClose={props.onClose}
      title={`Sign off ${formatCalendarDate(day.day)}`}
      closeButtonProps={{ 'aria-label': 'Close the dialog' }}
    >
      <form
        noValidate
        aria-label="Sign off the day"
        onSubmit={(event) => {
          event.preventDefault();
          sign.mutate();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            Bank credits {countAndSum(day.bankCredits)}; ledger payments{' '}
            {countAndSum(day.ledgerPayments)}.{' '}
            {needsNote
              ? `They differ by ${formatKoboAsNaira(day.differenceKobo)}: say why.`
              : 'Bank equals ledger.'}{' '}
            The figures are kept as they are now; any later change needs a reason.
          </Text>
          <Textarea
            label="Note"
            withAsterisk={needsNote}
            autosize
            minRows={2}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            data-autofocus
          />
          {sign.isError && (
            <Alert color="red" variant="light" role="alert">
              {sign.error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={sign.isPending}>
              Sign off the day
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
