import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Box, Button, Paper, Table, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import {
  type ChartFormat,
  formatAxisValue,
  formatChartValue,
  SERIES_COLOURS,
  SERIES_DASHES,
} from './chartFormat';

export type ChartSeriesSpec = { key: string; label: string };

export type ChartFigureProps<Row extends Record<string, unknown>> = {
  /** The figure's heading; also the caption of its figures table. */
  title: string;
  /** A line under the heading: what the figures are, which period or budget version. */
  description?: string | undefined;
  kind: 'bar' | 'line' | 'bar-horizontal';
  data: readonly Row[];
  /** The category of each row, unique within the chart: the month, the MDA, the channel. */
  labelKey: keyof Row & string;
  /** The figures table's first heading; by default made from labelKey ("mda" → "MDA"). */
  labelHeading?: string | undefined;
  series: readonly ChartSeriesSpec[];
  format: ChartFormat;
  height?: number;
  /** Headings level of the title (3 under a page's sections). */
  order?: 2 | 3 | 4;
};

/**
 * A chart with its numbers (docs/reports.md "Charts"): drawn with @mantine/charts, its series
 * told apart in grey by lightness and dash, values in full in the tooltip, and every number
 * in a table a button shows, for a screen reader, a keyboard and a printout. Only pages that
 * draw charts import this: recharts is in a chunk of its own (vite.chunks.ts).
 */
export function ChartFigure<Row extends Record<string, unknown>>(props: ChartFigureProps<Row>) {
  const {
    title,
    description,
    kind,
    data,
    labelKey,
    series,
    format,
    height = 280,
    order = 3,
  } = props;
  const firstHeading = props.labelHeading ?? labelHeading(labelKey);
  const [showFigures, setShowFigures] = useState(false);
  const titleId = useId();
  const tableId = useId();
  const chartSeries = series.map((s, i) => ({
    name: s.key,
    label: s.label,
    color: SERIES_COLOURS[i % SERIES_COLOURS.length] as string,
    ...(kind === 'line' && SERIES_DASHES[i] ? { strokeDasharray: SERIES_DASHES[i] } : {}),
  }));
  const rows = data as Record<string, unknown>[];
  const common = {
    h: height,
    data: rows as Record<string, number | string>[],
    dataKey: labelKey,
    series: chartSeries,
    withLegend: series.length > 1,
    legendProps: { verticalAlign: 'bottom' as const, height: 40 },
    valueFormatter: (value: number) => formatChartValue(value, format),
    tickLine: 'none' as const,
    gridAxis: kind === 'bar-horizontal' ? ('x' as const) : ('y' as const),
  };
  const axis = { tickFormatter: (value: number) => formatAxisValue(value, format) };

  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} aria-labelledby={titleId}>
      <Title order={order} size="h5" id={titleId}>
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed" mt={2}>
          {description}
        </Text>
      ) : null}
      <Box
        mt="md"
        role="img"
        aria-label={`${title}: a chart of ${rows.length} ${rows.length === 1 ? 'value' : 'values'}; the figures are in the table below it.`}
      >
        {rows.length === 0 ? (
          <Text c="dimmed" py="xl" ta="center">
            Nothing to draw for this period.
          </Text>
        ) : kind === 'line' ? (
          <LineChart
            {...common}
            curveType="monotone"
            withDots={rows.length <= 31}
            yAxisProps={axis}
          />
        ) : kind === 'bar-horizontal' ? (
          <BarChart
            {...common}
            orientation="vertical"
            xAxisProps={axis}
            yAxisProps={{ width: 110, tickFormatter: (label: string) => shorten(label, 16) }}
          />
        ) : (
          <BarChart {...common} yAxisProps={axis} />
        )}
      </Box>
      <Button
        variant="subtle"
        size="compact-sm"
        mt="xs"
        aria-expanded={showFigures}
        aria-controls={tableId}
        onClick={() => setShowFigures((shown) => !shown)}
      >
        {showFigures ? 'Hide the figures' : 'Show the figures'}
      </Button>
      <Box id={tableId} hidden={!showFigures} mt="xs">
        <Table.ScrollContainer
          minWidth={0}
          type="native"
          role="region"
          tabIndex={0}
          aria-label={`${title}: the figures`}
        >
          <Table striped withTableBorder>
            <Table.Caption>{title}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{firstHeading}</Table.Th>
                {series.map((s) => (
                  <Table.Th scope="col" key={s.key} ta="right">
                    {s.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={String(row[labelKey])}>
                  <Table.Th scope="row" fw={400}>
                    {String(row[labelKey] ?? '')}
                  </Table.Th>
                  {series.map((s) => (
                    <Table.Td key={s.key} ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {typeof row[s.key] === 'number'
                        ? formatChartValue(row[s.key] as number, format)
                        : '—'}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
    </Paper>
  );
}

const shorten = (label: string, max: number) =>
  label.length > max ? `${label.slice(0, max - 1)}…` : label;

/** "month" → "Month", "mdaName" → "MDA name": the first column's heading from its key. */
function labelHeading(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\bmda\b/g, 'MDA');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
