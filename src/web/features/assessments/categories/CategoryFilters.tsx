import { Select } from '@mantine/core';
import { TRADE_CATEGORY_RULE_LABELS } from '../../../../shared/assessments/categories';
import { TRADE_CATEGORY_RULES } from '../../../../shared/assessments/enums';
import { countActiveFilters, FilterBar, FilterText } from '../../../lib/lists/filters';
import { CATEGORY_FILTER_KEYS, type CategoryListSearch } from './categorySearch';

type FilterChange = Partial<Pick<CategoryListSearch, 'search' | 'status' | 'rule'>>;

/** The search box and filters of the trade categories; every change goes to the URL. */
export function CategoryFilters(props: {
  search: CategoryListSearch;
  onChange: (change: FilterChange) => void;
  onClear: () => void;
}) {
  const { search, onChange } = props;
  return (
    <FilterBar
      activeCount={countActiveFilters(search, CATEGORY_FILTER_KEYS)}
      onClear={props.onClear}
    >
      <FilterText
        isSearch
        label="Search"
        placeholder="Name or description"
        value={search.search}
        onChange={(term) => onChange({ search: term })}
        width={{ base: '100%', sm: 300 }}
      />
      <Select
        label="Rule"
        placeholder="Both rules"
        data={TRADE_CATEGORY_RULES.map((rule) => ({
          value: rule,
          label: TRADE_CATEGORY_RULE_LABELS[rule],
        }))}
        value={search.rule ?? null}
        onChange={(value) => onChange({ rule: (value ?? undefined) as CategoryListSearch['rule'] })}
        clearable
        w={300}
      />
      <Select
        label="Status"
        placeholder="Active and inactive"
        data={[
          { value: 'active', label: 'Active' },
          { value: 'inactive', label: 'Inactive' },
        ]}
        value={search.status ?? null}
        onChange={(value) =>
          onChange({ status: (value ?? undefined) as CategoryListSearch['status'] })
        }
        clearable
        w={190}
      />
    </FilterBar>
  );
}
