import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatKoboAsNaira } from '../../../shared/money';
import type { PaymentTotals as Totals } from '../../../shared/payments/views';

/** The whole filtered set, not just the page: what an officer reports upward. */
export function PaymentTotals({ totals }: { totals: Totals | undefined }) {
  const figures: [string, string][] = [
    ['Payments', totals ? totals.count.toLocaleString('en-NG') : '…'],
    ['Amount', totals ? formatKoboAsNaira(totals.amountKobo) : '…'],
    ['Paid amount', totals ? formatKoboAsNaira(totals.paidAmountKobo) : '…'],
  ];
  return (
    <SimpleGrid
      component="dl"
      cols={{ base: 1, sm: 3 }}
      spacing="md"
      m={0}
      aria-label="Totals of the filtered payments"
    >
      {figures.map(([label, value]) => (
        <Paper key={label} withBorder radius="md" p="md">
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={700} size="xl">
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
