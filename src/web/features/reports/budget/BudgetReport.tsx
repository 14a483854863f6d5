import {
  Alert,
  Button,
  Grid,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { todayInLagos } from '../../../../shared/dates';
import { formatKoboAsNaira } from '../../../../shared/money';
import type {
  BudgetGrouping,
  BudgetPerformanceItem,
  BudgetPerformanceReport,
} from '../../../../shared/reports/budget';
import { ChartFigure } from '../../../lib/charts/ChartFigure';
import { PeriodPicker } from '../../../lib/dates/PeriodPicker';
import { type Period, periodText, yearToDatePeriod } from '../../../lib/dates/period';
import { ListHeader, ListLoadError } from '../../../lib/lists/listPage';
import { TableSkeleton } from '../../../lib/pending/skeletons';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import {
  type BudgetReportParams,
  budgetMdasQuery,
  budgetReportFileUrl,
  budgetReportQuery,
} from './queries';
import { BudgetSearch } from './search';

/** What each of the four pages shows: its title, grouping, chart, and whether it is one MDA's. */
export type BudgetReportKind = {
  title: string;
  description: string;
  groupBy: BudgetGrouping;
  /** The first column's heading. */
  groupHeading: string;
  /** One MDA's report: an MDA to choose, a chart by month beside its revenue heads. */
  oneMda?: boolean;
  /** The rows the chart draws (all of them unless said). */
  chartRows?: (items: BudgetPerformanceItem[]) => BudgetPerformanceItem[];
  chartKind: 'bar' | 'bar-horizontal';
};

const percentText = (p: number | null) => (p === null ? '—' : `${p.toFixed(1)} %`);

/**
 * A budget report page (docs/reports.md): a period picker, the budget version the figures are
 * measured against, the table with its totals row, a chart beside it, and XLSX and PDF files of
 * the same report. MDA staff see their MDAs only (the server filters).
 */
export function BudgetReportPage({ kind }: { kind: BudgetReportKind }) {
  const canRead = usePermission('budget:read');
  if (!canRead) return <NoAccess title={kind.title} />;
  return <BudgetReport kind={kind} />;
}

function BudgetReport({ kind }: { kind: BudgetReportKind }) {
  useDocumentTitle(`${kind.title} · RevDesk`);
  const today = todayInLagos();
  const search = BudgetSearch.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  const setSearch = (change: Partial<BudgetSearch>) =>
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({ ...previous, ...change }),
      replace: true,
    });
  const ytd = yearToDatePeriod(Number(today.slice(0, 4)), today);
  const period: Period = { from: search.from ?? ytd.from, to: search.to ?? ytd.to };
  const mdas = useQuery({ ...budgetMdasQuery(), enabled: kind.oneMda === true });
  const mdaId = kind.oneMda ? (search.mdaId ?? mdas.data?.[0]?.id) : undefined;
  const params: BudgetReportParams = { ...period, groupBy: kind.groupBy, mdaId };
  const waiting = kind.oneMda === true && !mdaId;
  const query = useQuery({ ...budgetReportQuery(params), enabled: !waiting });
  const byMonth = useQuery({
    ...budgetReportQuery({ ...params, groupBy: 'month' }),
    enabled: kind.oneMda === true && !waiting,
  });

  return (
    <Stack gap="lg">
      <ListHeader title={kind.title} description={kind.description}>
        {query.data && <ExportLinks params={params} />}
      </ListHeader>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <PeriodPicker
          value={period}
          today={today}
          onChange={(next) => setSearch({ from: next.from, to: next.to })}
        />
        {kind.oneMda && (
          <Select
            label="MDA"
            placeholder={mdas.isPending ? 'Loading MDAs…' : 'Choose an MDA'}
            data={(mdas.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
            value={mdaId ?? null}
            onChange={(id) => id && setSearch({ mdaId: id })}
            searchable
            allowDeselect={false}
            w={{ base: '100%', xs: 320 }}
            error={mdas.isError ? 'The MDAs could not be loaded.' : undefined}
          />
        )}
      </Group>
      {kind.oneMda && mdas.data?.length === 0 ? (
        <Alert color="gray" title="No MDA to report on">
          You hold no MDA privilege yet; an administrator gives them on your account.
        </Alert>
      ) : query.isError ? (
        <ListLoadError
          what={`The ${kind.title.toLowerCase()}`}
          error={query.error}
          isRetrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : !query.data ? (
        <TableSkeleton
          label={`Loading the ${kind.title.toLowerCase()}…`}
          columns={5}
          withPage={false}
        />
      ) : (
        <ReportBody
          kind={kind}
          report={query.data}
          monthly={byMonth.data}
          fetching={query.isFetching}
        />
      )}
    </Stack>
  );
}

function ExportLinks({ params }: { params: BudgetReportParams }) {
  return (['xlsx', 'pdf'] as const).map((format) => (
    <Button
      key={format}
      component="a"
      href={budgetReportFileUrl(params, format)}
      download
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden="true" />}
    >
      {format === 'xlsx' ? 'Export Excel' : 'Export PDF'}
    </Button>
  ));
}

/** "2026 budget, version 2 (Supplementary budget), entered 3 Mar 2026", or the lack of one. */
function VersionLine({ report }: { report: BudgetPerformanceReport }) {
  const v = report.budgetVersion;
  return (
    <Text size="sm" data-testid="budget-version">
      <Text span fw={600}>
        {periodText(report)}
      </Text>
      {' · '}
      {v
        ? `Measured against the ${v.year} budget, version ${v.version} (${v.note}), entered ${new Date(v.createdAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Lagos' })}.`
        : `No budget for ${report.year} yet.`}
    </Text>
  );
}

function ReportBody(props: {
  kind: BudgetReportKind;
  report: BudgetPerformanceReport;
  monthly: BudgetPerformanceReport | undefined;
  fetching: boolean;
}) {
  const { kind, report } = props;
  const canWrite = usePermission('budget:write');
  if (!report.budgetVersion && report.items.length === 0) {
    return (
      <Stack gap="sm">
        <VersionLine report={report} />
        <Alert color="gray" title={`No budget for ${report.year} yet`}>
          {canWrite
            ? `Enter or import the ${report.year} budget on the budget page; these reports then compare it with what was collected.`
            : `Once the ${report.year} budget is entered (by an administrator or the DG Budget), this report compares it with what was collected.`}
        </Alert>
      </Stack>
    );
  }
  const chartSource = kind.oneMda
    ? (props.monthly?.items ?? [])
    : (kind.chartRows ?? ((items: BudgetPerformanceItem[]) => items))(report.items);
  const chartData = chartSource.map((i) => ({
    label: kind.groupBy === 'economic-code' ? `${i.key} ${i.label}` : i.label,
    budgetKobo: i.budgetKobo,
    actualKobo: i.actualKobo,
  }));
  return (
    <Stack gap="sm">
      <VersionLine report={report} />
      {!report.budgetVersion && (
        <Alert color="gray" title={`No budget for ${report.year} yet`}>
          The figures below are what was collected; there is no budget to compare them with.
        </Alert>
      )}
      {report.items.length === 0 ? (
        <Alert color="gray" title="Nothing in this period">
          Nothing was budgeted or collected in this period. Choose another period.
        </Alert>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <FiguresTable kind={kind} report={report} fetching={props.fetching} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            {chartData.length > 0 && (
              <ChartFigure
                title={
                  kind.oneMda
                    ? 'Budget and collected by month'
                    : `Budget and collected by ${kind.groupHeading.toLowerCase()}`
                }
                description={periodText(report)}
                kind={kind.oneMda ? 'bar' : kind.chartKind}
                data={chartData}
                labelKey="label"
                labelHeading={kind.oneMda ? 'Month' : kind.groupHeading}
                series={[
                  { key: 'budgetKobo', label: 'Budget' },
                  { key: 'actualKobo', label: 'Collected' },
                ]}
                format="naira"
                height={
                  kind.chartKind === 'bar-horizontal' ? Math.max(240, chartData.length * 36) : 280
                }
                order={2}
              />
            )}
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}

/** The indent of a row: subtotals and their members by level. */
const indentOf = (kind: BudgetReportKind, i: BudgetPerformanceItem) =>
  Math.max(0, i.level - (kind.groupBy === 'economic-code' ? 2 : 1)) * 8;

const labelOf = (kind: BudgetReportKind, i: BudgetPerformanceItem): ReactNode =>
  kind.groupBy === 'economic-code' || kind.groupBy === 'revenue-head' ? (
    <>
      <Text span ff="monospace" size="sm">
        {i.key || '—'}
      </Text>{' '}
      {i.label}
    </>
  ) : (
    i.label
  );

/** The table (wide screens) or one card per row (phones), and the totals row last. */
function FiguresTable(props: {
  kind: BudgetReportKind;
  report: BudgetPerformanceReport;
  fetching: boolean;
}) {
  const { kind, report } = props;
  const totals = { ...report.totals, label: 'Total' };
  return (
    <>
      {/* A labelled, focusable region: a keyboard reaches the columns past the window's edge. */}
      <Table.ScrollContainer
        minWidth={560}
        visibleFrom="sm"
        type="native"
        role="region"
        tabIndex={0}
        aria-label={`${kind.title}: the table`}
        aria-busy={props.fetching}
      >
        <Table striped highlightOnHover aria-label={`${kind.title}, ${periodText(report)}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{kind.groupHeading}</Table.Th>
              <Table.Th scope="col" ta="right">
                Budget
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Collected
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Variance
              </Table.Th>
              <Table.Th scope="col" ta="right">
                % of budget
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.items.map((i) => (
              <Table.Tr key={`${i.level}-${i.key}`} fw={i.subtotal ? 700 : undefined}>
                <Table.Th
                  scope="row"
                  fw={i.subtotal ? 700 : 400}
                  pl={`calc(var(--table-horizontal-spacing, 10px) + ${indentOf(kind, i)}px)`}
                >
                  {labelOf(kind, i)}
                </Table.Th>
                <Figures row={i} />
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={700} data-testid="totals-row">
              <Table.Th scope="row">Total</Table.Th>
              <Figures row={totals} />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      <Stack
        gap="xs"
        hiddenFrom="sm"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={kind.title}
      >
        {[...report.items, { ...totals, key: 'total', level: 1, subtotal: true }].map((i) => (
          <Paper
            key={`${i.level}-${i.key}`}
            component="li"
            withBorder
            p="sm"
            ml={indentOf(kind, i as BudgetPerformanceItem)}
          >
            <Text fw={i.subtotal ? 700 : 600} size="sm">
              {i.key === 'total' ? 'Total' : labelOf(kind, i as BudgetPerformanceItem)}
            </Text>
            <SimpleGrid cols={2} spacing={4} mt={4}>
              <Pair label="Budget" value={formatKoboAsNaira(i.budgetKobo)} />
              <Pair label="Collected" value={formatKoboAsNaira(i.actualKobo)} />
              <Pair label="Variance" value={formatKoboAsNaira(i.varianceKobo)} />
              <Pair label="% of budget" value={percentText(i.percent)} />
            </SimpleGrid>
          </Paper>
        ))}
      </Stack>
    </>
  );
}

function Pair({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

function Figures({
  row,
}: {
  row: Pick<BudgetPerformanceItem, 'budgetKobo' | 'actualKobo' | 'varianceKobo' | 'percent'>;
}) {
  return (
    <>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatKoboAsNaira(row.budgetKobo)}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatKoboAsNaira(row.actualKobo)}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatKoboAsNaira(row.varianceKobo)}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {percentText(row.percent)}
      </Table.Td>
    </>
  );
}
