import { Group, Text } from '@mantine/core';
import { formatKoboAsNaira } from '../../../../shared/money';
import type { SscSort } from '../../../../shared/ssc/enums';
import type { SscSchedulePage, SscScheduleView } from '../../../../shared/ssc/views';
import { formatLagosDate } from '../../../lib/format';
import { type ListCards, type ListColumn, ListTable } from '../../../lib/lists/ListTable';
import { RecordLink } from '../../../lib/lists/RecordLink';
import { sortText } from '../../../lib/lists/sortText';
import { useShellBase } from '../../../shell/shellPaths';
import { monthText } from '../format';
import { DemoRateBadge, SscStatusBadge } from '../SscBadges';

const SORT_WORDS = {
  month: ['month', 'earliest first', 'latest first'],
  levyKobo: ['levy', 'smallest first', 'largest first'],
  mda: ['MDA', 'A to Z', 'Z to A'],
} as const;

type Props = {
  data: SscSchedulePage;
  isFetching: boolean;
  sort: SscSort;
  onSort: (sort: SscSort) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
};

/** One page of an SSC list: month, MDA, staff, levy, status and RRR; a row opens the schedule. */
export function SscTable({ data, isFetching, sort, onSort, ...handlers }: Props) {
  const base = useShellBase();
  const hrefOf = (s: SscScheduleView) => `${base}/ssc/schedules/${s.id}`;
  const columns: ListColumn<SscScheduleView>[] = [
    {
      accessor: 'month',
      title: 'Month',
      noWrap: true,
      render: (s) => <RecordLink to={hrefOf(s)}>{monthText(s.month)}</RecordLink>,
    },
    {
      accessor: 'mda',
      title: 'MDA',
      render: (s) => (
        <Text size="sm">
          {s.mda.name}{' '}
          <Text span size="xs" c="dimmed">
            {s.mda.code}
          </Text>
        </Text>
      ),
    },
    { accessor: 'staffCount', title: 'Staff', textAlign: 'right', fold: 2 },
    {
      accessor: 'grossKobo',
      title: 'Gross pay',
      textAlign: 'right',
      noWrap: true,
      fold: 3,
      render: (s) => formatKoboAsNaira(s.grossKobo),
    },
    {
      accessor: 'levyKobo',
      title: 'Levy',
      textAlign: 'right',
      noWrap: true,
      render: (s) => (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          {s.hasDemoRates && <DemoRateBadge />}
          <span>{formatKoboAsNaira(s.levyKobo)}</span>
        </Group>
      ),
    },
    {
      accessor: 'status',
      title: 'Status',
      render: (s) => <SscStatusBadge status={s.status} />,
    },
    { accessor: 'rrr', title: 'RRR', noWrap: true, fold: 1, render: (s) => s.rrr ?? '—' },
    {
      accessor: 'createdAt',
      title: 'Received',
      noWrap: true,
      fold: 4,
      render: (s) => formatLagosDate(s.updatedAt),
    },
  ];
  const cards: ListCards<SscScheduleView> = {
    title: (s) => `${monthText(s.month)} · ${s.mda.name}`,
    fields: [
      { label: 'Staff', render: (s) => s.staffCount.toLocaleString('en-NG') },
      {
        label: 'Levy',
        render: (s) => (
          <Group gap={6}>
            {formatKoboAsNaira(s.levyKobo)}
            {s.hasDemoRates && <DemoRateBadge />}
          </Group>
        ),
      },
      { label: 'Status', render: (s) => <SscStatusBadge status={s.status} /> },
      { label: 'RRR', render: (s) => s.rrr ?? '—' },
    ],
  };
  return (
    <ListTable<SscScheduleView, SscSort>
      label="SSC schedules"
      sortedBy={sortText(sort, SORT_WORDS)}
      idAccessor="id"
      columns={columns}
      cards={cards}
      data={data}
      fetching={isFetching}
      loadingText="Loading schedules…"
      noRecordsText="No schedules on this page"
      recordHref={hrefOf}
      sorting={{
        sort,
        columns: { month: 'month', mda: 'mda', levyKobo: 'levyKobo' },
        onChange: onSort,
      }}
      onPageChange={handlers.onPageChange}
      onPageSizeChange={handlers.onPageSizeChange}
    />
  );
}
