import 'mantine-datatable/styles.css';
import '../../../styles/tables.css';
import { Button, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCoins, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  SSC_CATEGORY_LABELS,
  SSC_SCHEDULE_STATUS_LABELS,
  SSC_SCHEDULE_STATUSES,
  type SscCategory,
} from '../../../../shared/ssc/enums';
import { checkMdasQuery } from '../../../lib/api/mdaOptions';
import {
  countActiveFilters,
  FilterBar,
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
import { useShellBase } from '../../../shell/shellPaths';
import { sscScheduleListQuery } from '../queries';
import { SscTable } from './SscTable';
import { SSC_DEFAULT_SORT, SscListSearch, sscExportUrl, sscParams } from './sscSearch';

/**
 * docs/product.md §7's three SSC lists, one page per category (RevDesk's own menu entries): an
 * MDA's monthly schedules with their levy, filtered by month, MDA and status, the totals of the
 * whole filter, and its export. ADMIN, EXECUTIVE and DG_BUDGET read them (`ssc:read`).
 */
export function OfficeHoldersPage() {
  return <SscListPage category="office-holders" />;
}
export function CivilServantsPage() {
  return <SscListPage category="civil-servants" />;
}
export function FederalCivilServantsPage() {
  return <SscListPage category="federal-civil-servants" />;
}

function SscListPage({ category }: { category: SscCategory }) {
  const title = `SSC: ${SSC_CATEGORY_LABELS[category]}`;
  const canRead = usePermission('ssc:read');
  if (!canRead) return <NoAccess title={title} />;
  return <SscList category={category} title={title} />;
}

function SscList({ category, title }: { category: SscCategory; title: string }) {
  useDocumentTitle(`${title} · RevDesk`);
  const base = useShellBase();
  const canWrite = usePermission('ssc:write');
  const list = useListSearch(SscListSearch);
  const { search } = list;
  const query = useQuery(sscScheduleListQuery(sscParams(category, search)));
  const mdas = useQuery(checkMdasQuery());
  const sort = search.sort ?? SSC_DEFAULT_SORT;
  const hasDemo = query.data?.items.some((s) => s.hasDemoRates) ?? false;

  return (
    <Stack gap="lg">
      <ListHeader
        title={title}
        description="Each MDA's monthly schedule of staff and the Social Services Contribution levied on their gross pay."
      >
        <ExportButtons hrefOf={(format) => sscExportUrl(category, search, format)} />
        {canWrite && (
          <Button
            component={Link}
            to={`${base}/ssc/upload`}
            search={{ category } as never}
            leftSection={<IconUpload size={16} aria-hidden="true" />}
          >
            Upload schedule
          </Button>
        )}
      </ListHeader>

      <FilterBar
        activeCount={countActiveFilters(search, SscListSearch.filterKeys)}
        onClear={list.clearFilters}
      >
        <FilterText
          label="Month"
          placeholder="YYYY-MM"
          value={search.month}
          onChange={(month) =>
            list.setFilters({ month: month && /^\d{4}-\d{2}$/.test(month) ? month : undefined })
          }
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
          label="Status"
          placeholder="Any status"
          values={SSC_SCHEDULE_STATUSES}
          labels={SSC_SCHEDULE_STATUS_LABELS}
          value={search.status}
          onChange={(status) => list.setFilters({ status })}
          width={180}
        />
      </FilterBar>

      {hasDemo && (
        <Text size="sm" c="dimmed">
          Levies marked &ldquo;Demo rate&rdquo; use the demo rate table (1 % for grade levels 1–6,
          1.5 % for 7–12, 2 % for 13–16, 5 % for office holders): no public source sets these rates.
        </Text>
      )}

      <ListBody
        query={query}
        what="The SSC schedules"
        skeleton={<TableSkeleton label="Loading the SSC schedules…" columns={7} withPage={false} />}
        totals={(data) => (
          <ListTotals
            label="Totals of the filtered schedules"
            figures={[
              [
                'Schedules',
                (data?.totals.schedules ?? 0).toLocaleString('en-NG'),
                (data?.totals.schedules ?? 0).toLocaleString('en-NG'),
              ],
              ['Gross pay', ...nairaFigure(data?.totals.grossKobo)],
              ['Levy', ...nairaFigure(data?.totals.levyKobo)],
            ]}
          />
        )}
        empty={
          <ListEmpty
            icon={<IconCoins size={32} aria-hidden="true" />}
            filtered={list.hasFilters}
            onClear={list.clearFilters}
            noMatch="No schedule matches these filters."
            none="No schedules of this category have been received yet."
          />
        }
      >
        {(data) => (
          <SscTable
            data={data}
            isFetching={query.isFetching}
            sort={sort}
            onSort={(next) => list.setSort(next, SSC_DEFAULT_SORT)}
            onPageChange={list.onPageChange}
            onPageSizeChange={list.onPageSizeChange}
          />
        )}
      </ListBody>
    </Stack>
  );
}
