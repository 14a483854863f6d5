import 'mantine-datatable/styles.css';
import '../../../styles/tables.css';
import '../../../styles/forms.css';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus, IconSearchOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import type { TaxpayerKind } from '../../../../shared/taxpayers';
import {
  clearedFilters,
  ExportButtons,
  ListLoadError,
  useSetListSearch,
} from '../../../lib/lists/listPage';
import { TAXPAYER_TABLE } from '../../../lib/pending/pendingShapes';
import { TableSkeleton } from '../../../lib/pending/skeletons';
import { useLazyDialog } from '../../../lib/useLazyDialog';
import { usePermission } from '../../../lib/usePermission';
import { NoAccess } from '../../pages/NoAccess';
import { KIND_PAGES } from '../format';
import { effectiveSort, FILTER_KEYS, hasFilters, TaxpayerListSearch } from '../listSearch';
import { taxpayerExportUrl, taxpayerListQuery } from '../queries';
import { TaxpayerFilters } from './TaxpayerFilters';
import { TaxpayerTable } from './TaxpayerTable';

/** The registration form validates with zod: fetched when it opens (DESIGN.md §9 "Web"). */
const loadRegisterModal = () =>
  import('../form/RegisterTaxpayerModal').then((module) => module.RegisterTaxpayerModal);

export function IndividualTaxpayersPage() {
  return <TaxpayerListPage kind="individual" />;
}

export function CorporateTaxpayersPage() {
  return <TaxpayerListPage kind="corporate" />;
}

/**
 * SPEC.md §2 taxpayer/individual-taxpayer and taxpayer/corporate-taxpayer. Open to every
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
  const search = TaxpayerListSearch.parse(useSearch({ strict: false }));
  const list = useQuery(taxpayerListQuery(kind, search));

  const setSearch = useSetListSearch<TaxpayerListSearch>();
  const register = useLazyDialog(loadRegisterModal, canWrite && search.register === true);
  const clearFilters = () => setSearch(clearedFilters<TaxpayerListSearch>(FILTER_KEYS));

  const isEmpty = list.data !== undefined && list.data.total === 0 && !list.isPlaceholderData;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {info.title}
        </Title>
        <Group gap="sm">
          <ExportButtons hrefOf={(format) => taxpayerExportUrl(kind, search, format)} />
          {canWrite && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={() => setSearch({ register: true }, false)}
            >
              {info.registerLabel}
            </Button>
          )}
        </Group>
      </Group>

      <TaxpayerFilters
        kind={kind}
        search={search}
        onChange={(change) => setSearch({ ...change, page: undefined })}
        onClear={clearFilters}
      />

      {list.isError ? (
        <ListLoadError
          what="The taxpayers"
          error={list.error}
          isRetrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : list.isPending ? (
        <TableSkeleton {...TAXPAYER_TABLE} withPage={false} />
      ) : isEmpty ? (
        <EmptyList
          noun={info.noun}
          filtered={hasFilters(search)}
          searchTerm={search.search}
          onClear={clearFilters}
        />
      ) : (
        <TaxpayerTable
          kind={kind}
          data={list.data}
          isFetching={list.isFetching}
          sort={effectiveSort(search)}
          onPageChange={(page) => setSearch({ page: page === 1 ? undefined : page }, false)}
          onPageSizeChange={(pageSize) =>
            setSearch({ pageSize: pageSize === 50 ? undefined : pageSize, page: undefined })
          }
          onSortChange={(sort) => setSearch({ sort, page: undefined })}
        />
      )}

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

function EmptyList(props: {
  noun: string;
  filtered: boolean;
  searchTerm: string | undefined;
  onClear: () => void;
}) {
  const what = props.noun === 'company' ? 'companies' : 'individuals';
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm">
        <IconSearchOff size={32} aria-hidden="true" />
        {props.filtered ? (
          <>
            <Text fw={600}>
              No taxpayers match{' '}
              {props.searchTerm ? `“${props.searchTerm}” and these filters` : 'these filters'}.
            </Text>
            <Text size="sm" c="dimmed">
              Check the spelling, or clear the filters to see every registered {props.noun}.
            </Text>
            <Button variant="light" onClick={props.onClear}>
              Clear filters
            </Button>
          </>
        ) : (
          <Text fw={600}>No {what} are registered yet.</Text>
        )}
      </Stack>
    </Paper>
  );
}
