import 'mantine-datatable/styles.css';
import '../../styles/tables.css';
import '../../styles/forms.css';
import { Button, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconFilePlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatKoboAsNaira } from '../../../shared/money';
import {
  INSTRUMENT_STATUS_LABELS,
  INSTRUMENT_STATUSES,
  INSTRUMENT_TYPE_LABELS,
  INSTRUMENT_TYPES,
} from '../../../shared/stampDuty/enums';
import type { StampInstrumentView } from '../../../shared/stampDuty/schemas';
import { formatCalendarDate } from '../../lib/format';
import {
  countActiveFilters,
  FilterBar,
  FilterDateRange,
  FilterSelect,
  FilterText,
} from '../../lib/lists/filters';
import { type ListCards, type ListColumn, ListTable } from '../../lib/lists/ListTable';
import {
  ExportButtons,
  ListBody,
  ListEmpty,
  ListHeader,
  useListSearch,
} from '../../lib/lists/listPage';
import { RecordLink } from '../../lib/lists/RecordLink';
import { PAGE_SIZE_CHOICES } from '../../lib/lists/searchParams';
import { sortText } from '../../lib/lists/sortText';
import { TableSkeleton } from '../../lib/pending/skeletons';
import { NoAccess } from '../../lib/routing/NoAccess';
import { usePermission } from '../../lib/routing/usePermission';
import { useShellBase } from '../../shell/shellPaths';
import { stampExportUrl, stampListQuery } from './queries';
import { StampStatusBadge } from './StatusBadge';
import { StampListSearch } from './search';

export const STAMP_TABLE = { label: 'Loading the instruments…', columns: 7 } as const;

const SORT_WORDS = {
  executedOn: ['date of execution', 'oldest first', 'newest first'],
  duty: ['duty', 'smallest first', 'largest first'],
} as const;
const SORT_COLUMNS = {
  executedOn: 'executedOn',
  createdAt: 'createdAt',
  dutyKobo: 'duty',
} as const;

/**
 * /birs/stamp-duty/all (OFFICER_STAMP_DUTY) and /birs/taxs/stamp-duty (ADMIN), docs/product.md §2:
 * the instruments, by status, type and dates; a row opens the instrument.
 */
export function StampListPage() {
  const canRead = usePermission('stamp-duty:read');
  if (!canRead) return <NoAccess title="Stamp Duty Instruments" />;
  return <StampList />;
}

function StampList() {
  useDocumentTitle('Stamp Duty Instruments · RevDesk');
  const base = useShellBase();
  const list = useListSearch(StampListSearch);
  const { search } = list;
  const query = useQuery(stampListQuery(search));
  const canWrite = usePermission('stamp-duty:write');
  const sort = search.sort ?? '-createdAt';
  const recordHref = (row: StampInstrumentView) => `${base}/stamp-duty/instrument/${row.id}`;

  const columns: ListColumn<StampInstrumentView>[] = [
    {
      accessor: 'instrumentType',
      title: 'Instrument',
      render: (row) => (
        <RecordLink to={recordHref(row)}>{INSTRUMENT_TYPE_LABELS[row.instrumentType]}</RecordLink>
      ),
    },
    {
      accessor: 'partyNames',
      title: 'Parties',
      width: 220,
      ellipsis: true,
      render: (row) => (
        <Text size="sm" truncate="end" title={row.partyNames}>
          {row.partyNames}
        </Text>
      ),
    },
    {
      accessor: 'executedOn',
      title: 'Executed',
      noWrap: true,
      sortable: true,
      render: (row) => formatCalendarDate(row.executedOn),
    },
    {
      accessor: 'dutyKobo',
      title: 'Duty',
      textAlign: 'right',
      noWrap: true,
      sortable: true,
      render: (row) => formatKoboAsNaira(row.dutyKobo),
    },
    {
      accessor: 'penaltyKobo',
      fold: 2,
      title: 'Penalty',
      textAlign: 'right',
      noWrap: true,
      render: (row) => formatKoboAsNaira(row.penaltyKobo),
    },
    {
      accessor: 'status',
      title: 'Status',
      render: (row) => <StampStatusBadge status={row.status} />,
    },
    {
      accessor: 'certificateNumber',
      fold: 3,
      title: 'Certificate',
      noWrap: true,
      render: (row) => row.certificateNumber ?? '—',
    },
    {
      accessor: 'createdAt',
      fold: 4,
      title: 'Assessed',
      noWrap: true,
      sortable: true,
      render: (row) => formatCalendarDate(row.createdAt.slice(0, 10)),
    },
  ];
  const cards: ListCards<StampInstrumentView> = {
    title: (row) => `${INSTRUMENT_TYPE_LABELS[row.instrumentType]} · ${row.partyNames}`,
    fields: [
      { label: 'Executed', render: (row) => formatCalendarDate(row.executedOn) },
      { label: 'Duty', render: (row) => formatKoboAsNaira(row.dutyKobo) },
      { label: 'Status', render: (row) => <StampStatusBadge status={row.status} /> },
    ],
  };

  return (
    <Stack gap="lg">
      <ListHeader
        title="Stamp Duty Instruments"
        description="Instruments assessed for stamp duty, newest first. Open one to bill it, stamp it once paid, or print its certificate."
      >
        {canWrite && (
          <Button
            component={Link}
            to={`${base}/stamp-duty/new`}
            leftSection={<IconFilePlus size={16} aria-hidden="true" />}
          >
            New instrument
          </Button>
        )}
        <ExportButtons hrefOf={(format) => stampExportUrl(search, format)} />
      </ListHeader>

      <FilterBar
        activeCount={countActiveFilters(search, StampListSearch.filterKeys)}
        onClear={list.clearFilters}
      >
        <FilterText
          label="Search"
          placeholder="Certificate, BTIN, party or description"
          value={search.search}
          onChange={(value) => list.setFilters({ search: value })}
          width={{ base: '100%', sm: 280 }}
          isSearch
        />
        <FilterSelect
          label="Status"
          placeholder="Any status"
          values={INSTRUMENT_STATUSES}
          labels={INSTRUMENT_STATUS_LABELS}
          value={search.status}
          onChange={(status) => list.setFilters({ status })}
          width={150}
        />
        <FilterSelect
          label="Instrument"
          placeholder="Any instrument"
          values={INSTRUMENT_TYPES}
          labels={INSTRUMENT_TYPE_LABELS}
          value={search.instrumentType}
          onChange={(instrumentType) => list.setFilters({ instrumentType })}
          width={230}
        />
        <FilterDateRange
          labels={['Executed from', 'Executed to']}
          from={search.executedFrom}
          to={search.executedTo}
          onChange={(range) => list.setFilters({ executedFrom: range.from, executedTo: range.to })}
          width={150}
        />
      </FilterBar>

      <ListBody
        query={query}
        what="The instruments"
        skeleton={<TableSkeleton {...STAMP_TABLE} withPage={false} />}
        empty={
          <ListEmpty
            filtered={list.hasFilters}
            onClear={list.clearFilters}
            noMatch="No instruments match these filters."
            noMatchHint="Check the search and the dates, or clear the filters."
            none="There are no instruments yet."
            noneHint={
              <Text size="sm" c="dimmed" ta="center">
                Assess one with “New instrument”.
              </Text>
            }
          />
        }
      >
        {(data) => (
          <ListTable<StampInstrumentView, typeof sort>
            label="Stamp duty instruments"
            sortedBy={sortText(sort, SORT_WORDS)}
            idAccessor="id"
            columns={columns}
            cards={cards}
            data={data}
            fetching={query.isFetching}
            loadingText="Loading instruments…"
            noRecordsText="No instruments on this page"
            pageSizes={PAGE_SIZE_CHOICES}
            onPageChange={list.onPageChange}
            onPageSizeChange={list.onPageSizeChange}
            sorting={{
              sort,
              onChange: (next) => list.setSort(next, '-createdAt'),
              columns: SORT_COLUMNS,
            }}
            recordHref={recordHref}
          />
        )}
      </ListBody>
    </Stack>
  );
}
