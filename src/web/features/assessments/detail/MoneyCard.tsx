import { Alert, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AssessmentView } from '../../../../shared/assessments/views';
import { formatKoboAsNaira } from '../../../../shared/money';
import { latePaymentSentence } from './detailText';

function Figure({ label, kobo, strong }: { label: string; kobo: number; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={strong ? 700 : 500} size={strong ? 'lg' : 'md'}>
        {formatKoboAsNaira(kobo)}
      </Text>
    </Stack>
  );
}

/**
 * What the assessment asks and what was paid (ADR 0011 settlements): payments go to the tax
 * first, anything beyond it is the taxpayer's credit; penalty and interest are counted to today.
 */
export function MoneyCard({ view }: { view: AssessmentView }) {
  const late = latePaymentSentence(view);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          Money
        </Title>
        <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} m={0} spacing="md" aria-label="Money">
          <Figure label="Tax" kobo={view.taxKobo} />
          <Figure label="Paid" kobo={view.paidKobo} />
          <Figure label="Outstanding" kobo={view.outstandingKobo} />
          {view.creditKobo > 0 && (
            <Figure label="Credit (paid beyond the tax)" kobo={view.creditKobo} />
          )}
          <Figure label="Penalty" kobo={view.penaltyKobo} />
          <Figure label="Interest" kobo={view.interestKobo} />
        </SimpleGrid>
        <Group
          justify="space-between"
          p="sm"
          bg="var(--mantine-color-default-hover)"
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        >
          <Text fw={600}>Amount due today</Text>
          <Text fw={700} size="lg" data-testid="amount-due">
            {formatKoboAsNaira(view.amountDueKobo)}
          </Text>
        </Group>
        {late && (
          <Text size="sm" c={view.daysLate > 0 ? undefined : 'dimmed'}>
            {late}
          </Text>
        )}
        {view.isPenaltyWaived && (
          <Alert color="blue" variant="light" title="Penalty waived">
            A director waived the late-payment penalty and interest of this assessment; its history
            below says who and when.
          </Alert>
        )}
        {view.creditKobo > 0 && (
          <Text size="sm">
            {formatKoboAsNaira(view.creditKobo)} was paid beyond the tax. It stays the taxpayer’s
            credit.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
