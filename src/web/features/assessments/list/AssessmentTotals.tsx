import { Group, Paper, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import type { AssessmentPage } from '../../../../shared/assessments/views';
import { formatKoboAsNaira, koboToNaira } from '../../../../shared/money';
import { usePhoneLayout } from '../../../lib/lists/usePhoneLayout';

type Totals = AssessmentPage['totals'];

/** "₦1.2M": a phone's one-line totals have room for three figures of about six characters. */
const compactNaira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/**
 * The whole filtered set, not just the page: assessed, paid, outstanding. Three cards on a
 * desk; one line of compact figures on a phone (each whole on hover and to screen readers), as
 * the payment history does (DESIGN.md §9).
 */
export function AssessmentTotals({ totals }: { totals: Totals | undefined }) {
  const isPhone = usePhoneLayout();
  const figures: [label: string, full: string, compact: string][] = [
    ['Assessed', ...naira(totals?.taxKobo)],
    ['Paid', ...naira(totals?.paidKobo)],
    ['Outstanding', ...naira(totals?.outstandingKobo)],
  ];
  const label = 'Totals of the filtered assessments';
  if (isPhone) {
    return (
      <Paper withBorder radius="md" px="sm" py={6}>
        <Group component="dl" m={0} gap="md" wrap="nowrap" aria-label={label}>
          {figures.map(([name, full, compact]) => (
            <Group key={name} gap={4} wrap="nowrap">
              <Text component="dt" size="xs" c="dimmed">
                {name}
              </Text>
              <Text component="dd" m={0} size="sm" fw={700} title={full}>
                <span aria-hidden="true">{compact}</span>
                <VisuallyHidden>{full}</VisuallyHidden>
              </Text>
            </Group>
          ))}
        </Group>
      </Paper>
    );
  }
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} spacing="md" m={0} aria-label={label}>
      {figures.map(([name, full]) => (
        <Paper key={name} withBorder radius="md" p="md">
          <Text component="dt" size="sm" c="dimmed">
            {name}
          </Text>
          <Text component="dd" m={0} fw={700} size="xl">
            {full}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function naira(kobo: number | undefined): [string, string] {
  if (kobo === undefined) return ['…', '…'];
  return [formatKoboAsNaira(kobo), compactNaira.format(koboToNaira(kobo))];
}
