import { Stack, Text } from '@mantine/core';
import { formatKoboAsNaira } from '../../../../shared/money';
import type {
  PresumptiveCategory,
  PresumptiveTaxComputation,
} from '../../../../shared/tax/presumptive';
import { ruleSentence } from '../categories/ruleText';
import { SummaryPanel } from '../form/SummaryPanel';

/**
 * The amount the category's rule gives, shown before the draft is saved (the server computes
 * the same with the same engine), in the card where the direct form shows its computation.
 * Announced politely as it changes.
 */
export function PresumptiveAmount(props: {
  category: PresumptiveCategory | null | undefined;
  computation: PresumptiveTaxComputation | null;
  taxYear: number | string;
}) {
  const { category, computation } = props;
  return (
    <SummaryPanel titleId="presumptive-computation-title">
      <Stack gap={4} aria-live="polite" aria-atomic="true">
        <Text size="sm" c="dimmed">
          Presumptive tax{props.taxYear ? ` for ${props.taxYear}` : ''}
        </Text>
        {computation && category ? (
          <>
            <Text size="xl" fw={700} data-testid="presumptive-amount">
              {formatKoboAsNaira(computation.taxKobo)}
            </Text>
            <Text size="sm">{ruleSentence(category, computation.size)}.</Text>
            {computation.rule === 'percent_of_turnover' && (
              <Text size="sm" c="dimmed">
                {computation.exempt
                  ? `The estimated turnover, ${formatKoboAsNaira(computation.estimatedTurnoverKobo ?? 0)}, is at or below the threshold: nothing is due.`
                  : `The estimated turnover, ${formatKoboAsNaira(computation.estimatedTurnoverKobo ?? 0)}, is above the threshold.`}
              </Text>
            )}
          </>
        ) : (
          <Text size="sm">
            {category
              ? category.rule === 'fixed_by_size'
                ? 'Choose the size of the trade to see the amount.'
                : 'Enter the estimated annual turnover to see the amount.'
              : 'Choose the trade category to see the amount.'}
          </Text>
        )}
      </Stack>
    </SummaryPanel>
  );
}
