import 'mantine-datatable/styles.css';
import '../../../styles/tables.css';
import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDeviceMobileDollar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { PosTransactionPage } from '../../../../shared/pos/transactionList';
import { checkMdasQuery } from '../../../lib/api/mdaOptions';
import {
  countActiveFilters,
  FilterBar,
  FilterDateRange,
  FilterLookup,
  FilterSelect,
  FilterText,
} from '../../../lib/lists/filters';
import { ListTotals, nairaFigure } from '../../../lib/lists/ListTotals';
import {
  ExportButtons,
  ListBody,
  ListEmpty,
  ListHeader,
  useListSearch,
} from '../../../lib/lists/listPage';
import { TableSkeleton } from '../../../lib/pending/skeletons';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { POS_STATE_LABELS, PosTransactionTable } from './PosTransactionTable';
import { POS_STATES, PosListSearch, posExportUrl, posParams } from './posSearch';
import { posTransactionListQuery } from './queries';

type Variant = {
  title: string;
  description: string;
  /** The keyword report shows only SPEC's keyword and dates; the list every filter. */
  allFilters: boolean;
};

/**
 * The POS transactions (docs/product.md §2 transactions/benjis, benjis-report): the filters in
 * the URL, the totals of the whole filter, the export, a page at a time. `pos:read`.
 */
export function PosTransactionsList(props: Variant) {
  const canRead = usePermission('pos:read');
  if (!canRead) return <NoAccess title={props.title} />;
  return <Transactions {...props} />;
}

function Transactions({ title, description, allFilters }: Variant) {
  useDocumentTitle(`${title} · RevDesk`);
  const list = useListSearch(PosListSearch);
  const { search } = list;
  const query = useQuery(posTransactionListQuery(posParams(search)));
  const mdas = useQuery({ ...checkMdasQuery(), enabled: allFilters });

  return (
    <Stack gap="lg">
      <ListHeader title={title} description={description}>
        <ExportButtons hrefOf={(format) => posExportUrl(search, format)} />
      </ListHeader>

      <FilterBar
        activeCount={countActiveFilters(search, PosListSearch.filterKeys)}
        onClear={list.clearFilters}
      >
        <FilterText
          label="Keyword"
          placeholder="RRN, STAN, terminal, agent or payer"
          value={search.keyword}
          onChange={(keyword) =>
            list.setFilters({ keyword: keyword && keyword.length >= 2 ? keyword : undefined })
          }
          width={{ base: '100%', sm: 280 }}
          isSearch
        />
        <FilterDateRange
          labels={['From', 'To']}
          from={search.from}
          to={search.to}
          onChange={({ from, to }) => list.setFilters({ from, to })}
          width={150}
        />
        {allFilters && (
          <>
            <FilterText
              label="Terminal"
              placeholder="Terminal id"
              value={search.terminalId}
              onChange={(terminalId) => list.setFilters({ terminalId })}
              width={{ base: '100%', sm: 140 }}
            />
            <FilterLookup
              label="MDA"
              placeholder="Any MDA"
              plural="MDAs"
              noun="MDA"
              options={mdas}
              value={search.mdaId}
              onChange={(mdaId) => list.setFilters({ mdaId })}
              width={300}
              keepsUnlisted
            />
            <FilterSelect
              label="State"
              placeholder="Any state"
              values={POS_STATES}
              labels={POS_STATE_LABELS}
              value={search.state}
              onChange={(state) => list.setFilters({ state })}
              width={180}
            />
          </>
        )}
      </FilterBar>

      <ListBody
        query={query}
        what="The POS transactions"
        skeleton={
          <TableSkeleton label="Loading the POS transactions…" columns={6} withPage={false} />
        }
        totals={(data) => (
          <ListTotals
            label="Totals of the filtered transactions"
            figures={[
              ['Transactions', ...countFigure(data?.totals)],
              ['Amount', ...nairaFigure(data?.totals.amountKobo)],
            ]}
            note={
              data?.totals.isCapped
                ? `This search matches more than ${data.totals.count.toLocaleString('en-NG')} transactions, too many to add up here. Narrow it (days, MDA, state) to see the amount.`
                : search.state || search.status
                  ? null
                  : 'The amount adds up every transaction shown, declined and held ones included; filter by state "Recorded" for the revenue.'
            }
          />
        )}
        empty={
          <ListEmpty
            icon={<IconDeviceMobileDollar size={32} aria-hidden="true" />}
            filtered={list.hasFilters}
            onClear={list.clearFilters}
            noMatch="No transaction matches these filters."
            noMatchHint="A keyword must be a whole RRN, STAN, terminal id or phone, or words of a name."
            none="No POS transaction has reached RevDesk yet."
          />
        }
      >
        {(data) => (
          <PosTransactionTable
            data={data}
            isFetching={query.isFetching}
            onPageChange={list.onPageChange}
            onPageSizeChange={list.onPageSizeChange}
          />
        )}
      </ListBody>
    </Stack>
  );
}

/**
 * The count as an officer reads it: a keyword matching more than the server counts (ADR
 * 0019) reads "More than 1,000" ("1,000+" on a phone); its amount then reads "Not added up".
 */
function countFigure(totals: PosTransactionPage['totals'] | undefined): [string, string] {
  const count = (totals?.count ?? 0).toLocaleString('en-NG');
  return totals?.isCapped ? [`More than ${count}`, `${count}+`] : [count, count];
}
