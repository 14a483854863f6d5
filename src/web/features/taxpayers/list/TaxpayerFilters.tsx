import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BAYELSA_STATE_ID } from '../../../../shared/states';
import { STATUSES_BY_KIND, type TaxpayerKind } from '../../../../shared/taxpayers/enums';
import {
  countActiveFilters,
  FilterBar,
  FilterDateRange,
  FilterText,
} from '../../../lib/lists/filters';
import { statusLabel } from '../format';
import { TaxpayerListSearch } from '../listSearch';
import { lgasQuery } from '../queries';

type FilterChange = Partial<
  Pick<TaxpayerListSearch, 'search' | 'lga' | 'status' | 'registeredFrom' | 'registeredTo'>
>;

type Props = {
  kind: TaxpayerKind;
  search: TaxpayerListSearch;
  onChange: (change: FilterChange) => void;
  onClear: () => void;
};

/** The list's search box and filters; every change goes to the URL (STYLE.md §8). */
export function TaxpayerFilters({ kind, search, onChange, onClear }: Props) {
  const { data: lgas = [] } = useQuery(lgasQuery(BAYELSA_STATE_ID));
  const placeholder =
    kind === 'individual'
      ? 'Name, BTIN, NIN, e-mail or phone'
      : 'Registered name, BTIN, CAC number, e-mail or phone';

  return (
    <FilterBar
      activeCount={countActiveFilters(search, TaxpayerListSearch.filterKeys)}
      onClear={onClear}
    >
      <FilterText
        isSearch
        label="Search"
        placeholder={placeholder}
        value={search.search}
        onChange={(term) => onChange({ search: term })}
        width={{ base: '100%', sm: 320 }}
      />
      <Select
        label="LGA"
        placeholder="All LGAs"
        data={lgas.map((lga) => ({ value: String(lga.id), label: lga.name }))}
        value={search.lga === undefined ? null : String(search.lga)}
        onChange={(value) => onChange({ lga: value === null ? undefined : Number(value) })}
        searchable
        clearable
        nothingFoundMessage="No LGA of that name"
        w={200}
      />
      <Select
        label="Status"
        placeholder="Any status"
        data={STATUSES_BY_KIND[kind].map((status) => ({
          value: status,
          label: statusLabel(status),
        }))}
        value={search.status ?? null}
        onChange={(value) =>
          onChange({ status: (value ?? undefined) as TaxpayerListSearch['status'] })
        }
        clearable
        w={160}
      />
      <FilterDateRange
        labels={['Registered from', 'Registered to']}
        from={search.registeredFrom}
        to={search.registeredTo}
        onChange={(range) => onChange({ registeredFrom: range.from, registeredTo: range.to })}
        width={170}
      />
    </FilterBar>
  );
}
