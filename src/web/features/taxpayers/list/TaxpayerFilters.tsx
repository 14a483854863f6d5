import { useQuery } from '@tanstack/react-query';
import { BAYELSA_STATE_ID } from '../../../../shared/states';
import { STATUSES_BY_KIND, type TaxpayerKind } from '../../../../shared/taxpayers/enums';
import {
  countActiveFilters,
  FilterBar,
  FilterDateRange,
  FilterLookup,
  FilterSelect,
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

/** The list's search box and filters; every change goes to the URL (docs/architecture.md §11.8). */
export function TaxpayerFilters({ kind, search, onChange, onClear }: Props) {
  const lgas = useQuery(lgasQuery(BAYELSA_STATE_ID));
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
      <FilterLookup
        label="LGA"
        placeholder="All LGAs"
        plural="LGAs"
        noun="LGA"
        options={{
          isError: lgas.isError,
          data: lgas.data?.map((lga) => ({ value: String(lga.id), label: lga.name })),
        }}
        value={search.lga === undefined ? undefined : String(search.lga)}
        onChange={(lga) => onChange({ lga: lga === undefined ? undefined : Number(lga) })}
        width={200}
      />
      <FilterSelect
        label="Status"
        placeholder="Any status"
        values={STATUSES_BY_KIND[kind]}
        labels={statusLabel}
        value={search.status}
        onChange={(status) => onChange({ status })}
        width={160}
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
