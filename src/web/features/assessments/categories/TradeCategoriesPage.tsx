import 'mantine-datatable/styles.css';
import '../../../styles/tables.css';
import '../../../styles/forms.css';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBuildingStore, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import type { TradeCategoryView } from '../../../../shared/assessments/categories';
import {
  clearedFilters,
  ExportButtons,
  ListLoadError,
  useSetListSearch,
} from '../../../lib/lists/listPage';
import { TableSkeleton } from '../../../lib/pending/skeletons';
import { usePermission } from '../../../lib/usePermission';
import { NoAccess } from '../../pages/NoAccess';
import { tradeCategoryListQuery } from '../common/queries';
import { CategoryFilters } from './CategoryFilters';
import { CategoryFormModal } from './CategoryFormModal';
import { CategoryTable } from './CategoryTable';
import {
  CATEGORY_FILTER_KEYS,
  CategoryListSearch,
  categoryExportUrl,
  categoryParams,
  hasCategoryFilters,
} from './categorySearch';

const CATEGORY_TABLE = { label: 'Loading the trade categories…', columns: 4 } as const;

/**
 * admin/trade-categories: the trade categories of presumptive tax (domain/tax-rules.md,
 * "Presumptive tax"). An administrator adds and edits them; an officer who reads them
 * (trade-category:read) sees the same list without the buttons. The server checks both.
 */
export function TradeCategoriesPage() {
  const canRead = usePermission('trade-category:read');
  const canWrite = usePermission('trade-category:write');
  if (!canRead) return <NoAccess title="Trade Categories" />;
  return <CategoriesList canWrite={canWrite} />;
}

function CategoriesList({ canWrite }: { canWrite: boolean }) {
  useDocumentTitle('Trade Categories · RevDesk');
  const search = CategoryListSearch.parse(useSearch({ strict: false }));
  const list = useQuery(tradeCategoryListQuery(categoryParams(search)));
  const [editing, setEditing] = useState<TradeCategoryView | null>(null);

  const setSearch = useSetListSearch<CategoryListSearch>();
  const clearFilters = () => setSearch(clearedFilters<CategoryListSearch>(CATEGORY_FILTER_KEYS));
  const openNew = () => setSearch({ add: true }, false);

  const isEmpty = list.data !== undefined && list.data.total === 0 && !list.isPlaceholderData;
  const hasDemo = list.data?.items.some((category) => category.isDemo) ?? false;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Trade Categories
          </Title>
          <Text c="dimmed" size="sm">
            What a market trader or artisan pays as presumptive tax: a fixed yearly amount by size,
            or a percentage of turnover above an exempt threshold.
            {canWrite ? '' : ' Only an administrator can change them.'}
          </Text>
        </Stack>
        <Group gap="sm">
          <ExportButtons hrefOf={(format) => categoryExportUrl(search, format)} />
          {canWrite && (
            <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={openNew}>
              New category
            </Button>
          )}
        </Group>
      </Group>

      <CategoryFilters
        search={search}
        onChange={(change) => setSearch({ ...change, page: undefined })}
        onClear={clearFilters}
      />

      {hasDemo && (
        <Text size="sm" c="dimmed">
          Categories marked &ldquo;Demo value&rdquo; came with the demo data: their amounts are made
          up, not the state&rsquo;s published table.
        </Text>
      )}

      {list.isError ? (
        <ListLoadError
          what="The trade categories"
          error={list.error}
          isRetrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : list.isPending ? (
        <TableSkeleton {...CATEGORY_TABLE} withPage={false} />
      ) : isEmpty ? (
        <EmptyList
          filtered={hasCategoryFilters(search)}
          canWrite={canWrite}
          onClear={clearFilters}
          onAdd={openNew}
        />
      ) : (
        <CategoryTable
          data={list.data}
          isFetching={list.isFetching}
          canWrite={canWrite}
          onEdit={setEditing}
          onPageChange={(page) => setSearch({ page: page === 1 ? undefined : page }, false)}
          onPageSizeChange={(pageSize) =>
            setSearch({ pageSize: pageSize === 50 ? undefined : pageSize, page: undefined })
          }
        />
      )}

      {canWrite && (
        <CategoryFormModal
          opened={search.add === true || editing !== null}
          category={editing}
          onClose={() => {
            setEditing(null);
            if (search.add) setSearch({ add: undefined });
          }}
        />
      )}
    </Stack>
  );
}

function EmptyList(props: {
  filtered: boolean;
  canWrite: boolean;
  onClear: () => void;
  onAdd: () => void;
}) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm">
        <IconBuildingStore size={32} aria-hidden="true" />
        {props.filtered ? (
          <>
            <Text fw={600}>No trade category matches these filters.</Text>
            <Button variant="light" onClick={props.onClear}>
              Clear filters
            </Button>
          </>
        ) : (
          <>
            <Text fw={600}>No trade categories are set up yet.</Text>
            {props.canWrite && (
              <Button variant="light" onClick={props.onAdd}>
                Add the first category
              </Button>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
