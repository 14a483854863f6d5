import {
  TRADE_CATEGORY_RULE_LABELS,
  TRADE_CATEGORY_RULES,
} from '../../../../shared/assessments/enums';
import {
  countActiveFilters,
  FilterActiveStatus,
  FilterBar,
  FilterSelect,
  FilterText,
} from '../../../lib/lists/filters';
import { CategoryListSearch } from './categorySearch';

/** The search box and filters of the trade categories; every change goes to the URL. */
export function CategoryFilters(props: {
  search: CategoryListSearch;
  onChange: (change: Partial<CategoryListSearch>) => void;
  onClear: () => void;
}) {
  const { search, onChange } = props;
  return (
    <FilterBar
      activeCount={countActiveFilters(search, CategoryListSearch.filterKeys)}
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
      <FilterSelect
        label="Rule"
        placeholder="Both rules"
        values={TRADE_CATEGORY_RULES}
        labels={TRADE_CATEGORY_RULE_LABELS}
        value={search.rule}
        onChange={(rule) => onChange({ rule })}
        width={300}
      />
      <FilterActiveStatus value={search.status} onChange={(status) => onChange({ status })} />
    </FilterBar>
  );
}
