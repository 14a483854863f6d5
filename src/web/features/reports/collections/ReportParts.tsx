import { Box, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { todayInLagos } from '../../../../shared/dates';
import { formatKoboAsNaira } from '../../../../shared/money';
import { periodOf } from '../../../../shared/reports/period';
import { PeriodPicker } from '../../../lib/dates/PeriodPicker';
import { ListTotals, nairaFigure } from '../../../lib/lists/ListTotals';
import {
  ExportButtons,
  ListHeader,
  ListLoadError,
  useListSearch,
} from '../../../lib/lists/listPage';
import { BusyRegion } from '../../../lib/pending/skeletons';
import { reportExportUrl } from './queries';
import { ReportSearch } from './search';

/**
 * What every report page shares (docs/reports.md "Report pages"): its title and export
 * buttons, the period picker (and the MDA, where it has one) in the URL, then the report's
 * skeleton while it loads, what went wrong when it failed, and a sentence when the period
 * holds nothing.
 */
export function useReportSearch() {
  const list = useListSearch(ReportSearch);
  return { search: list.search, setSearch: list.setFilters };
}

export function ReportFrame<D>(props: {
  title: string;
  description: string;
  /** The API path the export reads, e.g. "collections-by-mda"; none: no export. */
  exportPath?: string | undefined;
  search: ReportSearch;
  onSearch: (change: Partial<ReportSearch>) => void;
  /** Filters beside the period (an MDA select). */
  filters?: ReactNode;
  query: UseQueryResult<D>;
  what: string;
  isEmpty: (data: D) => boolean;
  empty: string;
  children: (data: D) => ReactNode;
}) {
  useDocumentTitle(`${props.title} · RevDesk`);
  const { query, search } = props;
  const path = props.exportPath;
  // No period in the URL: the year to date, as the server reads it.
  const today = todayInLagos();
  return (
    <Stack gap="lg">
      <ListHeader title={props.title} description={props.description}>
        {path && <ExportButtons hrefOf={(format) => reportExportUrl(path, search, format)} />}
      </ListHeader>
      <Box
        component="form"
        aria-label="Report period"
        onSubmit={(e) => e.preventDefault()}
        style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--mantine-spacing-sm)' }}
      >
        <PeriodPicker
          value={periodOf(search, today)}
          today={today}
          onChange={(period) => props.onSearch({ from: period.from, to: period.to })}
        />
        {props.filters}
      </Box>
      {query.isError ? (
        <ListLoadError
          what={props.what}
          error={query.error}
          isRetrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : query.isPending ? (
        <BusyRegion label={`Loading ${props.what.toLowerCase()}…`}>
          <Stack gap="md">
            <Skeleton height={72} radius="md" />
            <Skeleton height={260} radius="md" />
            <Skeleton height={160} radius="md" />
          </Stack>
        </BusyRegion>
      ) : props.isEmpty(query.data) ? (
        <Paper withBorder radius="md" p="lg">
          <Text fw={600}>{props.empty}</Text>
          <Text size="sm" c="dimmed">
            Choose another period, or check again later: the figures are kept as money arrives.
          </Text>
        </Paper>
      ) : (
        props.children(query.data)
      )}
    </Stack>
  );
}

/** The report's totals row: amount and count of the whole period. */
export function ReportTotals(props: {
  label: string;
  figures: [label: string, kobo: number][];
  count?: [label: string, n: number];
}) {
  const figures = props.figures.map(
    ([label, kobo]) => [label, ...nairaFigure(kobo)] as [string, string, string],
  );
  if (props.count) {
    const n = props.count[1].toLocaleString('en-NG');
    figures.push([props.count[0], n, n]);
  }
  return <ListTotals label={props.label} figures={figures} />;
}

export type ReportColumn<R> = {
  header: string;
  cell: (row: R) => ReactNode;
  /** Figures align right. */
  numeric?: boolean;
};

/**
 * A report's table: every row of the report, with a totals row. It scrolls inside its own box
 * on a phone (a labelled, focusable region, so a keyboard reaches what is off screen), never
 * the page.
 */
export function ReportTable<R>(props: {
  caption: string;
  rows: readonly R[];
  rowKey: (row: R) => string;
  columns: readonly ReportColumn<R>[];
  footer?: readonly ReactNode[];
}) {
  return (
    <Box
      role="region"
      aria-label={props.caption}
      tabIndex={0}
      style={{ overflowX: 'auto', maxWidth: '100%' }}
    >
      <Table striped withTableBorder highlightOnHover style={{ minWidth: 'max-content' }}>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
          {props.caption}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {props.columns.map((c) => (
              <Table.Th key={c.header} style={c.numeric ? { textAlign: 'right' } : undefined}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((row) => (
            <Table.Tr key={props.rowKey(row)}>
              {props.columns.map((c, i) =>
                i === 0 ? (
                  <Table.Th key={c.header} scope="row" fw={400}>
                    {c.cell(row)}
                  </Table.Th>
                ) : (
                  <Table.Td
                    key={c.header}
                    style={c.numeric ? { textAlign: 'right', whiteSpace: 'nowrap' } : undefined}
                  >
                    {c.cell(row)}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {props.footer && (
          <Table.Tfoot>
            <Table.Tr>
              {props.footer.map((cell, i) =>
                i === 0 ? (
                  <Table.Th key={props.columns[i]?.header ?? i} scope="row">
                    {cell}
                  </Table.Th>
                ) : (
                  <Table.Td
                    key={props.columns[i]?.header ?? i}
                    fw={700}
                    style={
                      props.columns[i]?.numeric
                        ? { textAlign: 'right', whiteSpace: 'nowrap' }
                        : undefined
                    }
                  >
                    {cell}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Box>
  );
}

export const naira = (kobo: number) => formatKoboAsNaira(kobo);
export const whole = (n: number) => n.toLocaleString('en-NG');
export const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

const MONTH = new Intl.DateTimeFormat('en-NG', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
/** "Mar 2026" for the first day of a month. */
export const monthLabel = (firstDay: string) => MONTH.format(new Date(`${firstDay}T00:00:00Z`));
