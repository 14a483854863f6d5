import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { UserTypeGroup } from '../../../../shared/officers';
import { countActiveFilters, FilterBar, FilterText } from '../../../lib/lists/filters';
import { GROUP_PAGES, userTypeOptions } from '../format';
import { OfficerListSearch } from '../listSearch';
import { mdaOptionsQuery } from '../queries';

type FilterChange = Partial<Pick<OfficerListSearch, 'search' | 'userType' | 'mdaId' | 'state'>>;

const STATE_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'throttled', label: 'Sign-in throttled' },
  { value: 'inactive', label: 'Deactivated' },
];

/** Search and filters of an officer list; every change goes to the URL (STYLE.md §8). */
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
        <Select
          label="User type"
          placeholder="All user types"
          data={userTypeOptions(GROUP_PAGES.staff.userTypes)}
          value={search.userType ?? null}
          onChange={(value) =>
            onChange({ userType: (value ?? undefined) as OfficerListSearch['userType'] })
          }
          searchable
          clearable
          w={250}
        />
      )}
      <Select
        label="MDA"
        placeholder={mdas.isError ? 'MDAs could not be loaded' : 'All MDAs'}
        data={(mdas.data ?? []).map((mda) => ({ value: mda.id, label: mda.name }))}
        value={search.mdaId ?? null}
        onChange={(value) => onChange({ mdaId: value ?? undefined })}
        searchable
        clearable
        nothingFoundMessage="No MDA of that name"
        w={260}
      />
      <Select
        label="State"
        placeholder="Any state"
        data={STATE_OPTIONS}
        value={search.state ?? null}
        onChange={(value) =>
          onChange({ state: (value ?? undefined) as OfficerListSearch['state'] })
        }
        clearable
        w={160}
      />
    </FilterBar>
  );
}
