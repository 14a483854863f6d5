import { Checkbox } from '@mantine/core';
import { TCC_PURPOSE_LABELS, TCC_PURPOSES, TCC_STATUS_LABELS } from '../../../../shared/tcc/enums';
import type { TccScreen } from '../../../../shared/tcc/lists';
import {
  countActiveFilters,
  FilterBar,
  FilterDateRange,
  FilterSelect,
  FilterText,
} from '../../../lib/lists/filters';
import { TccListSearch } from '../common/tccSearch';

type FilterChange = Partial<Pick<TccListSearch, (typeof TccListSearch.filterKeys)[number]>>;

type Props = {
  screen: Pick<TccScreen, 'statuses'>;
  search: TccListSearch;
  onChange: (change: FilterChange) => void;
  onClear: () => void;
  /** The list is fixed to the officer's own certificates: no "Only mine" box. */
  isMineFixed?: boolean;
};

/**
 * Search and filters of a TCC list; every change goes to the URL (docs/architecture.md §11.8). The status
 * filter offers only the screen's statuses (TCC_SCREENS), and only when it has several.
 */
export function TccFilters({ screen, search, onChange, onClear, isMineFixed = false }: Props) {
  const keys = TccListSearch.filterKeys.filter((key) => !isMineFixed || key !== 'mine');
  return (
    <FilterBar activeCount={countActiveFilters(search, keys)} onClear={onClear}>
      <FilterText
        label="Search"
        placeholder="Certificate number, BTIN or name"
        value={search.search}
        onChange={(value) => onChange({ search: value })}
        width={{ base: '100%', sm: 280 }}
        isSearch
      />
      {screen.statuses.length > 1 && (
        <FilterSelect
          label="Status"
          placeholder="Any status"
          values={screen.statuses}
          labels={TCC_STATUS_LABELS}
          value={search.status}
          onChange={(status) => onChange({ status })}
          width={250}
        />
      )}
      <FilterSelect
        label="Purpose"
        placeholder="Any purpose"
        values={TCC_PURPOSES}
        labels={TCC_PURPOSE_LABELS}
        value={search.purpose}
        onChange={(purpose) => onChange({ purpose })}
        width={230}
      />
      <FilterDateRange
        labels={['Generated from', 'Generated to']}
        from={search.generatedFrom}
        to={search.generatedTo}
        onChange={(range) => onChange({ generatedFrom: range.from, generatedTo: range.to })}
        width={150}
      />
      {!isMineFixed && (
        <Checkbox
          label="Only mine"
          checked={search.mine === true}
          onChange={(event) => onChange({ mine: event.currentTarget.checked ? true : undefined })}
          mb={8}
        />
      )}
    </FilterBar>
  );
}
