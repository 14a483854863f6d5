import 'mantine-datatable/styles.css';
import '../../../styles/tables.css';
import { Anchor, Badge, Select, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { OPEN_CREDIT_STATES, STATE_WORDS } from '../../../../shared/bank/enums';
import type { OpenCreditPage, OpenCreditView } from '../../../../shared/bank/openCredits';
import { formatKoboAsNaira } from '../../../../shared/money';
import { api } from '../../../lib/api/api';
import { formatCalendarDate } from '../../../lib/format';
import { countActiveFilters, FilterBar, FilterSelect } from '../../../lib/lists/filters';
import { type ListCards, type ListColumn, ListTable } from '../../../lib/lists/ListTable';
import {
  ExportButtons,
  ListHeader,
  ListLoadError,
  useListSearch,
} from '../../../lib/lists/listPage';
import { type ExportFormat, listParams } from '../../../lib/lists/searchParams';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { bankAccountsQuery, bankKeys } from './queries';
import { WaitingCreditsSearch } from './search';

const TITLE = 'Bank credits to match';

const filterOf = (search: WaitingCreditsSearch) => ({
  accountNumber: search.account,
  state: search.state,
});

/** The URL downloading every row of the current filter (the session cookie goes along). */
const waitingCreditsExportUrl = (search: WaitingCreditsSearch, format: ExportFormat) =>
  `/api/v1/bank/open-credits?${listParams(filterOf(search), { format })}`;

const waitingCreditsQuery = (search: WaitingCreditsSearch) =>
  queryOptions({
    queryKey: [...bankKeys.lines(), 'waiting', search] as const,
    queryFn: () =>
      api.get<OpenCreditPage>(
        `/api/v1/bank/open-credits?${listParams(filterOf(search), {
          page: search.page,
          pageSize: search.pageSize,
        })}`,
      ),
    placeholderData: keepPreviousData,
  });

/** The credit on its account's statement, that day, where the officer decides it. */
function statementLink(credit: OpenCreditView) {
  return {
    to: '..' as const,
    search: {
      account: credit.accountNumber,
      from: credit.valueDate,
      to: credit.valueDate,
      state: credit.state,
      // A relative link: the router cannot type the search of the page it resolves to.
    } as never,
  };
}

/**
 * /birs/transactions/post-transactions/waiting (docs/bank-matching.md "Credits waiting"): every
 * collection account's credits still unmatched or ambiguous, the oldest first, each opening its
 * account's statement on its day to be decided. The work queue's "Bank credits to match" opens
 * it (docs/work-queues.md).
 */
export function WaitingCreditsPage() {
  const canRead = usePermission('bank:read');
  if (!canRead) return <NoAccess title={TITLE} />;
  return <WaitingCredits />;
}

function WaitingCredits() {
  useDocumentTitle(`${TITLE} · RevDesk`);
  const filters = useListSearch(WaitingCreditsSearch);
  const { search } = filters;
  const accounts = useQuery(bankAccountsQuery());
  const credits = useQuery(waitingCreditsQuery(search));

  const columns: ListColumn<OpenCreditView>[] = [
    {
      accessor: 'valueDate',
      title: 'Value date',
      noWrap: true,
      render: (c) => formatCalendarDate(c.valueDate),
    },
    {
      accessor: 'accountNumber',
      title: 'Account',
      noWrap: true,
      render: (c) => `${c.accountNumber} · ${c.accountName}`,
    },
    { accessor: 'bankReference', title: 'Reference', noWrap: true, fold: 2 },
    {
      accessor: 'narration',
      title: 'Narration',
      width: 200,
      fold: 1,
      render: (c) => (
        <Text size="sm" truncate="end" title={c.narration}>
          {c.narration}
        </Text>
      ),
    },
    {
      accessor: 'amountKobo',
      title: 'Amount',
      textAlign: 'right',
      noWrap: true,
      render: (c) => formatKoboAsNaira(c.amountKobo),
    },
    { accessor: 'state', title: 'State', noWrap: true, render: (c) => stateBadge(c) },
    {
      accessor: 'open',
      title: 'Statement',
      noWrap: true,
      render: (c) => (
        <Anchor component={Link} {...statementLink(c)} size="sm">
          Decide on the statement
          <VisuallyHidden>: credit {c.bankReference}</VisuallyHidden>
        </Anchor>
      ),
    },
  ];
  const cards: ListCards<OpenCreditView> = {
    title: (c) => `${formatKoboAsNaira(c.amountKobo)} · ${formatCalendarDate(c.valueDate)}`,
    fields: [
      { label: 'Account', render: (c) => `${c.accountNumber} · ${c.accountName}` },
      { label: 'Reference', render: (c) => c.bankReference },
      { label: 'Narration', render: (c) => c.narration },
      { label: 'State', render: stateBadge },
    ],
    footer: (c) => (
      <Anchor component={Link} {...statementLink(c)} size="sm">
        Decide on the statement
        <VisuallyHidden>: credit {c.bankReference}</VisuallyHidden>
      </Anchor>
    ),
  };

  return (
    <Stack gap="lg">
      <ListHeader
        title={TITLE}
        description="Every collection account's credits the rules could not match to one payment, the oldest first. Open a credit on its account's statement to post it, pick its payment or mark it not revenue."
      >
        <ExportButtons hrefOf={(format) => waitingCreditsExportUrl(search, format)} />
      </ListHeader>
      <FilterBar
        activeCount={countActiveFilters(search, ['account', 'state'] as const)}
        onClear={() => filters.clearFilters()}
      >
        <Select
          label="Account"
          placeholder="Every account"
          data={(accounts.data?.items ?? []).map((a) => ({
            value: a.accountNumber,
            label: `${a.accountNumber} · ${a.name}`,
          }))}
          value={search.account ?? null}
          onChange={(value) => filters.setFilters({ account: value ?? undefined })}
          clearable
          w={300}
        />
        <FilterSelect
          label="State"
          placeholder="Unmatched or ambiguous"
          values={OPEN_CREDIT_STATES}
          labels={STATE_WORDS}
          value={search.state}
          onChange={(state) => filters.setFilters({ state })}
          width={200}
        />
      </FilterBar>
      {credits.isError ? (
        <ListLoadError
          what="The credits waiting"
          error={credits.error}
          isRetrying={credits.isFetching}
          onRetry={() => void credits.refetch()}
        />
      ) : (
        <ListTable
          label="Bank credits waiting"
          columns={columns}
          sortedBy="value date, oldest first"
          cards={cards}
          data={credits.data}
          idAccessor="id"
          fetching={credits.isFetching}
          loadingText="Loading the credits waiting…"
          noRecordsText="No credit is waiting: every credit is matched or marked."
          onPageChange={filters.onPageChange}
          onPageSizeChange={filters.onPageSizeChange}
        />
      )}
    </Stack>
  );
}

function stateBadge(credit: OpenCreditView) {
  return (
    <Badge color={credit.state === 'unmatched' ? 'red.9' : 'yellow.9'} variant="light">
      {STATE_WORDS[credit.state]}
    </Badge>
  );
}
