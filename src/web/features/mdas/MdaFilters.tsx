import { Button, Group, Select } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { MDA_CATEGORIES, MDA_CATEGORY_LABELS } from '../../../shared/mdas/enums';
import { FilterText } from '../../lib/filters';
import { hasFilters, type MdaListSearch } from './listSearch';

type FilterChange = Partial<Pick<MdaListSearch, 'search' | 'category' | 'status'>>;

/** The search box and filters; every change goes to the URL (STYLE.md §8). */
export function MdaFilters(props: {
  search: MdaListSearch;
  onChange: (change: FilterChange) => void;
  onClear: () => void;
}) {
  const { search, onChange } = props;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <FilterText
        isSearch
        label="Search"
        placeholder={'Code, name or short name'}
        value={search.search}
        onChange={(term) => onChange({ search: term })}
        width={{ base: '100%', sm: 300 }}
      />
      <Select
        label="Category"
        placeholder="All categories"
        data={MDA_CATEGORIES.map((c) => ({ value: c, label: MDA_CATEGORY_LABELS[c] }))}
        value={search.category ?? null}
        onChange={(value) =>
          onChange({ category: (value ?? undefined) as MdaListSearch['category'] })
        }
        clearable
        w={190}
      />
      <Select
        label="Status"
        placeholder="Active and inactive"
        data={[
          { value: 'active', label: 'Active' },
          { value: 'inactive', label: 'Inactive' },
        ]}
        value={search.status ?? null}
        onChange={(value) => onChange({ status: (value ?? undefined) as MdaListSearch['status'] })}
        clearable
        w={190}
      />
      {hasFilters(search) && (
        <Button
          variant="subtle"
          leftSection={<IconX size={16} aria-hidden="true" />}
          onClick={props.onClear}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
