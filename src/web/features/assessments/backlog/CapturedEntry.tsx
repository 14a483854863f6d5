import { Alert, Anchor, Button, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { ASSESSMENT_KIND_LABELS } from '../../../../shared/assessments/enums';
import type { AssessmentView } from '../../../../shared/assessments/views';
import { formatKoboAsNaira } from '../../../../shared/money';
import { formatLagosDate } from '../../../lib/format';
import { useShellBase } from '../../../shell/shellPaths';
import { CHANNEL_LABELS, shownRrr } from '../../payments/format';
import { assessmentQuery } from '../common/queries';
import { AssessmentStatusBadge } from '../common/StatusBadges';

/**
 * What a backlog capture recorded: the year, paid or part paid, and the receipts as the ledger
 * holds them now (their RevDesk receipt numbers), with the way to the assessment's page.
 */
export function CapturedEntry(props: { captured: AssessmentView; onAnother: () => void }) {
  const { captured } = props;
  const base = useShellBase();
  const detail = useQuery(assessmentQuery(captured.id));
  const isPartPaid = captured.status === 'part_paid';
  const ref = useRef<HTMLDivElement>(null);
  // The officer pressed Save at the foot of the form: bring what was recorded into view.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'start' });
  }, []);
  const facts: [string, string][] = [
    ['Taxpayer', `${captured.taxpayerName} (${captured.btin})`],
    ['Year', String(captured.taxYear)],
    ['Tax', formatKoboAsNaira(captured.taxKobo)],
    ['Paid', formatKoboAsNaira(captured.paidKobo)],
    ['Still unpaid', formatKoboAsNaira(captured.outstandingKobo)],
  ];
  return (
    <Alert
      ref={ref}
      // Clear of the sticky top bar when scrolled into view.
      style={{ scrollMarginTop: 80 }}
      color={isPartPaid ? 'notice' : 'revenue'}
      variant="light"
      role="status"
      icon={<IconCircleCheck size={20} aria-hidden="true" />}
      title={`${captured.taxYear} recorded as ${isPartPaid ? 'part paid' : 'paid'}`}
    >
      <Stack gap="sm">
        <Group gap="xs">
          <Text size="sm">{ASSESSMENT_KIND_LABELS[captured.kind]}</Text>
          <AssessmentStatusBadge status={captured.status} source={captured.source} />
        </Group>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 5 }} spacing="xs" m={0}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} fw={600} size="sm">
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {isPartPaid && (
          <Text size="sm">
            The receipts fall short of the tax: the rest is owed, as on any assessment.
          </Text>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Receipts recorded
          </Text>
          {detail.isPending ? (
            <Text size="sm" c="dimmed">
              Loading the receipts…
            </Text>
          ) : detail.isError ? (
            <Text size="sm" c="red.8">
              The receipts could not be loaded: {detail.error.message}
            </Text>
          ) : (
            <List size="sm" spacing={2} aria-label="Receipts recorded">
              {detail.data.payments.map((payment) => (
                <List.Item key={payment.id}>
                  {payment.receiptNumber ?? '—'} · {formatKoboAsNaira(payment.amountKobo)} ·{' '}
                  {CHANNEL_LABELS[payment.channel as keyof typeof CHANNEL_LABELS] ??
                    payment.channel}
                  {payment.rrr ? ` · RRR ${shownRrr(payment.rrr)}` : ''}
                  {payment.paidAt ? ` · paid ${formatLagosDate(payment.paidAt)}` : ''}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
        <Group gap="sm">
          <Button component={Link} to={`${base}/taxs/assessment/${captured.id}`} size="sm">
            Open the assessment
          </Button>
          <Button variant="default" size="sm" onClick={props.onAnother}>
            Capture another year
          </Button>
          <Anchor component={Link} to={`${base}/taxpayer/${captured.btin}`} size="sm">
            The taxpayer's page
          </Anchor>
        </Group>
      </Stack>
    </Alert>
  );
}
