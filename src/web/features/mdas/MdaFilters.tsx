import { Select } from '@mantine/core';
import { MDA_CATEGORIES, MDA_CATEGORY_LABELS } from '../../../shared/mdas/enums';
import { countActiveFilters, FilterBar, FilterText } from '../../lib/lists/filters';
import { FILTER_KEYS, type MdaListSearch } from './listSearch';

type FilterChange = Partial<Pick<MdaListSearch, 'search' | 'category' | 'status'>>;

/** The search box and filters; every change goes to the URL (STYLE.md §8). */
export function MdaFilters(props: {
  search: MdaListSearch;
  onChange: (change: FilterChange) => void;
  onClear: () => void;
}) {
  const { search, onChange } = props;
  return (
    <FilterBar activeCount={countActiveFilters(search, FILTER_KEYS)} onClear={props.onClear}>
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
    </FilterBar>
  );
}
