import { Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import {
  DASHBOARD_PERIOD_LABELS,
  DASHBOARD_PERIODS,
  type DashboardPeriod,
} from '../../../../shared/dashboards/labels';
import { dayInFigures } from '../../../../shared/dates';
import { ChartFigure } from '../../../lib/charts/ChartFigure';
import { ExportButtons, ListLoadError } from '../../../lib/lists/listPage';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { BudgetNote } from './BudgetNote';
import { MdaTable } from './Figures';
import { formatShare, naira, shareOf } from './format';
import { mdaRankingQuery, mdaRankingUrl } from './queries';

const TITLE = 'MDA Executive Dashboard';
/** The chart shows the MDAs with a budget, at most this many (the table holds every MDA). */
const CHARTED = 15;

/**
 * docs/product.md §2 dashboard/mda-executive-dashboard (docs/dashboards.md): every MDA's
 * collections in the period against its budget, best first; the chart draws each one's % of
 * budget, the table holds every MDA with its figures, and both export.
 */
export function MdaRankingPage() {
  const canRead = usePermission('report:executive');
  if (!canRead) return <NoAccess title={TITLE} />;
  return <Ranking />;
}

function Ranking() {
  useDocumentTitle(`${TITLE} · RevDesk`);
  const search = useSearch({ strict: false }) as { period?: DashboardPeriod };
  const period = search.period ?? 'year';
  const navigate = useNavigate();
  const query = useQuery(mdaRankingQuery(period));
  const data = query.data;
  const hasBudget = data ? data.budgetVersion !== null : true;
  const charted = (data?.items ?? [])
    .filter((i) => i.performance !== null)
    .slice(0, CHARTED)
    .map((i) => ({ mda: i.mdaName, performance: i.performance ?? 0 }));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {TITLE}
          </Title>
          <Text size="sm" c="dimmed">
            Each MDA's collections against its budget for the same days
            {data ? `, ${dayInFigures(data.from)} to ${dayInFigures(data.to)}` : ''}.
          </Text>
        </Stack>
        <Group gap="xs">
          <ExportButtons hrefOf={(format) => mdaRankingUrl(period, format)} />
        </Group>
      </Group>
      <SegmentedControl
        aria-label="Period"
        value={period}
        data={DASHBOARD_PERIODS.map((p) => ({ value: p, label: DASHBOARD_PERIOD_LABELS[p] }))}
        onChange={(value) =>
          void navigate({
            to: '.',
            search: (prev: Record<string, unknown>) => ({
              ...prev,
              period: value === 'year' ? undefined : value,
            }),
            replace: true,
          } as never)
        }
        style={{ alignSelf: 'flex-start' }}
      />
      {data ? (
        <BudgetNote version={data.budgetVersion} year={data.to.slice(0, 4)} />
      ) : (
        <Skeleton height={20} width="60%" />
      )}

      {query.isError ? (
        <ListLoadError
          what="The MDAs"
          error={query.error}
          isRetrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : !data ? (
        <Skeleton height={320} />
      ) : (
        <>
          <Paper withBorder radius="md" p="md">
            <Text fw={600}>
              All MDAs: {naira(data.totals.collectedKobo)} collected
              {hasBudget &&
                `, ${formatShare(shareOf(data.totals.collectedKobo, data.totals.budgetKobo))} of ${naira(data.totals.budgetKobo)} budgeted`}
            </Text>
          </Paper>
          {charted.length > 0 && (
            <ChartFigure
              title={`% of budget, ${DASHBOARD_PERIOD_LABELS[period].toLowerCase()}${data.items.length > CHARTED ? ` (best ${CHARTED})` : ''}`}
              kind="bar-horizontal"
              data={charted}
              labelKey="mda"
              series={[{ key: 'performance', label: '% of budget' }]}
              format="percent"
              order={2}
              description={data.budgetVersion ? 'Against the demo budget.' : undefined}
              height={Math.max(160, charted.length * 36)}
            />
          )}
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="every-mda">
            <Title order={2} size="h4" id="every-mda">
              Every MDA, best first
            </Title>
            <MdaTable
              caption="Every MDA against its budget"
              items={data.items}
              hasBudget={hasBudget}
              empty="No MDA has a budget or a collection in this period."
            />
          </Paper>
        </>
      )}
    </Stack>
  );
}
