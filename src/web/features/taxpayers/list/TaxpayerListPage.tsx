import 'mantine-datatable/styles.css';
import '../../../styles/tables.css';
import '../../../styles/forms.css';
import { Button, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TaxpayerKind } from '../../../../shared/taxpayers';
import { useLazyDialog } from '../../../lib/dialogs/useLazyDialog';
import {
  ExportButtons,
  ListBody,
  ListEmpty,
  ListHeader,
  useListSearch,
} from '../../../lib/lists/listPage';
import { TAXPAYER_TABLE } from '../../../lib/pending/pendingShapes';
import { TableSkeleton } from '../../../lib/pending/skeletons';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { KIND_PAGES } from '../format';
import { effectiveSort, TaxpayerListSearch } from '../listSearch';
import { taxpayerExportUrl, taxpayerListQuery } from '../queries';
import { TaxpayerFilters } from './TaxpayerFilters';
import { TaxpayerTable } from './TaxpayerTable';

/** The registration form validates with zod: fetched when it opens (docs/architecture.md §9 "Web"). */
const loadRegisterModal = () =>
  import('../form/RegisterTaxpayerModal').then((module) => module.RegisterTaxpayerModal);

export function IndividualTaxpayersPage() {
  return <TaxpayerListPage kind="individual" />;
}

export function CorporateTaxpayersPage() {
  return <TaxpayerListPage kind="corporate" />;
}

/**
 * docs/product.md §2 taxpayer/individual-taxpayer and taxpayer/corporate-taxpayer. Open to every
 * officer with taxpayer:read, whether or not the page is in their menu.
 */
function TaxpayerListPage({ kind }: { kind: TaxpayerKind }) {
  const canRead = usePermission('taxpayer:read');
  const info = KIND_PAGES[kind];
  if (!canRead) return <NoAccess title={info.title} />;
  return <TaxpayerList kind={kind} />;
}

function TaxpayerList({ kind }: { kind: TaxpayerKind }) {
  const info = KIND_PAGES[kind];
  useDocumentTitle(`${info.title} · RevDesk`);
  const canWrite = usePermission('taxpayer:write');
  const list = useListSearch(TaxpayerListSearch);
  const { search, setSearch } = list;
  const query = useQuery(taxpayerListQuery(kind, search));
  const register = useLazyDialog(loadRegisterModal, canWrite && search.register === true);
  const what = info.noun === 'company' ? 'companies' : 'individuals';

  return (
    <Stack gap="lg">
      <ListHeader title={info.title}>
        <ExportButtons hrefOf={(format) => taxpayerExportUrl(kind, search, format)} />
        {canWrite && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setSearch({ register: true }, false)}
          >
            {info.registerLabel}
          </Button>
        )}
      </ListHeader>

      <TaxpayerFilters
        kind={kind}
        search={search}
        onChange={list.setFilters}
        onClear={list.clearFilters}
      />

      <ListBody
        query={query}
        what="The taxpayers"
        skeleton={<TableSkeleton {...TAXPAYER_TABLE} withPage={false} />}
        empty={
          <ListEmpty
            filtered={list.hasFilters}
            onClear={list.clearFilters}
            noMatch={`No taxpayers match ${search.search ? `“${search.search}” and these filters` : 'these filters'}.`}
            noMatchHint={`Check the spelling, or clear the filters to see every registered ${info.noun}.`}
            none={`No ${what} are registered yet.`}
          />
        }
      >
        {(data) => (
          <TaxpayerTable
            kind={kind}
            data={data}
            isFetching={query.isFetching}
            sort={effectiveSort(search)}
            onPageChange={list.onPageChange}
            onPageSizeChange={list.onPageSizeChange}
            onSortChange={(sort) => list.setSort(sort)}
          />
        )}
      </ListBody>

      {canWrite && register.Dialog && (
        <register.Dialog
          kind={kind}
          opened={register.opened}
          onClose={() => setSearch({ register: undefined })}
        />
      )}
    </Stack>
  );
}
