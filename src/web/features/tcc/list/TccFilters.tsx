import { Checkbox, Select } from '@mantine/core';
import {
  TCC_PURPOSE_LABELS,
  TCC_PURPOSES,
  TCC_STATUS_LABELS,
  type TccPurpose,
  type TccStatus,
} from '../../../../shared/tcc/enums';
import type { TccScreen } from '../../../../shared/tcc/lists';
import {
  countActiveFilters,
  FilterBar,
  FilterDateRange,
  FilterText,
} from '../../../lib/lists/filters';
import { selectOptions } from '../../taxpayers/format';
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
 * Search and filters of a TCC list; every change goes to the URL (STYLE.md §8). The status
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
        <Select
          label="Status"
          placeholder="Any status"
          data={selectOptions(screen.statuses, TCC_STATUS_LABELS)}
          value={search.status && screen.statuses.includes(search.status) ? search.status : null}
          onChange={(status) => onChange({ status: (status as TccStatus | null) ?? undefined })}
          clearable
          w={250}
        />
      )}
      <Select
        label="Purpose"
        placeholder="Any purpose"
        data={selectOptions(TCC_PURPOSES, TCC_PURPOSE_LABELS)}
        value={search.purpose ?? null}
        onChange={(purpose) => onChange({ purpose: (purpose as TccPurpose | null) ?? undefined })}
        clearable
        w={230}
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
