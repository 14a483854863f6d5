import 'mantine-datatable/styles.css';
import '../../../styles/tables.css';
import '../../../styles/forms.css';
import { Button, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBuildingStore, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TradeCategoryView } from '../../../../shared/assessments/categories';
import { useLazyDialog } from '../../../lib/dialogs/useLazyDialog';
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
import { tradeCategoryListQuery } from '../common/queries';
import { CategoryFilters } from './CategoryFilters';
import { CategoryTable } from './CategoryTable';
import { CategoryListSearch, categoryExportUrl, categoryParams } from './categorySearch';

/** The category form validates with zod: fetched when it opens (docs/architecture.md §9 "Web"). */
const loadCategoryForm = () =>
  import('./CategoryFormModal').then((module) => module.CategoryFormModal);

const CATEGORY_TABLE = { label: 'Loading the trade categories…', columns: 4 } as const;

/**
 * admin/trade-categories: the trade categories of presumptive tax (docs/tax-rules.md,
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
  const list = useListSearch(CategoryListSearch);
  const { search, setSearch } = list;
  const query = useQuery(tradeCategoryListQuery(categoryParams(search)));
  const [editing, setEditing] = useState<TradeCategoryView | null>(null);
  const openNew = () => setSearch({ add: true }, false);
  const form = useLazyDialog(
    loadCategoryForm,
    canWrite && (search.add === true || editing !== null),
  );
  const hasDemo = query.data?.items.some((category) => category.isDemo) ?? false;

  return (
    <Stack gap="lg">
      <ListHeader
        title="Trade Categories"
        description={`What a market trader or artisan pays as presumptive tax: a fixed yearly amount by size, or a percentage of turnover above an exempt threshold.${canWrite ? '' : ' Only an administrator can change them.'}`}
      >
        <ExportButtons hrefOf={(format) => categoryExportUrl(search, format)} />
        {canWrite && (
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={openNew}>
            New category
          </Button>
        )}
      </ListHeader>

      <CategoryFilters search={search} onChange={list.setFilters} onClear={list.clearFilters} />

      {hasDemo && (
        <Text size="sm" c="dimmed">
          Categories marked &ldquo;Demo value&rdquo; came with the demo data: their amounts are made
          up, not the state&rsquo;s published table.
        </Text>
      )}

      <ListBody
        query={query}
        what="The trade categories"
        skeleton={<TableSkeleton {...CATEGORY_TABLE} withPage={false} />}
        empty={
          <ListEmpty
            icon={<IconBuildingStore size={32} aria-hidden="true" />}
            filtered={list.hasFilters}
            onClear={list.clearFilters}
            noMatch="No trade category matches these filters."
            none="No trade categories are set up yet."
            noneHint={
              canWrite && (
                <Button variant="light" onClick={openNew}>
                  Add the first category
                </Button>
              )
            }
          />
        }
      >
        {(data) => (
          <CategoryTable
            data={data}
            isFetching={query.isFetching}
            canWrite={canWrite}
            onEdit={setEditing}
            onPageChange={list.onPageChange}
            onPageSizeChange={list.onPageSizeChange}
          />
        )}
      </ListBody>

      {canWrite && form.Dialog && (
        <form.Dialog
          opened={form.opened}
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
