import { useQuery } from '@tanstack/react-query';
import type { UserTypeGroup } from '../../../../shared/officers';
import { USER_TYPE_LABELS } from '../../../../shared/userTypeEnums';
import {
  countActiveFilters,
  FilterBar,
  FilterLookup,
  FilterSelect,
  FilterText,
} from '../../../lib/lists/filters';
import { GROUP_PAGES } from '../format';
import { OfficerListSearch } from '../listSearch';
import { mdaOptionsQuery } from '../queries';

type FilterChange = Partial<Pick<OfficerListSearch, 'search' | 'userType' | 'mdaId' | 'state'>>;

const STATES = ['active', 'throttled', 'inactive'] as const;
const STATE_LABELS = { active: 'Active', throttled: 'Sign-in throttled', inactive: 'Deactivated' };

/** Search and filters of an officer list; every change goes to the URL (docs/architecture.md §11.8). */
export function OfficerFilters(props: {
  group: UserTypeGroup;
  search: OfficerListSearch;
  onChange: (change: FilterChange) => void;
  onClear: () => void;
}) {
  const { group, search, onChange } = props;
  const mdas = useQuery(mdaOptionsQuery());
  return (
    <FilterBar
      activeCount={countActiveFilters(search, OfficerListSearch.filterKeys)}
      onClear={props.onClear}
    >
      <FilterText
        isSearch
        label="Search"
        placeholder={'Name, username, e-mail or officer ID'}
        value={search.search}
        onChange={(term) => onChange({ search: term })}
        width={{ base: '100%', sm: 320 }}
      />
      {group === 'staff' && (
        <FilterSelect
          label="User type"
          placeholder="All user types"
          values={GROUP_PAGES.staff.userTypes}
          labels={USER_TYPE_LABELS}
          value={search.userType}
          onChange={(userType) => onChange({ userType })}
          width={250}
          searchable
        />
      )}
      <FilterLookup
        label="MDA"
        placeholder="All MDAs"
        plural="MDAs"
        noun="MDA"
        options={{
          isError: mdas.isError,
          data: mdas.data?.map((mda) => ({ value: mda.id, label: mda.name })),
        }}
        value={search.mdaId}
        onChange={(mdaId) => onChange({ mdaId })}
        width={260}
      />
      <FilterSelect
        label="State"
        placeholder="Any state"
        values={STATES}
        labels={STATE_LABELS}
        value={search.state}
        onChange={(state) => onChange({ state })}
        width={160}
      />
    </FilterBar>
  );
}
