import { MDA_CATEGORIES, MDA_CATEGORY_LABELS } from '../../../shared/mdas/enums';
import {
  countActiveFilters,
  FilterActiveStatus,
  FilterBar,
  FilterSelect,
  FilterText,
} from '../../lib/lists/filters';
import { MdaListSearch } from './listSearch';

/** The search box and filters; every change goes to the URL (docs/architecture.md §11.8). */
export function MdaFilters(props: {
  search: MdaListSearch;
  onChange: (change: Partial<MdaListSearch>) => void;
  onClear: () => void;
}) {
  const { search, onChange } = props;
  return (
    <FilterBar
      activeCount={countActiveFilters(search, MdaListSearch.filterKeys)}
      onClear={props.onClear}
    >
      <FilterText
        isSearch
        label="Search"
        placeholder="Code, name or short name"
        value={search.search}
        onChange={(term) => onChange({ search: term })}
        width={{ base: '100%', sm: 300 }}
      />
      <FilterSelect
        label="Category"
        placeholder="All categories"
        values={MDA_CATEGORIES}
        labels={MDA_CATEGORY_LABELS}
        value={search.category}
        onChange={(category) => onChange({ category })}
        width={190}
      />
      <FilterActiveStatus value={search.status} onChange={(status) => onChange({ status })} />
    </FilterBar>
  );
}
