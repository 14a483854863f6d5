import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { dayInFigures } from '../../../../shared/dates';
import { ListLoadError } from '../../../lib/lists/listPage';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { toShellPath, useShellBase } from '../../../shell/shellPaths';
import { AgainstCards } from './AgainstCards';
import { BudgetNote } from './BudgetNote';
import { MdaTable, MixFigures, TrendFigure } from './Figures';
import { naira } from './format';
import { executiveDashboardQuery } from './queries';

const TITLE = 'Executive Dashboard';

/**
 * docs/product.md §2 dashboard/execute-dashboard, and the governor shell's landing
 * (docs/dashboards.md): what the state collected today, this month and this year against the
 * budget, 24 months of trend, the best and worst MDAs, where it falls short, and the mix by
 * channel and tax type. One request (GET /dashboards/executive).
 */
export function ExecutiveDashboardPage() {
  const canRead = usePermission('report:executive');
  if (!canRead) return <NoAccess title={TITLE} />;
  return <Dashboard />;
}

function Dashboard() {
  useDocumentTitle(`${TITLE} · RevDesk`);
  const base = useShellBase();
  const query = useQuery(executiveDashboardQuery());
  const data = query.data;
  const hasBudget = data ? data.budgetVersion !== null : true;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {TITLE}
        </Title>
        <Text size="sm" c="dimmed">
          What the state has collected, net of reversals
          {data ? `, up to ${dayInFigures(data.day)} (Lagos)` : ''}, against the budget for the same
          days.
        </Text>
        {data ? (
          <BudgetNote version={data.budgetVersion} year={data.day.slice(0, 4)} />
        ) : (
          <Skeleton height={20} width="60%" />
        )}
      </Stack>

      {query.isError ? (
        <ListLoadError
          what="The dashboard"
          error={query.error}
          isRetrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <AgainstCards data={data} hasBudget={hasBudget} />
          <TrendFigure data={data} hasBudget={hasBudget} />

          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="top-mdas">
              <Title order={2} size="h4" id="top-mdas">
                {hasBudget ? 'Best against budget, this year' : 'Most collected, this year'}
              </Title>
              {data ? (
                <MdaTable
                  caption="Best MDAs this year"
                  items={data.topMdas}
                  hasBudget={hasBudget}
                  empty="No MDA has collected anything this year yet."
                />
              ) : (
                <Skeleton height={160} mt="sm" />
              )}
            </Paper>
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="bottom-mdas">
              <Title order={2} size="h4" id="bottom-mdas">
                {hasBudget ? 'Furthest behind budget, this year' : 'Least collected, this year'}
              </Title>
              {data ? (
                <MdaTable
                  caption="Lowest MDAs this year"
                  items={data.bottomMdas}
                  hasBudget={hasBudget}
                  empty="Too few MDAs to list the lowest apart from the best."
                />
              ) : (
                <Skeleton height={160} mt="sm" />
              )}
            </Paper>
          </SimpleGrid>

          {hasBudget && (
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="shortfalls">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Title order={2} size="h4" id="shortfalls">
                  Where it falls short
                </Title>
                <Anchor
                  component={Link}
                  to={toShellPath(base, '/birs/dashboard/mda-executive-dashboard')}
                  size="sm"
                >
                  Every MDA against budget
                </Anchor>
              </Group>
              {data ? (
                <>
                  <Text size="sm" mt={4}>
                    {data.year.budgetKobo > data.year.collectedKobo
                      ? `The state is ${naira(data.year.budgetKobo - data.year.collectedKobo)} behind its budget to date. The largest shortfalls:`
                      : 'The state is on or above its budget to date.'}
                  </Text>
                  <MdaTable
                    caption="Largest shortfalls this year"
                    items={data.shortfalls}
                    hasBudget
                    empty="No MDA is behind its budget to date."
                  />
                </>
              ) : (
                <Skeleton height={120} mt="sm" />
              )}
            </Paper>
          )}

          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <MixFigures data={data} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
