import 'mantine-datatable/styles.css';
import '../../styles/tables.css';
import '../../styles/forms.css';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  DEMAND_NOTICE_VIEW_STATUSES,
  type DemandNoticeSort,
} from '../../../shared/demandNoticeEnums';
import type { MdaTransactionItem, MdaTransactionReport } from '../../../shared/demandNotices';
import { formatKoboAsNaira } from '../../../shared/money';
import { formatRrr } from '../../../shared/payments/rrrText';
import { formatCalendarDate } from '../../lib/format';
import {
  countActiveFilters,
  FilterBar,
  FilterDateRange,
  FilterLookup,
  FilterSelect,
  FilterText,
} from '../../lib/lists/filters';
import { type ListCards, type ListColumn, ListTable } from '../../lib/lists/ListTable';
import { ListTotals, nairaFigure } from '../../lib/lists/ListTotals';
import {
  ExportButtons,
  ListBody,
  ListEmpty,
  ListHeader,
  useListSearch,
} from '../../lib/lists/listPage';
import { sortText } from '../../lib/lists/sortText';
import { TableSkeleton } from '../../lib/pending/skeletons';
import { NoAccess } from '../../lib/routing/NoAccess';
import { usePermission } from '../../lib/routing/usePermission';
import { useShellBase } from '../../shell/shellPaths';
import { NOTICE_SORT_WORDS, NOTICE_STATUS_LABELS } from './format';
import { NoticeStatusBadge } from './NoticeStatusBadge';
import { activeMdasQuery, mdaTransactionExportUrl, mdaTransactionQuery } from './queries';
import { DEFAULT_SORT, MdaTransactionSearch } from './search';

const TITLE = 'MDA Transaction Report';

/** Columns the server sorts by, and its name for each. */
const SORT_COLUMNS = {
  issuedOn: 'issuedOn',
  dueOn: 'dueOn',
  totalKobo: 'total',
  number: 'number',
} as const;

/**
 * /birs/reporting/mda-transaction-report (docs/product.md §2): the demand notices of the MDAs
 * the officer may see, with what was paid on each, the totals billed / paid / outstanding and a
 * count per status. MDA staff see their MDAs' only (the server filters).
 */
export function MdaTransactionReportPage() {
  const canRead = usePermission('demand-notice:read');
  if (!canRead) return <NoAccess title={TITLE} />;
  return <MdaTransactions />;
}

function MdaTransactions() {
  useDocumentTitle(`${TITLE} · RevDesk`);
  const list = useListSearch(MdaTransactionSearch);
  const { search } = list;
  const query = useQuery(mdaTransactionQuery(search));
  const mdas = useQuery(activeMdasQuery());
  const sort = (search.sort ?? DEFAULT_SORT) as DemandNoticeSort;

  return (
    <Stack gap="lg">
      <ListHeader
        title={TITLE}
        description="Demand notices issued by MDAs, with what the ledger holds as paid on each. Overdue: past its due date and not fully paid."
      >
        <ExportButtons hrefOf={(format) => mdaTransactionExportUrl(search, format)} />
      </ListHeader>

      <FilterBar
        activeCount={countActiveFilters(search, MdaTransactionSearch.filterKeys)}
        onClear={list.clearFilters}
      >
        <FilterText
          label="Payer"
          placeholder="Name or BTIN"
          value={search.payer}
          onChange={(payer) => list.setFilters({ payer })}
          width={200}
          isSearch
        />
        <FilterLookup
          label="MDA"
          placeholder="Any MDA"
          plural="MDAs"
          noun="MDA"
          options={{
            isError: mdas.isError,
            data: mdas.data?.map((mda) => ({ value: mda.id, label: `${mda.code} · ${mda.name}` })),
          }}
          value={search.mdaId}
          onChange={(mdaId) => list.setFilters({ mdaId })}
          width={240}
        />
        <FilterText
          label="Revenue head"
          placeholder="8-digit code"
          value={search.revenueHeadCode}
          onChange={(revenueHeadCode) => list.setFilters({ revenueHeadCode })}
          width={140}
        />
        <FilterSelect
          label="Status"
          placeholder="Any status"
          values={DEMAND_NOTICE_VIEW_STATUSES}
          labels={NOTICE_STATUS_LABELS}
          value={search.status}
          onChange={(status) => list.setFilters({ status })}
          width={150}
        />
        <FilterDateRange
          labels={['Issued from', 'Issued to']}
          from={search.from}
          to={search.to}
          onChange={(range) => list.setFilters({ from: range.from, to: range.to })}
          width={150}
        />
      </FilterBar>

      <ListBody
        query={query}
        what="The MDA transactions"
        totals={(data) => <ReportTotals data={data} />}
        skeleton={
          <TableSkeleton label="Loading the demand notices…" columns={9} withPage={false} />
        }
        empty={
          <ListEmpty
            filtered={list.hasFilters}
            onClear={list.clearFilters}
            noMatch="No demand notices match these filters."
            noMatchHint="Check the payer or the dates, or clear the filters."
            none="No demand notices have been issued yet."
          />
        }
      >
        {(data) => (
          <ReportTable
            data={data}
            isFetching={query.isFetching}
            sort={sort}
            onSortChange={(next) => list.setSort(next, DEFAULT_SORT)}
            onPageChange={list.onPageChange}
            onPageSizeChange={list.onPageSizeChange}
          />
        )}
      </ListBody>
    </Stack>
  );
}

/** Billed, paid and outstanding of the whole filtered set, and how many notices are in each status. */
function ReportTotals({ data }: { data: MdaTransactionReport | undefined }) {
  const figure = (label: string, kobo: number | undefined) =>
    [label, ...nairaFigure(kobo)] as [string, string, string];
  return (
    <Stack gap="xs">
      <ListTotals
        label="Totals of the filtered demand notices"
        figures={[
          figure('Billed', data?.totals.billedKobo),
          figure('Paid', data?.totals.paidKobo),
          figure('Outstanding', data?.totals.outstandingKobo),
        ]}
      />
      <Group
        gap="md"
        wrap="wrap"
        aria-label="Notices per status"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {DEMAND_NOTICE_VIEW_STATUSES.map((status) => (
          <Group key={status} component="li" gap={6} wrap="nowrap">
            <NoticeStatusBadge status={status} />
            <Text size="sm" fw={600} data-testid={`count-${status}`}>
              {data ? data.countsByStatus[status].toLocaleString('en-NG') : '…'}
            </Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}

function ReportTable(props: {
  data: MdaTransactionReport;
  isFetching: boolean;
  sort: DemandNoticeSort;
  onSortChange: (sort: DemandNoticeSort) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}) {
  const base = useShellBase();
  const href = (row: MdaTransactionItem) => `${base}/mda/demand-notices/${row.id}`;
  const columns: ListColumn<MdaTransactionItem>[] = [
    {
      accessor: 'number',
      title: 'Notice number',
      sortable: true,
      noWrap: true,
      render: (row) => (
        <Anchor component={Link} to={href(row)} onClick={(event) => event.stopPropagation()}>
          {row.number}
        </Anchor>
      ),
    },
    {
      accessor: 'payerName',
      title: 'Payer',
      width: 200,
      ellipsis: true,
      render: (row) => <span title={row.payerName}>{row.payerName}</span>,
    },
    { accessor: 'mdaName', title: 'MDA', fold: 1, width: 200, ellipsis: true },
    {
      accessor: 'rrr',
      title: 'RRR',
      fold: 2,
      noWrap: true,
      render: (row) => (row.rrr ? formatRrr(row.rrr) : '—'),
    },
    {
      accessor: 'totalKobo',
      title: 'Total',
      textAlign: 'right',
      sortable: true,
      noWrap: true,
      render: (row) => formatKoboAsNaira(row.totalKobo),
    },
    {
      accessor: 'paidKobo',
      title: 'Paid',
      textAlign: 'right',
      noWrap: true,
      render: (row) => formatKoboAsNaira(row.paidKobo),
    },
    {
      accessor: 'issuedOn',
      title: 'Issued',
      sortable: true,
      noWrap: true,
      render: (row) => formatCalendarDate(row.issuedOn),
    },
    {
      accessor: 'dueOn',
      title: 'Due',
      sortable: true,
      fold: 3,
      noWrap: true,
      render: (row) => formatCalendarDate(row.dueOn),
    },
    {
      accessor: 'status',
      title: 'Status',
      width: 118,
      render: (row) => <NoticeStatusBadge status={row.status} />,
    },
  ];
  const cards: ListCards<MdaTransactionItem> = {
    title: (row) => row.number,
    fields: [
      { label: 'Payer', render: (row) => row.payerName },
      { label: 'Total', render: (row) => formatKoboAsNaira(row.totalKobo) },
      { label: 'Paid', render: (row) => formatKoboAsNaira(row.paidKobo) },
      { label: 'Due', render: (row) => formatCalendarDate(row.dueOn) },
      { label: 'Status', render: (row) => <NoticeStatusBadge status={row.status} /> },
    ],
  };
  return (
    <ListTable<MdaTransactionItem, DemandNoticeSort>
      label="Demand notices"
      sortedBy={sortText(props.sort, NOTICE_SORT_WORDS)}
      idAccessor="id"
      columns={columns}
      cards={cards}
      data={props.data}
      fetching={props.isFetching}
      loadingText="Loading demand notices…"
      noRecordsText="No demand notices on this page"
      onPageChange={props.onPageChange}
      onPageSizeChange={props.onPageSizeChange}
      sorting={{ sort: props.sort, columns: SORT_COLUMNS, onChange: props.onSortChange }}
      recordHref={href}
    />
  );
}
