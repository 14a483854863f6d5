import { Group, Paper, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { formatKoboAsNaira, koboToNaira } from '../../../../shared/money';
import type { PaymentTotals as Totals } from '../../../../shared/payments/views';
import { usePhoneLayout } from '../../../lib/lists/usePhoneLayout';

/** "₦1.2M": a phone's one-line totals have room for three figures of about six characters. */
const compactNaira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/**
 * The whole filtered set, not just the page: what an officer reports upward. Three cards on a
 * desk; on a phone one line of compact figures (each whole on hover and to screen readers), so
 * the first payment shows on the first screen (DESIGN.md §9). A name matching more payments
 * than the server counts (ADR 0019) shows "More than 1,000" and no amounts, with why.
 */
export function PaymentTotals({ totals }: { totals: Totals | undefined }) {
  const isPhone = usePhoneLayout();
  const count = totals?.count.toLocaleString('en-NG');
  const figures: Figures = [
    [
      'Payments',
      ...twice(totals ? (totals.isCapped ? `More than ${count}` : (count as string)) : '…'),
    ],
    ['Amount', ...naira(totals?.amountKobo)],
    ['Paid amount', ...naira(totals?.paidAmountKobo)],
  ];
  const figuresView = isPhone ? phoneFigures(figures) : deskFigures(figures);
  if (!totals?.isCapped) return figuresView;
  return (
    <Stack gap={4}>
      {figuresView}
      <Text size="sm" c="dimmed">
        This name matches more than {count} payments, too many to add up here. Narrow the search
        (dates, MDA, status) to see the amounts.
      </Text>
    </Stack>
  );
}

type Figures = [label: string, full: string, compact: string][];

function phoneFigures(figures: Figures) {
  return (
    <Paper withBorder radius="md" px="sm" py={6}>
      <Group
        component="dl"
        m={0}
        gap="md"
        wrap="nowrap"
        aria-label="Totals of the filtered payments"
      >
        {figures.map(([label, full, compact]) => (
          <Group key={label} gap={4} wrap="nowrap">
            <Text component="dt" size="xs" c="dimmed">
              {label}
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

function deskFigures(figures: Figures) {
  return (
    <SimpleGrid
      component="dl"
      cols={{ base: 1, sm: 3 }}
      spacing="md"
      m={0}
      aria-label="Totals of the filtered payments"
    >
      {figures.map(([label, full]) => (
        <Paper key={label} withBorder radius="md" p="md">
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={700} size="xl">
            {full}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function twice(text: string): [string, string] {
  return [text, text];
}

function naira(kobo: number | null | undefined): [string, string] {
  if (kobo === undefined) return twice('…');
  if (kobo === null) return twice('Not added up');
  return [formatKoboAsNaira(kobo), compactNaira.format(koboToNaira(kobo))];
}
