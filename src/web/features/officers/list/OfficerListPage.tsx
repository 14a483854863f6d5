import 'mantine-datatable/styles.css';
import '../../../styles/tables.css';
import '../../../styles/forms.css';
import { Button, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { UserTypeGroup } from '../../../../shared/officers';
import { useLazyDialog } from '../../../lib/dialogs/useLazyDialog';
import {
  ExportButtons,
  ListBody,
  ListEmpty,
  ListHeader,
  useListSearch,
} from '../../../lib/lists/listPage';
import { OFFICER_TABLE } from '../../../lib/pending/pendingShapes';
import { TableSkeleton } from '../../../lib/pending/skeletons';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { GROUP_PAGES } from '../format';
import { OfficerListSearch } from '../listSearch';
import { officerExportUrl, officerListQuery } from '../queries';
import { OfficerFilters } from './OfficerFilters';
import { OfficerTable } from './OfficerTable';
import { ThrottledSignIns } from './ThrottledSignIns';

/**
 * The new-officer form and the officer's drawer (its edit forms) validate with zod: fetched when
 * one opens (docs/architecture.md §9 "Web": zod stays off a list's first load).
 */
const loadCreateModal = () => import('../edit/dialogs').then((module) => module.CreateOfficerModal);
const loadDrawer = () => import('../edit/dialogs').then((module) => module.OfficerDrawer);

/** docs/product.md §2 admin/admin-list: the administrators. */
export function AdminListPage() {
  return <OfficerListPage group="admin" />;
}

/** docs/product.md §2 admin/tax-officer-list: every other officer, paginated (docs/architecture.md §10). */
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
  const list = useListSearch(OfficerListSearch);
  const { search, setSearch } = list;
  const query = useQuery(officerListQuery(group, search));
  const create = useLazyDialog(loadCreateModal, canWrite && search.add === true);
  const drawer = useLazyDialog(loadDrawer, search.officer !== undefined);

  return (
    <Stack gap="lg">
      <ListHeader title={info.title}>
        <ExportButtons hrefOf={(format) => officerExportUrl(group, search, format)} />
        {canWrite && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setSearch({ add: true }, false)}
          >
            {info.addLabel}
          </Button>
        )}
      </ListHeader>

      <ThrottledSignIns group={group} onOpen={(id) => setSearch({ officer: id }, false)} />

      <OfficerFilters
        group={group}
        search={search}
        onChange={list.setFilters}
        onClear={list.clearFilters}
      />

      <ListBody
        query={query}
        what="The officers"
        skeleton={<TableSkeleton {...OFFICER_TABLE} withPage={false} />}
        empty={
          <ListEmpty
            filtered={list.hasFilters}
            onClear={list.clearFilters}
            noMatch={`No ${info.plural} match these filters.`}
            none={`There are no ${info.plural} yet.`}
          />
        }
      >
        {(data) => (
          <OfficerTable
            label={info.title}
            data={data}
            isFetching={query.isFetching}
            sort={search.sort ?? 'surname'}
            showUserType={group === 'staff'}
            onOpen={(id) => setSearch({ officer: id }, false)}
            onPageChange={list.onPageChange}
            onPageSizeChange={list.onPageSizeChange}
            onSortChange={(sort) => list.setSort(sort)}
          />
        )}
      </ListBody>

      {canWrite && create.Dialog && (
        <create.Dialog
          group={group}
          opened={create.opened}
          onClose={() => setSearch({ add: undefined })}
          onCreated={(id) => setSearch({ add: undefined, officer: id })}
        />
      )}
      {drawer.Dialog && (
        <drawer.Dialog
          officerId={drawer.opened ? search.officer : undefined}
          canWrite={canWrite}
          onClose={() => setSearch({ officer: undefined })}
        />
      )}
    </Stack>
  );
}
