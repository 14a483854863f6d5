import { Badge, Text } from '@mantine/core';
import { formatKoboAsNaira } from '../../../../shared/money';
import type { PosTransactionState } from '../../../../shared/pos/enums';
import type {
  PosTransactionPage,
  PosTransactionView,
} from '../../../../shared/pos/transactionList';
import { formatLagosDateTime, formatPhone } from '../../../lib/format';
import { type ListCards, type ListColumn, ListTable } from '../../../lib/lists/ListTable';

/** Repeated from src/shared/pos/transactionList.ts (POS_STATE_LABELS): no zod in this chunk. */
export const POS_STATE_LABELS: Record<PosTransactionState, string> = {
  recorded: 'Recorded',
  held: 'Held for review',
  declined: 'Declined',
  reversed: 'Reversed',
  rejected: 'Rejected',
};

const STATE_COLOURS: Record<PosTransactionState, string> = {
  recorded: 'revenue.8',
  held: 'notice.8',
  declined: 'gray.7',
  reversed: 'red.9',
  rejected: 'gray.7',
};

export function PosStateBadge({ state }: { state: PosTransactionState }) {
  return (
    <Badge color={STATE_COLOURS[state]} variant="filled">
      {POS_STATE_LABELS[state]}
    </Badge>
  );
}

type Props = {
  data: PosTransactionPage;
  isFetching: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
};

/** One page of POS transactions, newest first: time, terminal, agent, amount, state, references. */
export function PosTransactionTable({ data, isFetching, ...handlers }: Props) {
  const columns: ListColumn<PosTransactionView>[] = [
    {
      accessor: 'transactedAt',
      title: 'Time',
      noWrap: true,
      render: (t) => formatLagosDateTime(t.transactedAt),
    },
    { accessor: 'terminalId', title: 'Terminal', noWrap: true },
    {
      accessor: 'agentName',
      title: 'Agent',
      fold: 2,
      render: (t) => t.agentName ?? '—',
    },
    {
      accessor: 'amountKobo',
      title: 'Amount',
      textAlign: 'right',
      noWrap: true,
      render: (t) => formatKoboAsNaira(t.amountKobo),
    },
    { accessor: 'state', title: 'State', render: (t) => <PosStateBadge state={t.state} /> },
    { accessor: 'rrn', title: 'RRN', noWrap: true, fold: 1 },
    { accessor: 'stan', title: 'STAN', noWrap: true, fold: 1 },
    {
      accessor: 'payerName',
      title: 'Payer',
      fold: 3,
      render: (t) => (
        <Text size="sm">
          {t.payerName ?? '—'}
          {t.payerPhone && (
            <Text span size="xs" c="dimmed">
              {' '}
              {formatPhone(t.payerPhone)}
            </Text>
          )}
        </Text>
      ),
    },
    { accessor: 'mdaName', title: 'MDA', fold: 4, render: (t) => t.mdaName ?? '—' },
  ];
  const cards: ListCards<PosTransactionView> = {
    title: (t) => `${formatKoboAsNaira(t.amountKobo)} · ${t.terminalId}`,
    fields: [
      { label: 'Time', render: (t) => formatLagosDateTime(t.transactedAt) },
      { label: 'Agent', render: (t) => t.agentName ?? '—' },
      { label: 'State', render: (t) => <PosStateBadge state={t.state} /> },
      { label: 'RRN / STAN', render: (t) => `${t.rrn} / ${t.stan}` },
      { label: 'Payer', render: (t) => t.payerName ?? '—' },
    ],
  };
  return (
    <ListTable<PosTransactionView>
      label="POS transactions"
      sortedBy="time, newest first"
      idAccessor="id"
      columns={columns}
      cards={cards}
      data={data}
      fetching={isFetching}
      loadingText="Loading transactions…"
      noRecordsText="No transactions on this page"
      onPageChange={handlers.onPageChange}
      onPageSizeChange={handlers.onPageSizeChange}
    />
  );
}
