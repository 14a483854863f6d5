import 'mantine-datatable/styles.css';
import '../../../styles/tables.css';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import type { AssessmentKind } from '../../../../shared/assessments/enums';
import type { AssessmentView } from '../../../../shared/assessments/views';
import { formatKoboAsNaira } from '../../../../shared/money';
import { formatLagosDate } from '../../../lib/format';
import { type ListCards, ListTable } from '../../../lib/lists/ListTable';
import { ListLoadError } from '../../../lib/lists/listPage';
import type { PAGE_SIZE_CHOICES } from '../../../lib/lists/searchParams';
import { sortText } from '../../../lib/lists/sortText';
import { TableSkeleton } from '../../../lib/pending/skeletons';
import { useShellBase } from '../../../shell/shellPaths';
import { assessmentListQuery } from '../common/queries';
import { AssessmentStatusBadge } from '../common/StatusBadges';

type PageSize = (typeof PAGE_SIZE_CHOICES)[number];

/**
 * The officer's own backlog entries of this kind, newest first (GET /api/v1/assessments
 * ?source=backlog&mine=true): what they captured today stays in sight while they go on.
 */
export function RecentBacklog({ kind }: { kind: AssessmentKind }) {
  const base = useShellBase();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(25);
  const list = useQuery(
    assessmentListQuery(kind, { source: 'backlog', mine: true, page, pageSize }),
  );

  const assessmentLink = (row: AssessmentView) => (
    <Anchor component={Link} to={`${base}/taxs/assessment/${row.id}`}>
      {row.taxYear}
    </Anchor>
  );
  const status = (row: AssessmentView) => (
    <AssessmentStatusBadge status={row.status} source={row.source} />
  );
  const columns: DataTableColumn<AssessmentView>[] = [
    { accessor: 'taxYear', title: 'Year', noWrap: true, render: assessmentLink },
    {
      accessor: 'taxpayerName',
      title: 'Taxpayer',
      width: 240,
      ellipsis: true,
      render: (row) => <span title={row.taxpayerName}>{row.taxpayerName}</span>,
    },
    { accessor: 'btin', title: 'BTIN', noWrap: true },
    {
      accessor: 'taxKobo',
      title: 'Tax',
      textAlign: 'right',
      noWrap: true,
      render: (row) => formatKoboAsNaira(row.taxKobo),
    },
    {
      accessor: 'paidKobo',
      title: 'Paid',
      textAlign: 'right',
      noWrap: true,
      render: (row) => formatKoboAsNaira(row.paidKobo),
    },
    { accessor: 'status', title: 'Status', noWrap: true, render: status },
    {
      accessor: 'createdAt',
      title: 'Captured on',
      noWrap: true,
      render: (row) => formatLagosDate(row.createdAt),
    },
  ];
  const cards: ListCards<AssessmentView> = {
    title: (row) => `${row.taxYear} · ${row.taxpayerName}`,
    fields: [
      { label: 'Tax', render: (row) => formatKoboAsNaira(row.taxKobo) },
      { label: 'Paid', render: (row) => formatKoboAsNaira(row.paidKobo) },
      { label: 'Status', render: status },
      { label: 'Open', render: assessmentLink },
    ],
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="recent-backlog">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h4" id="recent-backlog">
          Your recent backlog entries
        </Title>
        {list.data && (
          <Text size="sm" c="dimmed">
            {list.data.total.toLocaleString('en-NG')} in all
          </Text>
        )}
      </Group>
      {list.isError ? (
        <ListLoadError
          what="Your backlog entries"
          error={list.error}
          isRetrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : list.isPending ? (
        <TableSkeleton
          label="Loading your backlog entries…"
          columns={7}
          rows={3}
          withPage={false}
        />
      ) : (
        <ListTable<AssessmentView>
          label="Your recent backlog entries"
          sortedBy={sortText('-createdAt')}
          idAccessor="id"
          columns={columns}
          cards={cards}
          data={list.data}
          fetching={list.isFetching}
          loadingText="Loading your backlog entries…"
          noRecordsText="You have not captured a backlog year of this kind yet."
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size as PageSize);
            setPage(1);
          }}
        />
      )}
    </Stack>
  );
}
