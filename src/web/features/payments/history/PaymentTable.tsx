import { Anchor, Badge, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatKoboAsNaira } from '../../../../shared/money';
import type { PaymentSort } from '../../../../shared/payments/enums';
import type { PaymentPage, PaymentView } from '../../../../shared/payments/views';
import { formatLagosDate } from '../../../lib/format';
import { type ListCards, type ListColumn, ListTable } from '../../../lib/lists/ListTable';
import { sortText } from '../../../lib/lists/sortText';
import { usePermission } from '../../../lib/routing/usePermission';
import { useShellBase } from '../../../shell/shellPaths';
import {
  CHANNEL_LABELS,
  RRR_PENDING_CONFIRMATION,
  STATUS_COLORS,
  STATUS_LABELS,
  shownRrr,
} from '../format';

/** Columns the server sorts by, and its name for each. */
const SORT_COLUMNS = { date: 'date', amountKobo: 'amount' } as const;

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

  const columns: ListColumn<PaymentView>[] = [
    {
      accessor: 'date',
      title: 'Date',
      sortable: true,
      noWrap: true,
      render: paymentDate,
    },
    {
      accessor: 'receiptNumber',
      title: 'Receipt number',
      noWrap: true,
      render: (row) => row.receiptNumber ?? '—',
    },
    { accessor: 'rrr', title: 'RRR', noWrap: true, render: rrrCell },
    // A long payer name ends in an ellipsis, whole on hover, instead of a tower of short lines.
    {
      accessor: 'payerName',
      title: 'Payer',
      width: 220,
      ellipsis: true,
      render: (row) => <span title={row.payerName ?? undefined}>{row.payerName ?? '—'}</span>,
    },
    {
      accessor: 'btin',
      fold: 2,
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
      fold: 1,
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
    {
      accessor: 'channel',
      fold: 3,
      title: 'Channel',
      render: (row) => CHANNEL_LABELS[row.channel],
    },
    {
      accessor: 'status',
      title: 'Status',
      noWrap: true,
      // The widest word, "Cancelled", whole: a squeezed badge cut it to "PEN…".
      width: 118,
      render: statusBadge,
    },
  ];

  // On a phone: the date, payer, amount, status and receipt; a tap opens the details.
  const cards: ListCards<PaymentView> = {
    title: (row) => row.payerName ?? 'Unnamed payer',
    fields: [
      { label: 'Date', render: paymentDate },
      { label: 'Amount', render: (row) => formatKoboAsNaira(row.amountKobo) },
      { label: 'Status', render: statusBadge },
      { label: 'Receipt', render: (row) => row.receiptNumber ?? '—' },
    ],
  };

  return (
    <ListTable<PaymentView, PaymentSort>
      label={label}
      sortedBy={sortText(sort)}
      idAccessor="id"
      columns={columns}
      cards={cards}
      data={data}
      fetching={isFetching}
      loadingText="Loading payments…"
      noRecordsText={emptyText ?? 'No payments on this page'}
      onPageChange={handlers.onPageChange}
      onPageSizeChange={handlers.onPageSizeChange}
      sorting={{ sort, columns: SORT_COLUMNS, onChange: handlers.onSortChange }}
      onOpen={onOpen}
    />
  );
}

/** A paid payment is dated by its payment, a bill by when it was raised. */
function paymentDate(row: PaymentView) {
  return formatLagosDate(row.paidAt ?? row.createdAt);
}

function rrrCell(row: PaymentView) {
  if (!row.isRrrPendingConfirmation) return shownRrr(row.rrr);
  return (
    <Badge color="notice.8" variant="filled">
      {RRR_PENDING_CONFIRMATION}
    </Badge>
  );
}

function statusBadge(row: PaymentView) {
  return (
    <Badge color={STATUS_COLORS[row.status]} variant="filled">
      {STATUS_LABELS[row.status]}
    </Badge>
  );
}
