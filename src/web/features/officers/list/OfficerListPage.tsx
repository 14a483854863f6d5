import 'mantine-datatable/styles.css';
import '../../../styles/tables.css';
import '../../../styles/forms.css';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus, IconSearchOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import type { UserTypeGroup } from '../../../../shared/officers';
import {
  clearedFilters,
  ExportButtons,
  ListLoadError,
  useSetListSearch,
} from '../../../lib/lists/listPage';
import { OFFICER_TABLE } from '../../../lib/pending/pendingShapes';
import { TableSkeleton } from '../../../lib/pending/skeletons';
import { usePermission } from '../../../lib/usePermission';
import { NoAccess } from '../../pages/NoAccess';
import { CreateOfficerModal } from '../edit/CreateOfficerModal';
import { OfficerDrawer } from '../edit/OfficerDrawer';
import { GROUP_PAGES } from '../format';
import { FILTER_KEYS, hasFilters, OfficerListSearch } from '../listSearch';
import { officerExportUrl, officerListQuery } from '../queries';
import { OfficerFilters } from './OfficerFilters';
import { OfficerTable } from './OfficerTable';
import { ThrottledSignIns } from './ThrottledSignIns';

/** SPEC.md §2 admin/admin-list: the administrators. */
export function AdminListPage() {
  return <OfficerListPage group="admin" />;
}

/** SPEC.md §2 admin/tax-officer-list: every other officer, paginated (DESIGN.md §10). */
export function TaxOfficerListPage() {
  return <OfficerListPage group="staff" />;
}

function OfficerListPage({ group }: { group: UserTypeGroup }) {
  const canRead = usePermission('officer:read');
  if (!canRead) return <NoAccess title={GROUP_PAGES[group].title} />;
  return <OfficerList group={group} />;
}

function OfficerList({ group }: { group: UserTypeGroup }) {
  const info = GROUP_PAGES[group];
  useDocumentTitle(`${info.title} · RevDesk`);
  const canWrite = usePermission('officer:write');
  const search = OfficerListSearch.parse(useSearch({ strict: false }));
  const list = useQuery(officerListQuery(group, search));

  const setSearch = useSetListSearch<OfficerListSearch>();
  const clearFilters = () => setSearch(clearedFilters<OfficerListSearch>(FILTER_KEYS));
  const isEmpty = list.data !== undefined && list.data.total === 0 && !list.isPlaceholderData;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {info.title}
        </Title>
        <Group gap="sm">
          <ExportButtons hrefOf={(format) => officerExportUrl(group, search, format)} />
          {canWrite && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={() => setSearch({ add: true }, false)}
            >
              {info.addLabel}
            </Button>
          )}
        </Group>
      </Group>

      <ThrottledSignIns group={group} onOpen={(id) => setSearch({ officer: id }, false)} />

      <OfficerFilters
        group={group}
        search={search}
        onChange={(change) => setSearch({ ...change, page: undefined })}
        onClear={clearFilters}
      />

      {list.isError ? (
        <ListLoadError
          what="The officers"
          error={list.error}
          isRetrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : list.isPending ? (
        <TableSkeleton {...OFFICER_TABLE} withPage={false} />
      ) : isEmpty ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm">
            <IconSearchOff size={32} aria-hidden="true" />
            {hasFilters(search) ? (
              <>
                <Text fw={600}>No {info.plural} match these filters.</Text>
                <Button variant="light" onClick={clearFilters}>
                  Clear filters
                </Button>
              </>
            ) : (
              <Text fw={600}>There are no {info.plural} yet.</Text>
            )}
          </Stack>
        </Paper>
      ) : (
        <OfficerTable
          label={info.title}
          data={list.data}
          isFetching={list.isFetching}
          sort={search.sort ?? 'surname'}
          showUserType={group === 'staff'}
          onOpen={(id) => setSearch({ officer: id }, false)}
          onPageChange={(page) => setSearch({ page: page === 1 ? undefined : page }, false)}
          onPageSizeChange={(pageSize) =>
            setSearch({ pageSize: pageSize === 50 ? undefined : pageSize, page: undefined })
          }
          onSortChange={(sort) => setSearch({ sort, page: undefined })}
        />
      )}

      {canWrite && (
        <CreateOfficerModal
          group={group}
          opened={search.add === true}
          onClose={() => setSearch({ add: undefined })}
          onCreated={(id) => setSearch({ add: undefined, officer: id })}
        />
      )}
      <OfficerDrawer
        officerId={search.officer}
        canWrite={canWrite}
        onClose={() => setSearch({ officer: undefined })}
      />
    </Stack>
  );
}
