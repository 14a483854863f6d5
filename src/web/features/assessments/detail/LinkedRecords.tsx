import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { AssessmentDetail } from '../../../../shared/assessments/views';
import { formatKoboAsNaira } from '../../../../shared/money';
import { formatRrr } from '../../../../shared/payments/rrrText';
import { AppModal } from '../../../lib/dialogs/AppModal';
import { actorText, formatLagosDate, formatLagosDateTime } from '../../../lib/format';
import { STATUS_COLORS, STATUS_LABELS, shownRrr } from '../../payments/format';
import { receiptPdfUrl } from '../../payments/queries';
import { RrrCheckDialog } from '../../rrr-checks/RrrCheckDialog';
import { decisionLetterUrl } from '../common/queries';
import { ObjectionStatusBadge } from '../common/StatusBadges';
import { daysLeftText, formatDay, historyActionText } from './detailText';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * The bills and payments linked to the assessment (its earlier revisions' included). A bill not
 * yet paid can be checked with Remita from here: "Check RRR" opens with its MDA and RRR filled
 * in, and a payment it records shows here at once (the dialog refreshes the money queries).
 */
export function PaymentsSection({ detail }: { detail: AssessmentDetail }) {
  const [checking, setChecking] = useState<{ mdaId: string; rrr: string } | null>(null);
  return (
    <Section title="Payments">
      <AppModal
        opened={checking !== null}
        onClose={() => setChecking(null)}
        title="Check RRR"
        size="lg"
        centered
        isStatic
        closeButtonProps={{ 'aria-label': 'Close Check RRR' }}
      >
        {checking && <RrrCheckDialog initial={checking} onClose={() => setChecking(null)} />}
      </AppModal>
      {detail.payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No bill has been raised for this assessment yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Payments of this assessment">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>RRR</Table.Th>
                <Table.Th>Receipt</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Paid on</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.payments.map((payment) => (
                <Table.Tr key={payment.id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {shownRrr(payment.rrr)}
                      {payment.status === 'pending' && payment.rrr && (
                        <Button
                          size="compact-sm"
                          variant="light"
                          aria-label={`Check RRR ${formatRrr(payment.rrr)} with Remita`}
                          onClick={() =>
                            setChecking({ mdaId: payment.mdaId, rrr: payment.rrr as string })
                          }
                        >
                          Check
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {payment.status === 'paid' && payment.receiptNumber ? (
                      <Anchor href={receiptPdfUrl(payment.id)} download>
                        {payment.receiptNumber}
                      </Anchor>
                    ) : (
                      (payment.receiptNumber ?? '—')
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatKoboAsNaira(payment.amountKobo)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[payment.status]} variant="filled">
                      {STATUS_LABELS[payment.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{payment.paidAt ? formatLagosDate(payment.paidAt) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

export function ObjectionsSection({ detail }: { detail: AssessmentDetail }) {
  if (detail.objections.length === 0) return null;
  return (
    <Section title="Objections">
      {detail.objections.map((objection) => {
        const left = daysLeftText(objection.daysLeft);
        return (
          <Paper key={objection.id} withBorder radius="sm" p="sm">
            <Stack gap={4}>
              <ObjectionStatusBadge status={objection.status} />
              <Text size="sm">
                Filed {formatLagosDate(objection.filedAt)}, disputing{' '}
                {formatKoboAsNaira(objection.disputedKobo)}.{' '}
                {left ? `${left} (by ${formatDay(objection.answerDueDate)}).` : ''}
              </Text>
              <Text size="sm">Grounds: {objection.grounds}</Text>
              {objection.lateReason && (
                <Text size="sm">Accepted late because: {objection.lateReason}</Text>
              )}
              {objection.decidedAt && (
                <Text size="sm">
                  Decided {formatLagosDate(objection.decidedAt)}
                  {objection.decisionReasons ? `: ${objection.decisionReasons}` : '.'}{' '}
                  <Anchor href={decisionLetterUrl(objection.id)} download>
                    Decision letter (PDF)
                  </Anchor>
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Section>
  );
}

export function HistorySection({ detail }: { detail: AssessmentDetail }) {
  return (
    <Section title="History">
      {detail.history.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing recorded yet.
        </Text>
      ) : (
        <Stack component="ol" gap={4} m={0} pl="md">
          {detail.history.map((line) => (
            <Text component="li" size="sm" key={`${line.occurredAt}-${line.action}`}>
              {formatLagosDateTime(line.occurredAt)} — {historyActionText(line.action)}
              {line.rrr ? ` (RRR ${formatRrr(line.rrr)})` : ''}
              {actorText(line) ? ` by ${actorText(line)}` : ''}
            </Text>
          ))}
        </Stack>
      )}
    </Section>
  );
}
