import 'mantine-datatable/styles.css';
import '../../../styles/tables.css';
import { Alert, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { BankAggregates } from '../../../../shared/bank/accounts';
import {
  BANK_RANGE_MAX_DAYS,
  LINE_RULE_WORDS,
  STATE_WORDS,
  STATEMENT_LINE_STATES,
  type StatementLineState,
} from '../../../../shared/bank/enums';
import type { StatementLineView } from '../../../../shared/bank/matching';
import { addDays, daysSpanned, todayInLagos } from '../../../../shared/dates';
import { formatKoboAsNaira } from '../../../../shared/money';
import { formatCalendarDate } from '../../../lib/format';
import {
  countActiveFilters,
  FilterBar,
  FilterDateRange,
  FilterSelect,
} from '../../../lib/lists/filters';
import { type ListCards, type ListColumn, ListTable } from '../../../lib/lists/ListTable';
import { ListTotals, nairaFigure } from '../../../lib/lists/ListTotals';
import { ListHeader, ListLoadError, useListSearch } from '../../../lib/lists/listPage';
import { Spinner } from '../../../lib/pending/Spinner';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { FetchStatement } from './FetchStatement';
import type { LineAction } from './LineDecision';
import { MatchAgain } from './MatchAgain';
import { aggregatesQuery, bankAccountsQuery, statementLinesQuery } from './queries';
import { ReconciliationPanel } from './ReconciliationPanel';
import { PostTransactionsSearch } from './search';

// The decision form, with the form packages it keeps its state in, loads when an officer acts on
// a line, not with the list (docs/architecture.md §9 "Web").
const LineDecision = lazy(() =>
  import('./LineDecision').then((module) => ({ default: module.LineDecision })),
);

const TITLE = 'Post Transactions';

const STATE_COLORS: Record<StatementLineState, string> = {
  matched: 'revenue.8',
  ambiguous: 'yellow.9',
  unmatched: 'red.9',
  'not-revenue': 'gray.7',
};

/**
 * /birs/transactions/post-transactions: a collection account's statement against the ledger
 * (docs/bank-matching.md). ADMIN fetches the statement, posts the credits the rules could not
 * match, picks an ambiguous credit's payment, marks credits not revenue and signs each day off;
 * EXECUTIVE reads the same page without the buttons (the server refuses them too).
 */
export function PostTransactionsPage() {
  const canRead = usePermission('bank:read');
  if (!canRead) return <NoAccess title={TITLE} />;
  return <PostTransactions />;
}

function PostTransactions() {
  useDocumentTitle(`${TITLE} · RevDesk`);
  const canPost = usePermission('bank:post');
  const filters = useListSearch(PostTransactionsSearch);
  const { search } = filters;
  const accounts = useQuery(bankAccountsQuery());
  const accountList = accounts.data?.items ?? [];
  const accountNumber = search.account ?? accountList[0]?.accountNumber;
  // Yesterday by default: the morning's work is the day before's statement.
  const yesterday = addDays(todayInLagos(), -1);
  const from = search.from ?? search.to ?? yesterday;
  const to = search.to ?? (search.from ? search.from : yesterday);
  const rangeError =
    to < from
      ? 'The end date is before the start date.'
      : daysSpanned(from, to) > BANK_RANGE_MAX_DAYS
        ? `Choose at most ${BANK_RANGE_MAX_DAYS} days.`
        : null;
  const ready = accountNumber !== undefined && rangeError === null;
  const account = accountList.find((a) => a.accountNumber === accountNumber);
  const accountLabel = account ? `${account.accountNumber} · ${account.name}` : accountNumber;
  const range = { accountNumber: accountNumber ?? '', from, to };
  const lines = useQuery({
    ...statementLinesQuery({
      ...range,
      state: search.state,
      page: search.page,
      pageSize: search.pageSize,
    }),
    enabled: ready,
  });
  const aggregates = useQuery({ ...aggregatesQuery(range), enabled: ready });
  const [acting, setActing] = useState<{ line: StatementLineView; action: LineAction } | null>(
    null,
  );

  const actions = (line: StatementLineView, isCard = false) => {
    if (!canPost || line.direction !== 'credit') return null;
    const size = isCard ? 'sm' : 'compact-sm';
    const h = isCard ? 44 : undefined;
    const button = (action: LineAction, label: string, variant = 'light') => (
      <Button
        key={action}
        size={size}
        h={h}
        variant={variant}
        aria-label={`${label}: credit ${line.bankReference}`}
        onClick={() => setActing({ line, action })}
      >
        {label}
      </Button>
    );
    return (
      <Group gap={6} wrap="wrap">
        {line.state === 'ambiguous' && button('pick', 'Pick payment', 'filled')}
        {(line.state === 'unmatched' || line.state === 'ambiguous') &&
          button('post', 'Post as payment', line.state === 'unmatched' ? 'filled' : 'light')}
        {(line.state === 'unmatched' || line.state === 'ambiguous') &&
          button('not-revenue', 'Not revenue', 'default')}
        {(line.state === 'matched' || line.state === 'not-revenue') &&
          button('undo', 'Undo', 'default')}
      </Group>
    );
  };

  const matchText = (line: StatementLineView) =>
    line.state === 'not-revenue'
      ? (line.stateReason ?? '')
      : line.state === 'ambiguous'
        ? `${line.candidates.length} possible payments`
        : [line.receiptNumber, line.rule ? LINE_RULE_WORDS[line.rule] : null]
            .filter(Boolean)
            .join(' · ');

  const columns: ListColumn<StatementLineView>[] = [
    {
      accessor: 'valueDate',
      title: 'Value date',
      noWrap: true,
      render: (line) => formatCalendarDate(line.valueDate),
    },
    { accessor: 'bankReference', title: 'Reference', noWrap: true, fold: 3 },
    {
      accessor: 'narration',
      title: 'Narration',
      width: 180,
      fold: 2,
      render: (line) => (
        <Text size="sm" truncate="end" title={line.narration}>
          {line.narration}
        </Text>
      ),
    },
    {
      accessor: 'amountKobo',
      title: 'Amount',
      textAlign: 'right',
      noWrap: true,
      render: (line) => formatKoboAsNaira(line.amountKobo),
    },
    // "Not revenue" whole: a squeezed badge cut it short.
    { accessor: 'state', title: 'State', noWrap: true, width: 140, render: stateBadge },
    {
      accessor: 'rule',
      title: 'Match',
      width: 180,
      fold: 1,
      render: (line) => (
        <Text size="sm" truncate="end" title={matchText(line)}>
          {matchText(line)}
        </Text>
      ),
    },
    ...(canPost
      ? [
          {
            accessor: 'actions',
            title: 'Actions',
            render: (line: StatementLineView) => actions(line),
          },
        ]
      : []),
  ];

  const cards: ListCards<StatementLineView> = {
    title: (line) =>
      `${formatKoboAsNaira(line.amountKobo)} · ${formatCalendarDate(line.valueDate)}`,
    fields: [
      { label: 'Reference', render: (line) => line.bankReference },
      { label: 'Narration', render: (line) => line.narration },
      { label: 'State', render: stateBadge },
      { label: 'Match', render: matchText },
    ],
    footer: (line) => actions(line, true),
  };

  const totals = lines.data?.totals.byState;
  return (
    <Stack gap="lg">
      <ListHeader
        title={TITLE}
        description="A collection account's statement against the ledger: each credit matched to a payment, ambiguous (pick the payment), or unmatched (post it as a payment, or mark it not revenue). Sign each day off below once bank and ledger agree, or say why not."
      />
      <FilterBar
        activeCount={countActiveFilters(search, ['state'] as const)}
        onClear={() => filters.setFilters({ state: undefined })}
      >
        <Select
          label="Account"
          placeholder={accounts.isError ? 'Accounts could not be loaded' : 'Choose the account'}
          data={accountList.map((a) => ({
            value: a.accountNumber,
            label: `${a.accountNumber} · ${a.name}`,
          }))}
          value={accountNumber ?? null}
          onChange={(value) => filters.setFilters({ account: value ?? undefined })}
          allowDeselect={false}
          w={300}
        />
        <FilterDateRange
          labels={['From', 'To']}
          from={from}
          to={to}
          onChange={(next) => filters.setFilters({ from: next.from, to: next.to })}
          width={150}
        />
        <FilterSelect
          label="State"
          placeholder="Every credit"
          values={STATEMENT_LINE_STATES}
          labels={STATE_WORDS}
          value={search.state}
          onChange={(state) => filters.setFilters({ state })}
          width={180}
        />
      </FilterBar>
      {rangeError && (
        <Alert color="red" variant="light" role="alert">
          {rangeError}
        </Alert>
      )}
      {accounts.data && accountList.length === 0 && (
        <Alert color="yellow" variant="light">
          No collection account is configured yet: the administrator adds them first.
        </Alert>
      )}
      {ready && (
        <Text size="sm" c="dimmed">
          {accountLabel} · {formatCalendarDate(from)} to {formatCalendarDate(to)}
        </Text>
      )}
      {ready && (
        <Group gap="md" align="flex-start" wrap="wrap">
          <FetchStatement accountNumber={range.accountNumber} from={from} to={to} />
          <MatchAgain accountNumber={range.accountNumber} from={from} to={to} />
        </Group>
      )}
      {ready && (
        <ListTotals
          label="The statement’s totals"
          figures={[
            [
              `Credits (${aggregates.data?.creditCount ?? '…'})`,
              ...nairaFigure(aggregates.isError ? null : aggregates.data?.creditKobo),
            ],
            [
              `Debits (${aggregates.data?.debitCount ?? '…'})`,
              ...nairaFigure(aggregates.isError ? null : aggregates.data?.debitKobo),
            ],
            [
              `Unmatched (${totals ? totals.unmatched.count + totals.ambiguous.count : '…'})`,
              ...nairaFigure(
                totals ? totals.unmatched.amountKobo + totals.ambiguous.amountKobo : undefined,
              ),
            ],
          ]}
          note={
            aggregates.isError
              ? 'The bank’s totals could not be loaded.'
              : notStoredNote(aggregates.data?.notStored)
          }
        />
      )}
      {lines.isError ? (
        <ListLoadError
          what="The statement lines"
          error={lines.error}
          isRetrying={lines.isFetching}
          onRetry={() => void lines.refetch()}
        />
      ) : (
        ready && (
          <ListTable<StatementLineView>
            label="Statement credits"
            sortedBy="value date, then the bank's reference"
            idAccessor="id"
            columns={columns}
            cards={cards}
            data={lines.data}
            fetching={lines.isFetching}
            loadingText="Loading the statement…"
            noRecordsText={
              search.state
                ? `No ${STATE_WORDS[search.state].toLowerCase()} credits in these days`
                : 'No credits stored for these days: fetch the statement'
            }
            onPageChange={filters.onPageChange}
            onPageSizeChange={filters.onPageSizeChange}
          />
        )
      )}
      {ready && <ReconciliationPanel accountNumber={range.accountNumber} from={from} to={to} />}
      {acting && (
        <Suspense fallback={<Spinner label="Loading the form" />}>
          <LineDecision
            line={acting.line}
            action={acting.action}
            account={account}
            onClose={() => setActing(null)}
          />
        </Suspense>
      )}
    </Stack>
  );
}

function stateBadge(line: StatementLineView) {
  if (!line.state) return <Text size="sm">Debit</Text>;
  return (
    <Badge color={STATE_COLORS[line.state]} variant="filled">
      {STATE_WORDS[line.state]}
    </Badge>
  );
}

/**
 * The bank's lines RevDesk does not hold yet (docs/bank.md "The aggregates"), in words: the
 * list below then falls short of the totals above it, and fetching those days mends it.
 */
function notStoredNote(notStored: BankAggregates['notStored'] | undefined): string | null {
  if (!notStored) return null;
  const { credits, debits, days } = notStored;
  if (credits.count + debits.count === 0) {
    return 'The stored lines do not add up to the bank’s totals, yet every line the bank lists is stored: a stored line is no longer on the bank’s statement. Tell the administrator.';
  }
  const lines = (n: number, what: string) =>
    `${n.toLocaleString('en-NG')} ${what}${n === 1 ? '' : 's'}`;
  const shown = days.slice(0, 5).map(formatCalendarDate).join(', ');
  const more = days.length > 5 ? ` and ${days.length - 5} more days` : '';
  return `The bank lists ${lines(credits.count, 'credit')} (${formatKoboAsNaira(credits.amountKobo)}) and ${lines(debits.count, 'debit')} (${formatKoboAsNaira(debits.amountKobo)}) that are not fetched yet, on ${shown}${more}: fetch those days to see them below.`;
}
