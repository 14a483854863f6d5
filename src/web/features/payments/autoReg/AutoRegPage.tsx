import 'mantine-datatable/styles.css';
import '../../../styles/tables.css';
import '../../../styles/forms.css';
import { Anchor, Badge, Button, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { formatKoboAsNaira } from '../../../../shared/money';
import type { AutoRegEntry } from '../../../../shared/payments/views';
import { formatLagosDate } from '../../../lib/format';
import {
  countActiveFilters,
  FilterBar,
  FilterSelect,
  FilterText,
} from '../../../lib/lists/filters';
import { type ListCards, ListTable } from '../../../lib/lists/ListTable';
import { ListHeader, ListLoadError, useListSearch } from '../../../lib/lists/listPage';
import { PhoneLink } from '../../../lib/lists/PhoneLink';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { useShellBase } from '../../../shell/shellPaths';
import { shownRrr } from '../format';
import { MatchPayerModal } from '../history/MatchPayerModal';
import { AutoRegSearch } from '../paymentSearch';
import { autoRegQuery } from '../queries';
import { EvasCheck } from './EvasCheck';

const TITLE = 'Auto-Reg Transactions';

const AUTO_REG_STATES = ['auto-registered', 'unmatched'] as const;
const STATE_LABELS = { 'auto-registered': 'Auto-registered', unmatched: 'Unmatched' } as const;

/**
 * /birs/transactions/auto-reg: payers who paid without a BTIN. Those Remita gave a
 * name and phone for were registered automatically; the others wait here to be matched.
 */
export function AutoRegPage() {
  const canMatch = usePermission('payment:match');
  if (!canMatch) return <NoAccess title={TITLE} />;
  return <AutoRegList />;
}

function AutoRegList() {
  useDocumentTitle(`${TITLE} · RevDesk`);
  const base = useShellBase();
  const canReadTaxpayers = usePermission('taxpayer:read');
  const canCheckEvas = usePermission('evas:check');
  const filters = useListSearch(AutoRegSearch);
  const { search } = filters;
  const list = useQuery(autoRegQuery(search));
  const [matching, setMatching] = useState<AutoRegEntry | null>(null);

  // In a phone's card the match button is a 44 px tap target; in a table row it stays compact.
  const taxpayerCell = (row: AutoRegEntry, isCard = false) =>
    row.btin ? (
      <Stack gap={0}>
        {canReadTaxpayers ? (
          <Anchor component={Link} to={`${base}/taxpayer/${row.btin}`} size="sm">
            {row.btin}
          </Anchor>
        ) : (
          <Text size="sm">{row.btin}</Text>
        )}
        <Text size="xs" c="dimmed">
          {row.taxpayerName ?? ''}
        </Text>
      </Stack>
    ) : (
      <Button
        size={isCard ? 'sm' : 'compact-sm'}
        h={isCard ? 44 : undefined}
        variant="light"
        aria-label={`Match RRR ${row.rrr ?? row.paymentId} to a taxpayer`}
        onClick={() => setMatching(row)}
      >
        Match to taxpayer
      </Button>
    );

  const columns: DataTableColumn<AutoRegEntry>[] = [
    {
      accessor: 'paidAt',
      title: 'Paid',
      noWrap: true,
      render: (row) => (row.paidAt ? formatLagosDate(row.paidAt) : '—'),
    },
    { accessor: 'rrr', title: 'RRR', noWrap: true, render: (row) => shownRrr(row.rrr) },
    {
      accessor: 'payerName',
      title: 'Payer',
      // A long name ends in an ellipsis, whole on hover, instead of wrapping into a tower.
      width: 240,
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" truncate="end" title={row.payerName ?? undefined}>
            {row.payerName ?? 'No name given'}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {row.payerPhone && <PhoneLink phone={row.payerPhone} />}
            {row.payerPhone && row.payerEmail && ' · '}
            {row.payerEmail}
            {!row.payerPhone && !row.payerEmail && 'No phone or e-mail'}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'mda', title: 'MDA', render: (row) => row.mda.code },
    {
      accessor: 'amountKobo',
      title: 'Amount',
      textAlign: 'right',
      noWrap: true,
      render: (row) => formatKoboAsNaira(row.amountKobo),
    },
    {
      accessor: 'state',
      title: 'State',
      noWrap: true,
      // "Auto-registered" whole: a squeezed badge cut it short.
      width: 160,
      render: stateBadge,
    },
    {
      accessor: 'btin',
      title: 'Taxpayer',
      render: (row) => taxpayerCell(row),
    },
    ...(canCheckEvas
      ? [
          {
            accessor: 'evas',
            title: 'EVAS',
            render: (row: AutoRegEntry) => <EvasCheck entry={row} />,
          },
        ]
      : []),
  ];

  // On a phone: the payer, the day paid, the amount, the state, and the match and EVAS buttons.
  const cards: ListCards<AutoRegEntry> = {
    title: (row) => row.payerName ?? 'No name given',
    fields: [
      { label: 'Paid', render: (row) => (row.paidAt ? formatLagosDate(row.paidAt) : '—') },
      { label: 'Amount', render: (row) => formatKoboAsNaira(row.amountKobo) },
      { label: 'Phone', render: (row) => <PhoneLink phone={row.payerPhone} /> },
      { label: 'State', render: stateBadge },
    ],
    footer: (row) => (
      <Stack gap="xs" align="flex-start">
        {taxpayerCell(row, true)}
        {canCheckEvas && <EvasCheck entry={row} />}
      </Stack>
    ),
  };

  return (
    <Stack gap="lg">
      <ListHeader
        title={TITLE}
        description="Payments that reached RevDesk without a BTIN. Match an unmatched payer to their taxpayer record, and check a payer's auto-registration in EVAS."
      />
      <FilterBar
        activeCount={countActiveFilters(search, AutoRegSearch.filterKeys)}
        onClear={filters.clearFilters}
      >
        <FilterText
          label="Search"
          placeholder="Name, phone or RRR"
          value={search.search}
          onChange={(text) => filters.setFilters({ search: text })}
          width={260}
          isSearch
        />
        <FilterSelect
          label="State"
          placeholder="Every payer"
          values={AUTO_REG_STATES}
          labels={STATE_LABELS}
          value={search.state}
          onChange={(state) => filters.setFilters({ state })}
          width={200}
        />
      </FilterBar>
      {list.isError ? (
        <ListLoadError
          what="The payers"
          error={list.error}
          isRetrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <ListTable<AutoRegEntry>
          label="Payers without a BTIN"
          sortedBy="date paid, newest first"
          idAccessor="paymentId"
          columns={columns}
          cards={cards}
          data={list.data}
          fetching={list.isFetching}
          loadingText="Loading payers…"
          noRecordsText={
            filters.hasFilters
              ? 'No payers match this search'
              : 'Every payment so far came with a BTIN'
          }
          onPageChange={filters.onPageChange}
          onPageSizeChange={filters.onPageSizeChange}
        />
      )}
      {matching && <MatchPayerModal entry={matching} onClose={() => setMatching(null)} />}
    </Stack>
  );
}

function stateBadge(row: AutoRegEntry) {
  return (
    <Badge color={row.state === 'unmatched' ? 'red.9' : 'revenue.8'} variant="filled">
      {STATE_LABELS[row.state]}
    </Badge>
  );
}
