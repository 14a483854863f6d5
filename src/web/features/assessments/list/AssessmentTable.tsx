import { Text } from '@mantine/core';
import type {
  AssessmentPage,
  AssessmentSort,
  AssessmentView,
} from '../../../../shared/assessments/views';
import { formatKoboAsNaira } from '../../../../shared/money';
import { formatLagosDate } from '../../../lib/format';
import { type ListCards, type ListColumn, ListTable } from '../../../lib/lists/ListTable';
import { RecordLink } from '../../../lib/lists/RecordLink';
import { PAGE_SIZE_CHOICES } from '../../../lib/lists/searchParams';
import { sortText } from '../../../lib/lists/sortText';
import { AssessmentStatusBadge } from '../common/StatusBadges';

/** Columns the server sorts by, and its name for each. */
const SORT_COLUMNS = {
  createdAt: 'createdAt',
  taxYear: 'taxYear',
  taxKobo: 'taxKobo',
  issuedAt: 'issuedAt',
} as const;

/** A draft (and a backlog entry) has no notice number yet. */
export function noticeLabel(row: Pick<AssessmentView, 'noticeNumber' | 'status'>): string {
  return row.noticeNumber ?? (row.status === 'draft' ? 'Draft' : '—');
}

const money = (kobo: number) => formatKoboAsNaira(kobo);
const statusBadge = (row: AssessmentView) => (
  <AssessmentStatusBadge status={row.status} source={row.source} />
);

type Props = {
  label: string;
  data: AssessmentPage | undefined;
  isFetching: boolean;
  /** An assessment's page: its notice number links there, and a row click opens it. */
  recordHref: (row: AssessmentView) => string;
  emptyText: string;
  /** Without it the list keeps the server's order (the taxpayer's tab). */
  sorting?: { sort: AssessmentSort; onChange: (sort: AssessmentSort) => void };
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  pageSizes?: readonly number[];
  /** The taxpayer's tab leaves out the taxpayer's own name and BTIN. */
  withTaxpayer?: boolean;
};

/** One page of assessments; paging and sorting happen on the server. A row opens its page. */
export function AssessmentTable({ withTaxpayer = true, sorting, ...props }: Props) {
  const sortable = sorting !== undefined;
  const columns: ListColumn<AssessmentView>[] = [
    {
      accessor: 'noticeNumber',
      title: 'Notice number',
      noWrap: true,
      render: (row) => <RecordLink to={props.recordHref(row)}>{noticeLabel(row)}</RecordLink>,
    },
    ...(withTaxpayer
      ? ([
          {
            // Name and BTIN in one column: ten columns do not fit beside the sidebar.
            accessor: 'taxpayerName',
            title: 'Taxpayer',
            width: 200,
            ellipsis: true,
            render: (row) => (
              <>
                <Text size="sm" truncate="end" title={row.taxpayerName}>
                  {row.taxpayerName}
                </Text>
                <Text size="xs" c="dimmed">
                  BTIN {row.btin}
                </Text>
              </>
            ),
          },
        ] satisfies ListColumn<AssessmentView>[])
      : []),
    { accessor: 'taxYear', title: 'Year', sortable },
    {
      accessor: 'taxKobo',
      title: 'Tax',
      textAlign: 'right',
      noWrap: true,
      sortable,
      render: (row) => money(row.taxKobo),
    },
    {
      accessor: 'paidKobo',
      fold: 3,
      title: 'Paid',
      textAlign: 'right',
      noWrap: true,
      render: (row) => money(row.paidKobo),
    },
    {
      accessor: 'outstandingKobo',
      title: 'Outstanding',
      textAlign: 'right',
      noWrap: true,
      render: (row) => money(row.outstandingKobo),
    },
    { accessor: 'status', title: 'Status', noWrap: true, render: statusBadge },
    {
      accessor: 'issuedAt',
      fold: 2,
      title: 'Issued on',
      noWrap: true,
      sortable,
      render: (row) => (row.issuedAt ? formatLagosDate(row.issuedAt) : '—'),
    },
    {
      accessor: 'createdBy',
      fold: 4,
      title: 'Officer',
      // Ten columns do not fit beside the sidebar on a laptop: the officer goes first.
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.xl})`,
      render: (row) => (
        <Text size="sm" title={row.issuedBy ? `Issued by ${row.issuedBy.name}` : undefined}>
          {row.createdBy?.name ?? '—'}
        </Text>
      ),
    },
  ];

  // On a phone: the notice, taxpayer, year, amounts and status; a tap opens the assessment.
  const cards: ListCards<AssessmentView> = {
    title: (row) => (withTaxpayer ? `${noticeLabel(row)} · ${row.taxpayerName}` : noticeLabel(row)),
    fields: [
      ...(withTaxpayer ? [{ label: 'BTIN', render: (row: AssessmentView) => row.btin }] : []),
      { label: 'Year', render: (row) => row.taxYear },
      { label: 'Tax', render: (row) => money(row.taxKobo) },
      { label: 'Outstanding', render: (row) => money(row.outstandingKobo) },
      { label: 'Status', render: statusBadge },
    ],
  };

  return (
    <ListTable<AssessmentView, AssessmentSort>
      label={props.label}
      sortedBy={sortText(sorting?.sort ?? '-createdAt')}
      idAccessor="id"
      columns={columns}
      cards={cards}
      data={props.data}
      fetching={props.isFetching}
      loadingText="Loading assessments…"
      noRecordsText={props.emptyText}
      pageSizes={props.pageSizes ?? PAGE_SIZE_CHOICES}
      onPageChange={props.onPageChange}
      onPageSizeChange={props.onPageSizeChange}
      sorting={sorting && { ...sorting, columns: SORT_COLUMNS }}
      recordHref={props.recordHref}
    />
  );
}
