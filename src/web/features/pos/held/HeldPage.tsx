import 'mantine-datatable/styles.css';
import '../../../styles/tables.css';
import { Alert, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconInbox } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatKoboAsNaira } from '../../../../shared/money';
import type { HeldPosTransactionView } from '../../../../shared/pos/held';
import { AppModal } from '../../../lib/dialogs/AppModal';
import { formatLagosDateTime } from '../../../lib/format';
import { type ListCards, type ListColumn, ListTable } from '../../../lib/lists/ListTable';
import { ListBody, ListEmpty, ListHeader } from '../../../lib/lists/listPage';
import { listParams } from '../../../lib/lists/searchParams';
import { TableSkeleton } from '../../../lib/pending/skeletons';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { assignHeldPos, heldPosKeys, heldPosListQuery, rejectHeldPos } from './queries';

/**
 * transactions/benjis-held (RevDesk's own page; docs/pos.md "Held transactions"): transactions
 * from a terminal RevDesk does not know or has deactivated. An officer records one as revenue
 * under a registered terminal, or rejects it, each with a reason. The server checks pos:review.
 */
export function HeldPosPage() {
  const canReview = usePermission('pos:review');
  if (!canReview) return <NoAccess title="Held POS transactions" />;
  return <Held />;
}

type Decision = { kind: 'assign' | 'reject'; transaction: HeldPosTransactionView };

function Held() {
  useDocumentTitle('Held POS transactions · RevDesk');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(50);
  const query = useQuery(heldPosListQuery(listParams({}, { page, pageSize })));
  const [deciding, setDeciding] = useState<Decision | null>(null);

  const actions = (t: HeldPosTransactionView) => (
    <Group gap="xs" wrap="nowrap">
      {t.status === 'approved' && (
        <Button
          size="xs"
          variant="light"
          onClick={() => setDeciding({ kind: 'assign', transaction: t })}
          aria-label={`Assign STAN ${t.stan}`}
        >
          Assign
        </Button>
      )}
      <Button
        size="xs"
        variant="subtle"
        color="red"
        onClick={() => setDeciding({ kind: 'reject', transaction: t })}
        aria-label={`Reject STAN ${t.stan}`}
      >
        Reject
      </Button>
    </Group>
  );
  const columns: ListColumn<HeldPosTransactionView>[] = [
    { accessor: 'transactedAt', title: 'When', render: (t) => formatLagosDateTime(t.transactedAt) },
    { accessor: 'terminalId', title: 'Terminal' },
    { accessor: 'stan', title: 'STAN / RRN', render: (t) => `${t.stan} / ${t.rrn}`, fold: 2 },
    {
      accessor: 'amountKobo',
      title: 'Amount',
      textAlign: 'right',
      render: (t) => formatKoboAsNaira(t.amountKobo),
    },
    { accessor: 'reviewNote', title: 'Why held', render: (t) => t.reviewNote ?? '—', fold: 1 },
    { accessor: 'actions', title: 'Actions', textAlign: 'right', render: actions },
  ];
  const cards: ListCards<HeldPosTransactionView> = {
    title: (t) => `${t.terminalId} · ${formatKoboAsNaira(t.amountKobo)}`,
    fields: [
      { label: 'When', render: (t) => formatLagosDateTime(t.transactedAt) },
      { label: 'STAN / RRN', render: (t) => `${t.stan} / ${t.rrn}` },
      { label: 'Why held', render: (t) => t.reviewNote ?? '—' },
    ],
    footer: actions,
  };
  return (
    <Stack gap="lg">
      <ListHeader
        title="Held POS transactions"
        description="Transactions from a terminal RevDesk does not know or has deactivated. They are not revenue until you assign each to a registered terminal; reject those that are not the service's."
      />
      <ListBody
        query={query}
        what="The held transactions"
        skeleton={<TableSkeleton label="Loading the held transactions…" columns={6} />}
        totals={(data) =>
          data && (
            <Text size="sm">
              {data.totals.count.toLocaleString('en-NG')} held,{' '}
              {formatKoboAsNaira(data.totals.amountKobo)}
            </Text>
          )
        }
        empty={
          <ListEmpty
            icon={<IconInbox size={32} aria-hidden="true" />}
            filtered={false}
            onClear={() => undefined}
            noMatch=""
            none="Nothing is held for review."
          />
        }
      >
        {(data) => (
          <ListTable<HeldPosTransactionView>
            label="Held POS transactions"
            sortedBy="newest first"
            idAccessor="id"
            columns={columns}
            cards={cards}
            data={data}
            fetching={query.isFetching}
            loadingText="Loading held transactions…"
            noRecordsText="No held transactions on this page"
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        )}
      </ListBody>
      <DecisionDialog decision={deciding} onClose={() => setDeciding(null)} />
    </Stack>
  );
}

function DecisionDialog({ decision, onClose }: { decision: Decision | null; onClose: () => void }) {
  const title = decision
    ? `${decision.kind === 'assign' ? 'Assign' : 'Reject'} STAN ${decision.transaction.stan}`
    : 'Decide';
  return (
    <AppModal
      opened={decision !== null}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': 'Close without deciding' }}
    >
      {decision && (
        <DecisionForm key={decision.transaction.id} decision={decision} onClose={onClose} />
      )}
    </AppModal>
  );
}

function DecisionForm({ decision, onClose }: { decision: Decision; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [terminalId, setTerminalId] = useState('');
  const [reason, setReason] = useState('');
  const { transaction } = decision;
  const save = useMutation({
    mutationFn: () =>
      decision.kind === 'assign'
        ? assignHeldPos(transaction.id, { terminalId, reason })
        : rejectHeldPos(transaction.id, { reason }),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: heldPosKeys.all });
      notifications.show({
        color: 'green',
        title: result.state === 'recorded' ? 'Recorded as revenue' : 'Rejected',
        message:
          result.state === 'recorded'
            ? `Receipt ${result.receiptNumber ?? ''} for ${formatKoboAsNaira(transaction.amountKobo)}.`
            : `STAN ${transaction.stan} will not count as revenue.`,
      });
      onClose();
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: heldPosKeys.all }),
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Stack>
        {save.error && (
          <Alert color="red" title="Not saved">
            {save.error.message}
          </Alert>
        )}
        <Text size="sm">
          {formatKoboAsNaira(transaction.amountKobo)} on terminal {transaction.terminalId},{' '}
          {formatLagosDateTime(transaction.transactedAt)}.
        </Text>
        {decision.kind === 'assign' && (
          <TextInput
            label="Registered terminal"
            description="The terminal id it counts under: its MDA, agent and default revenue head"
            required
            value={terminalId}
            onChange={(e) => setTerminalId(e.currentTarget.value)}
            data-autofocus
          />
        )}
        <Textarea
          label="Reason"
          required
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            color={decision.kind === 'reject' ? 'red' : undefined}
            loading={save.isPending}
          >
            {decision.kind === 'assign' ? 'Record as revenue' : 'Reject'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
