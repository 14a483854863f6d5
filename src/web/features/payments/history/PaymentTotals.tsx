import { Group, Paper, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { PaymentTotals as Totals } from '../../../../shared/payments/views';
import { usePhoneLayout } from '../../../lib/lists/usePhoneLayout';
import { cappedTotalsNote, type Figures, totalsFigures } from './totalsFigures';

/**
 * The whole filtered set, not just the page: what an officer reports upward. Three cards on a
 * desk; on a phone one line of compact figures (each whole on hover and to screen readers), so
 * the first payment shows on the first screen (DESIGN.md §9). A name matching more payments
 * than the server counts (ADR 0019) shows "More than 1,000", no amounts, and why.
 */
export function PaymentTotals({ totals }: { totals: Totals | undefined }) {
  const isPhone = usePhoneLayout();
  const figures = totalsFigures(totals);
  const figuresView = isPhone ? phoneFigures(figures) : deskFigures(figures);
  const note = cappedTotalsNote(totals);
  if (!note) return figuresView;
  return (
    <Stack gap={4}>
      {figuresView}
      <Text size="sm" c="dimmed">
        {note}
      </Text>
    </Stack>
  );
}

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
