import {
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatKoboAsNaira } from '../../../../shared/money';
import type {
  PosSettlementOutcome,
  PosSettlementRowView,
  PosSettlementView,
} from '../../../../shared/pos/settlement';
import { CheckFailureAlert } from '../../../lib/failures/FailureAlert';
import { formatLagosDateTime } from '../../../lib/format';
import {
  confirmAllSettlementRows,
  confirmSettlementRow,
  SETTLEMENT_ROWS_PAGE,
  settlementKeys,
  settlementRowsQuery,
} from './queries';

/** Repeated from src/shared/pos/settlement.ts: no zod in this chunk. */
const OUTCOME_LABELS: Record<PosSettlementOutcome, string> = {
  matched: 'Matched',
  'amount-differs': 'Amount differs',
  'not-in-revdesk': 'Not in RevDesk',
  'not-in-file': 'Not in the file',
};
const OUTCOME_COLOURS: Record<PosSettlementOutcome, string> = {
  matched: 'revenue.8',
  'amount-differs': 'notice.8',
  'not-in-revdesk': 'red.9',
  'not-in-file': 'grape.9',
};

/**
 * A checked settlement file's counts, its rows by outcome a page at a time, and the
 * confirmation of the lines RevDesk lacks, one or all (docs/pos-settlement.md).
 */
export function SettlementResults({ job }: { job: PosSettlementView }) {
  const [outcome, setOutcome] = useState<PosSettlementOutcome | 'all'>('all');
  const [page, setPage] = useState(1);
  const client = useQueryClient();
  const rows = useQuery(settlementRowsQuery(job.id, outcome, page));
  const refresh = () => void client.invalidateQueries({ queryKey: settlementKeys.job(job.id) });
  const confirmAll = useMutation({
    mutationFn: () => confirmAllSettlementRows(job.id),
    onSuccess: refresh,
  });
  const unconfirmed = job.counts.notInRevdesk - job.counts.confirmed;
  const counts: [PosSettlementOutcome, number][] = [
    ['matched', job.counts.matched],
    ['amount-differs', job.counts.amountDiffers],
    ['not-in-revdesk', job.counts.notInRevdesk],
    ['not-in-file', job.counts.notInFile],
  ];
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {counts.map(([key, n]) => (
          <Paper key={key} withBorder radius="md" p="sm">
            <Text size="sm" c="dimmed">
              {OUTCOME_LABELS[key]}
            </Text>
            <Text fw={700} fz="lg">
              {n.toLocaleString('en-NG')}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {unconfirmed > 0 && (
        <Paper withBorder p="sm">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm">
              {unconfirmed.toLocaleString('en-NG')} line{unconfirmed === 1 ? ' is' : 's are'} not in
              RevDesk. Confirming records each as the provider's transaction (held when its terminal
              is unknown).
            </Text>
            <Button onClick={() => confirmAll.mutate()} loading={confirmAll.isPending}>
              Confirm all not in RevDesk
            </Button>
          </Group>
          {confirmAll.isError && (
            <CheckFailureAlert title="Not confirmed" error={confirmAll.error} />
          )}
        </Paper>
      )}
      <SegmentedControl
        aria-label="Show"
        size="xs"
        value={outcome}
        onChange={(value) => {
          setOutcome(value as PosSettlementOutcome | 'all');
          setPage(1);
        }}
        data={[
          { value: 'all', label: 'All' },
          ...counts.map(([key]) => ({ value: key, label: OUTCOME_LABELS[key] })),
        ]}
        style={{ flexWrap: 'wrap' }}
      />
      {rows.isError && <CheckFailureAlert title="The rows did not load" error={rows.error} />}
      {rows.data && (
        <>
          <Table striped layout="fixed" aria-label="Settlement rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={56}>Line</Table.Th>
                <Table.Th>Transaction</Table.Th>
                <Table.Th ta="right" w={120}>
                  Amount
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.data.items.map((row) => (
                <SettlementRow
                  key={row.lineNumber}
                  jobId={job.id}
                  row={row}
                  onConfirmed={refresh}
                />
              ))}
            </Table.Tbody>
          </Table>
          {rows.data.total > SETTLEMENT_ROWS_PAGE && (
            <Pagination
              total={Math.ceil(rows.data.total / SETTLEMENT_ROWS_PAGE)}
              value={page}
              onChange={setPage}
              size="sm"
              // Its arrows and page buttons have no name of their own (axe: button-name).
              getControlProps={(control) => ({ 'aria-label': `${control} page of the lines` })}
              getItemProps={(n) => ({ 'aria-label': `Page ${n} of the lines` })}
            />
          )}
        </>
      )}
    </Stack>
  );
}

function SettlementRow(props: {
  jobId: string;
  row: PosSettlementRowView;
  onConfirmed: () => void;
}) {
  const { row } = props;
  const confirm = useMutation({
    mutationFn: () => confirmSettlementRow(props.jobId, row.lineNumber),
    onSuccess: props.onConfirmed,
  });
  return (
    <Table.Tr>
      <Table.Td>{row.inFile ? row.lineNumber : '—'}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Stack gap={2}>
          <Text size="sm">
            {row.terminalId} · STAN {row.stan} · {formatLagosDateTime(row.transactedAt)}
          </Text>
          {row.outcome && (
            <Group gap={6}>
              <Badge color={OUTCOME_COLOURS[row.outcome]} variant="filled" size="sm">
                {OUTCOME_LABELS[row.outcome]}
              </Badge>
              {row.confirmedOutcome && <Text size="xs">Confirmed: {row.confirmedOutcome}</Text>}
            </Group>
          )}
          {row.message && (
            <Text size="xs" c="dimmed">
              {row.message}
            </Text>
          )}
          {row.outcome === 'not-in-revdesk' && !row.confirmedAt && (
            <Group gap="xs">
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => confirm.mutate()}
                loading={confirm.isPending}
                aria-label={`Confirm line ${row.lineNumber}`}
              >
                Confirm
              </Button>
              {confirm.isError && (
                <Text size="xs" c="red.9">
                  {confirm.error.message}
                </Text>
              )}
            </Group>
          )}
        </Stack>
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatKoboAsNaira(row.amountKobo)}
      </Table.Td>
    </Table.Tr>
  );
}
