import { Anchor, Badge } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import type {
  TaxpayerKind,
  TaxpayerListItem,
  TaxpayerListResult,
  TaxpayerSort,
} from '../../../shared/taxpayers';
import { useShellBase } from '../../shell/shellPaths';
import { formatLagosDate, formatPhone, STATUS_COLORS, statusLabel } from './format';
import { PAGE_SIZE_CHOICES } from './listSearch';

/** Columns the server sorts by, and its name for each. */
const SORT_KEYS: Record<string, 'name' | 'btin' | 'createdAt'> = {
  btin: 'btin',
  displayName: 'name',
  createdAt: 'createdAt',
};

function toSortStatus(sort: TaxpayerSort): DataTableSortStatus<TaxpayerListItem> {
  const direction = sort.startsWith('-') ? 'desc' : 'asc';
  const key = sort.replace(/^-/, '');
  const accessor = Object.entries(SORT_KEYS).find(([, value]) => value === key)?.[0];
  // Relevance is no column: no header shows an arrow.
  return { columnAccessor: accessor ?? 'relevance', direction };
}

function fromSortStatus(status: DataTableSortStatus<TaxpayerListItem>): TaxpayerSort {
  const key = SORT_KEYS[String(status.columnAccessor)] ?? 'createdAt';
  return status.direction === 'desc' ? `-${key}` : key;
}

type Props = {
  kind: TaxpayerKind;
  data: TaxpayerListResult | undefined;
  isFetching: boolean;
  sort: TaxpayerSort;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  onSortChange: (sort: TaxpayerSort) => void;
};

/** One page of the registry; paging and sorting happen on the server. */
export function TaxpayerTable({ kind, data, isFetching, sort, ...handlers }: Props) {
  const base = useShellBase();
  const navigate = useNavigate();
  const pageOf = (btin: string) => `${base}/taxpayer/${btin}`;

  const columns: DataTableColumn<TaxpayerListItem>[] = [
    {
      accessor: 'btin',
      title: 'BTIN',
      sortable: true,
      render: (row) => (
        <Anchor component={Link} to={pageOf(row.btin)} onClick={(event) => event.stopPropagation()}>
          {row.btin}
        </Anchor>
      ),
    },
    // No e-mail column: at 1,440 px it pushed the status off the screen. The search finds
    // by e-mail, and the taxpayer's page and the exports show it.
    { accessor: 'displayName', title: 'Name', sortable: true, width: 260 },
    kind === 'individual'
      ? { accessor: 'nin', title: 'NIN', render: (row) => row.nin ?? '' }
      : { accessor: 'cacNumber', title: 'CAC number', render: (row) => row.cacNumber ?? '' },
    { accessor: 'phone', title: 'Phone', noWrap: true, render: (row) => formatPhone(row.phone) },
    { accessor: 'lgaName', title: 'LGA', render: (row) => row.lgaName ?? '' },
    {
      accessor: 'status',
      title: 'Status',
      noWrap: true,
      render: (row) => (
        <Badge color={STATUS_COLORS[row.status]} variant="filled">
          {statusLabel(row.status)}
        </Badge>
      ),
    },
    {
      accessor: 'createdAt',
      title: 'Registered',
      sortable: true,
      noWrap: true,
      render: (row) => formatLagosDate(row.createdAt),
    },
  ];

  return (
    <DataTable<TaxpayerListItem>
      aria-label={kind === 'individual' ? 'Individual taxpayers' : 'Corporate taxpayers'}
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover
      minHeight={data?.items.length ? undefined : 180}
      idAccessor="btin"
      columns={columns}
      records={data?.items ?? []}
      fetching={isFetching}
      loadingText="Loading taxpayers…"
      noRecordsText="No taxpayers on this page"
      totalRecords={data?.total ?? 0}
      page={data?.page ?? 1}
      recordsPerPage={data?.pageSize ?? 50}
      recordsPerPageOptions={[...PAGE_SIZE_CHOICES]}
      recordsPerPageLabel="Rows per page"
      onPageChange={handlers.onPageChange}
      onRecordsPerPageChange={handlers.onPageSizeChange}
      paginationText={({ from, to, totalRecords }) =>
        `${from.toLocaleString('en-NG')}–${to.toLocaleString('en-NG')} of ${totalRecords.toLocaleString('en-NG')}${data?.isTotalCapped ? '+' : ''}`
      }
      getPaginationControlProps={(control) => ({ 'aria-label': `${control} page` })}
      sortStatus={toSortStatus(sort)}
      onSortStatusChange={(status) => handlers.onSortChange(fromSortStatus(status))}
      onRowClick={({ record }) => void navigate({ to: pageOf(record.btin) })}
    />
  );
}
