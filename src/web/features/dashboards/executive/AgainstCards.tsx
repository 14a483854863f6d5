import { Paper, Progress, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { Against, ExecutiveDashboard } from '../../../../shared/dashboards/executive';
import { formatShare, naira, shareOf } from './format';

type Periods = Pick<ExecutiveDashboard, 'today' | 'month' | 'year' | 'annualBudgetKobo'>;

const CARDS = [
  { key: 'today', label: 'Today' },
  { key: 'month', label: 'This month' },
  { key: 'year', label: 'This year' },
] as const;

/** Today, the month and the year to date: collected, and against the budget of the same days. */
export function AgainstCards({
  data,
  hasBudget,
}: {
  data: Periods | undefined;
  hasBudget: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      {CARDS.map(({ key, label }) => (
        <Paper key={key} withBorder radius="md" p="md" component="section" aria-label={label}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          {data ? (
            <CardFigures
              figure={data[key]}
              hasBudget={hasBudget}
              annualKobo={key === 'year' ? data.annualBudgetKobo : null}
            />
          ) : (
            <Skeleton height={64} mt={4} />
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function CardFigures(props: { figure: Against; hasBudget: boolean; annualKobo: number | null }) {
  const { collectedKobo, budgetKobo } = props.figure;
  const share = shareOf(collectedKobo, budgetKobo);
  return (
    <>
      <Text fw={700} fz="xl" data-testid="collected">
        {naira(collectedKobo)}
      </Text>
      {props.hasBudget && (
        <>
          <Text size="sm">
            <strong>{formatShare(share)}</strong> of {naira(budgetKobo)} budgeted to date
          </Text>
          <Progress
            value={Math.max(0, Math.min(100, (share ?? 0) * 100))}
            color={share !== null && share < 1 ? 'gray.7' : undefined}
            mt={6}
            size="sm"
            aria-label={`${formatShare(share)} of the budget`}
          />
          {props.annualKobo !== null && (
            <Text size="xs" c="dimmed" mt={4}>
              Year's budget {naira(props.annualKobo)}
            </Text>
          )}
        </>
      )}
    </>
  );
}
