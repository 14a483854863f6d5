import { Badge } from '@mantine/core';
import type {
  TaxpayerKind,
  TaxpayerListItem,
  TaxpayerListResult,
  TaxpayerSort,
} from '../../../../shared/taxpayers';
import { formatLagosDate } from '../../../lib/format';
import { type ListCards, type ListColumn, ListTable } from '../../../lib/lists/ListTable';
import { PhoneLink } from '../../../lib/lists/PhoneLink';
import { RecordLink } from '../../../lib/lists/RecordLink';
import { sortText } from '../../../lib/lists/sortText';
import { useShellBase } from '../../../shell/shellPaths';
import { STATUS_COLORS, statusLabel } from '../format';

/** Columns the server sorts by, and its name for each; relevance is no column (no arrow). */
const SORT_COLUMNS = { btin: 'btin', displayName: 'name', createdAt: 'createdAt' } as const;

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
  const pageOf = (btin: string) => `${base}/taxpayer/${btin}`;

  const columns: ListColumn<TaxpayerListItem>[] = [
    {
      accessor: 'btin',
      title: 'BTIN',
      sortable: true,
      render: (row) => <RecordLink to={pageOf(row.btin)}>{row.btin}</RecordLink>,
    },
    // No e-mail column: at 1,440 px it pushed the status off the screen. The search finds
    // by e-mail, and the taxpayer's page and the exports show it.
    // Long names end in an ellipsis, whole on hover, instead of wrapping into a tower.
    {
      accessor: 'displayName',
      title: 'Name',
      sortable: true,
      width: 260,
      ellipsis: true,
      render: (row) => <span title={row.displayName}>{row.displayName}</span>,
    },
    kind === 'individual'
      ? { accessor: 'nin', title: 'NIN', render: (row) => row.nin ?? '' }
      : { accessor: 'cacNumber', title: 'CAC number', render: (row) => row.cacNumber ?? '' },
    {
      accessor: 'phone',
      title: 'Phone',
      noWrap: true,
      render: (row) => <PhoneLink phone={row.phone} />,
    },
    { accessor: 'lgaName', fold: 2, title: 'LGA', render: (row) => row.lgaName ?? '' },
    { accessor: 'status', title: 'Status', noWrap: true, render: (row) => statusBadge(row) },
    {
      accessor: 'createdAt',
      fold: 1,
      title: 'Registered',
      sortable: true,
      noWrap: true,
      render: (row) => formatLagosDate(row.createdAt),
    },
  ];

  // docs/product.md §2 taxpayer lists on a phone: the BTIN, name, phone and status.
  const cards: ListCards<TaxpayerListItem> = {
    title: (row) => row.displayName,
    fields: [
      { label: 'BTIN', render: (row) => row.btin },
      { label: 'Phone', render: (row) => <PhoneLink phone={row.phone} /> },
      { label: 'Status', render: statusBadge },
    ],
  };

  return (
    <ListTable<TaxpayerListItem, TaxpayerSort>
      label={kind === 'individual' ? 'Individual taxpayers' : 'Corporate taxpayers'}
      sortedBy={sortText(sort)}
      idAccessor="btin"
      columns={columns}
      cards={cards}
      data={data}
      fetching={isFetching}
      loadingText="Loading taxpayers…"
      noRecordsText="No taxpayers on this page"
      onPageChange={handlers.onPageChange}
      onPageSizeChange={handlers.onPageSizeChange}
      sorting={{ sort, columns: SORT_COLUMNS, onChange: handlers.onSortChange }}
      recordHref={(record) => pageOf(record.btin)}
    />
  );
}

function statusBadge(row: TaxpayerListItem) {
  return (
    <Badge color={STATUS_COLORS[row.status]} variant="filled">
      {statusLabel(row.status)}
    </Badge>
  );
}
