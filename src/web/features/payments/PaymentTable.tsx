import { Anchor, Badge, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { formatKoboAsNaira } from '../../../shared/money';
import type { PaymentSort } from '../../../shared/payments/enums';
import type { PaymentPage, PaymentView } from '../../../shared/payments/views';
import { usePermission } from '../../lib/usePermission';
import { useShellBase } from '../../shell/shellPaths';
import { formatLagosDate } from '../taxpayers/format';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_CHOICES } from '../taxpayers/listSearch';
import { CHANNEL_LABELS, STATUS_COLORS, STATUS_LABELS, shownRrr } from './format';

/** Columns the server sorts by, and its name for each. */
const SORT_KEYS: Record<string, 'createdAt' | 'amount'> = {
  date: 'createdAt',
  amountKobo: 'amount',
};

function toSortStatus(sort: PaymentSort): DataTableSortStatus<PaymentView> {
  const key = sort.replace(/^-/, '');
  const accessor = Object.entries(SORT_KEYS).find(([, value]) => value === key)?.[0] ?? 'date';
  return { columnAccessor: accessor, direction: sort.startsWith('-') ? 'desc' : 'asc' };
}

function fromSortStatus(status: DataTableSortStatus<PaymentView>): PaymentSort {
  const key = SORT_KEYS[String(status.columnAccessor)] ?? 'createdAt';
  return status.direction === 'desc' ? `-${key}` : key;
}

type Props = {
  label: string;
  data: PaymentPage | undefined;
  isFetching: boolean;
  onOpen: (payment: PaymentView) => void;
  emptyText?: string;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  sort: PaymentSort;
  onSortChange: (sort: PaymentSort) => void;
};

/** One page of payments; paging and sorting happen on the server. A row opens its details. */
export function PaymentTable({
  label,
  data,
  isFetching,
  onOpen,
  emptyText,
  sort,
  ...handlers
}: Props) {
  const base = useShellBase();
  const canReadTaxpayers = usePermission('taxpayer:read');

  const columns: DataTableColumn<PaymentView>[] = [
    {
      accessor: 'date',
      title: 'Date',
      sortable: true,
      noWrap: true,
      // A paid payment is dated by its payment, a bill by when it was raised.
      render: (row) => formatLagosDate(row.paidAt ?? row.createdAt),
    },
    {
      accessor: 'receiptNumber',
      title: 'Receipt number',
      noWrap: true,
      render: (row) => row.receiptNumber ?? '—',
    },
    { accessor: 'rrr', title: 'RRR', noWrap: true, render: (row) => shownRrr(row.rrr) },
    { accessor: 'payerName', title: 'Payer', render: (row) => row.payerName ?? '—' },
    {
      accessor: 'btin',
      title: 'BTIN',
      noWrap: true,
      render: (row) =>
        row.btin && canReadTaxpayers ? (
          <Anchor
            component={Link}
            to={`${base}/taxpayer/${row.btin}`}
            onClick={(event) => event.stopPropagation()}
          >
            {row.btin}
          </Anchor>
        ) : (
          (row.btin ?? '—')
        ),
    },
    {
      accessor: 'mda',
      title: 'MDA',
      noWrap: true,
      render: (row) => (
        <Text size="sm" title={row.mda.name}>
          {row.mda.code}
        </Text>
      ),
    },
    {
      accessor: 'amountKobo',
      title: 'Amount',
      textAlign: 'right',
      noWrap: true,
      sortable: true,
      render: (row) => formatKoboAsNaira(row.amountKobo),
    },
    { accessor: 'channel', title: 'Channel', render: (row) => CHANNEL_LABELS[row.channel] },
    {
      accessor: 'status',
      title: 'Status',
      noWrap: true,
      // The widest word, "Cancelled", whole: a squeezed badge cut it to "PEN…".
      width: 118,
      render: (row) => (
        <Badge color={STATUS_COLORS[row.status]} variant="filled">
          {STATUS_LABELS[row.status]}
        </Badge>
      ),
    },
  ];

  return (
    <DataTable<PaymentView>
      aria-label={label}
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover
      minHeight={data?.items.length ? undefined : 180}
      idAccessor="id"
      columns={columns}
      records={data?.items ?? []}
      fetching={isFetching}
      loadingText="Loading payments…"
      noRecordsText={emptyText ?? 'No payments on this page'}
      totalRecords={data?.total ?? 0}
      page={data?.page ?? 1}
      recordsPerPage={data?.pageSize ?? DEFAULT_PAGE_SIZE}
      onPageChange={handlers.onPageChange}
      recordsPerPageOptions={[...PAGE_SIZE_CHOICES]}
      recordsPerPageLabel="Rows per page"
      onRecordsPerPageChange={handlers.onPageSizeChange}
      paginationText={({ from, to, totalRecords }) =>
        `${from.toLocaleString('en-NG')}–${to.toLocaleString('en-NG')} of ${totalRecords.toLocaleString('en-NG')}`
      }
      getPaginationControlProps={(control) => ({ 'aria-label': `${control} page` })}
      sortStatus={toSortStatus(sort)}
      onSortStatusChange={(status) => handlers.onSortChange(fromSortStatus(status))}
      onRowClick={({ record }) => onOpen(record)}
    />
  );
}
