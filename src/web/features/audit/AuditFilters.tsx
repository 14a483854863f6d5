import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  countActiveFilters,
  FilterBar,
  FilterDateRange,
  FilterText,
} from '../../lib/lists/filters';
import { AuditTrailSearch } from './auditSearch';
import { auditActionsQuery } from './queries';

type TextKey = 'actor' | 'entityType' | 'entityId';
type FilterChange = Partial<Pick<AuditTrailSearch, TextKey | 'action' | 'from' | 'to'>>;

type Props = {
  search: AuditTrailSearch;
  onChange: (change: FilterChange) => void;
  onClear: () => void;
};

/** Each action, and above them "every action of" each entity (`officer.` matches officer.*). */
function actionOptions(actions: readonly string[]) {
  const prefixes = [...new Set(actions.map((action) => action.split('.')[0]))].sort();
  return [
    {
      group: 'Every action of',
      items: prefixes.map((prefix) => ({ value: `${prefix}.`, label: `${prefix}.*` })),
    },
    { group: 'One action', items: actions.map((action) => ({ value: action, label: action })) },
  ];
}

/** The trail's filters: actor, action, entity, days. Every change goes to the URL (docs/architecture.md §11.8). */
export function AuditFilters({ search, onChange, onClear }: Props) {
  const actions = useQuery(auditActionsQuery());
  const options = actionOptions(actions.data ?? []);
  // A bookmarked action the trail does not hold (yet) stays selectable rather than vanishing.
  if (search.action && !options.some((g) => g.items.some((i) => i.value === search.action))) {
    options[1]?.items.push({ value: search.action, label: search.action });
  }

  return (
    <FilterBar
      activeCount={countActiveFilters(search, AuditTrailSearch.filterKeys)}
      onClear={onClear}
    >
      <FilterText
        label="Actor"
        placeholder="Username or Officer ID"
        value={search.actor}
        onChange={(actor) => onChange({ actor })}
        width={200}
      />
      <Select
        label="Action"
        placeholder={actions.isError ? 'Actions could not be loaded' : 'Any action'}
        data={options}
        value={search.action ?? null}
        onChange={(action) => onChange({ action: action ?? undefined })}
        searchable
        clearable
        nothingFoundMessage="No action of that name"
        w={220}
      />
      <FilterText
        label="Entity type"
        placeholder="e.g. officer, taxpayer"
        value={search.entityType}
        onChange={(entityType) => onChange({ entityType })}
        width={140}
      />
      <FilterText
        label="Entity ID"
        placeholder="Exact id"
        value={search.entityId}
        onChange={(entityId) => onChange({ entityId })}
        width={170}
      />
      <FilterDateRange
        labels={['From', 'To']}
        from={search.from}
        to={search.to}
        onChange={(range) => onChange({ from: range.from, to: range.to })}
        width={150}
      />
    </FilterBar>
  );
}
