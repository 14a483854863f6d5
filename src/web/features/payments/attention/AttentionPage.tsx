import 'mantine-datatable/styles.css';
import '../../../styles/tables.css';
import '../../../styles/forms.css';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { formatKoboAsNaira } from '../../../../shared/money';
import type { AttentionItem } from '../../../../shared/payments/attention';
import { ATTENTION_KINDS, type AttentionKind } from '../../../../shared/payments/enums';
import { formatLagosDateTime } from '../../../lib/format';
import { countActiveFilters, FilterBar, FilterSelect } from '../../../lib/lists/filters';
import { type ListCards, ListTable } from '../../../lib/lists/ListTable';
import { ListHeader, ListLoadError, useListSearch } from '../../../lib/lists/listPage';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { useShellBase } from '../../../shell/shellPaths';
import { AttentionSearch, attentionQuery } from './attentionQuery';

const TITLE = 'Payments Needing Attention';

const KIND_LABELS: Record<AttentionKind, string> = {
  'mda-remita-fault': 'MDA settings refused',
  'pending-confirmation': 'Bill waiting for RRR',
  'refused-notification': 'Notification not recorded',
};

/** How long since, in the words a person says it ("3 h 20 min", "2 days"). */
function waitedFor(since: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days`;
}

/**
 * /birs/transactions/needing-attention (ADR 0031): what RevDesk could not settle on its own —
 * MDAs whose Remita settings Remita refuses, bills waiting for their RRR, notifications answered
 * OK but not recorded — each with what to do. ADMIN only (payment:attention).
 */
export function AttentionPage() {
  const canSee = usePermission('payment:attention');
  if (!canSee) return <NoAccess title={TITLE} />;
  return <AttentionList />;
}

function AttentionList() {
  useDocumentTitle(`${TITLE} · RevDesk`);
  const base = useShellBase();
  const filters = useListSearch(AttentionSearch);
  const { search } = filters;
  const list = useQuery(attentionQuery(search));

  const kindBadge = (row: AttentionItem) => (
    <Badge
      color={row.kind === 'pending-confirmation' ? 'blue.9' : 'red.9'}
      variant="filled"
      style={{ whiteSpace: 'normal', height: 'auto' }}
    >
      {KIND_LABELS[row.kind]}
    </Badge>
  );

  const subject = (row: AttentionItem) => (
    <Stack gap={0}>
      {row.paymentId ? (
        <Anchor
          component={Link}
          to={`${base}/taxs/payment-history?payment=${row.paymentId}`}
          size="sm"
        >
          {row.rrr ? `RRR ${row.rrr}` : `Order ${row.orderId ?? row.paymentId}`}
        </Anchor>
      ) : (
        <Text size="sm">{row.rrr ? `RRR ${row.rrr}` : (row.mdaName ?? '—')}</Text>
      )}
      {row.mdaName && row.kind !== 'mda-remita-fault' && (
        <Text size="xs" c="dimmed">
          {row.mdaName}
        </Text>
      )}
      {row.amountKobo !== null && (
        <Text size="xs" c="dimmed">
          {formatKoboAsNaira(row.amountKobo)}
        </Text>
      )}
    </Stack>
  );

  const since = (row: AttentionItem) => (
    <Stack gap={0}>
      <Text size="sm">{waitedFor(row.since)}</Text>
      <Text size="xs" c="dimmed">
        since {formatLagosDateTime(row.since)}
      </Text>
    </Stack>
  );

  const columns: DataTableColumn<AttentionItem>[] = [
    { accessor: 'kind', title: 'What', width: 170, render: kindBadge },
    { accessor: 'subject', title: 'Of', width: 200, render: subject },
    { accessor: 'since', title: 'For', width: 150, render: since },
    { accessor: 'what', title: 'Wrong', render: (row) => <Text size="sm">{row.what}</Text> },
    {
      accessor: 'whatToDo',
      title: 'What to do',
      render: (row) => <Text size="sm">{row.whatToDo}</Text>,
    },
  ];

  // On a phone: the kind as the title, then how long, what is wrong and what to do.
  const cards: ListCards<AttentionItem> = {
    title: (row) => KIND_LABELS[row.kind],
    fields: [
      { label: 'Of', render: subject },
      { label: 'For', render: since },
      { label: 'Wrong', render: (row) => row.what },
      { label: 'What to do', render: (row) => row.whatToDo },
    ],
  };

  return (
    <Stack gap="lg">
      <ListHeader
        title={TITLE}
        description="What RevDesk could not settle on its own: MDAs whose Remita settings Remita refuses, bills still waiting for their RRR, and Remita notifications of the last 7 days that were answered but not recorded. Each says what to do."
      />
      <FilterBar
        activeCount={countActiveFilters(search, AttentionSearch.filterKeys)}
        onClear={filters.clearFilters}
      >
        <FilterSelect
          label="Kind"
          placeholder="Every kind"
          values={ATTENTION_KINDS}
          labels={KIND_LABELS}
          value={search.kind}
          onChange={(kind) => filters.setFilters({ kind })}
          width={240}
        />
      </FilterBar>
      {list.isError ? (
        <ListLoadError
          what="The payments needing attention"
          error={list.error}
          isRetrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <ListTable<AttentionItem>
          label="Payments needing attention"
          sortedBy="kind of problem, then oldest first"
          idAccessor="id"
          columns={columns}
          cards={cards}
          data={list.data}
          fetching={list.isFetching}
          loadingText="Loading payments needing attention…"
          noRecordsText={
            filters.hasFilters ? 'Nothing of this kind needs attention' : 'Nothing needs attention'
          }
          onPageChange={filters.onPageChange}
          onPageSizeChange={filters.onPageSizeChange}
        />
      )}
    </Stack>
  );
}
