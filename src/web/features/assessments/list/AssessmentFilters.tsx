import { Checkbox, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  ASSESSMENT_SOURCES,
  ASSESSMENT_STATUS_LABELS,
  ASSESSMENT_STATUSES,
  type AssessmentKind,
  type AssessmentSource,
} from '../../../../shared/assessments/enums';
import { BAYELSA_STATE_ID } from '../../../../shared/states';
import {
  countActiveFilters,
  FilterBar,
  FilterDateRange,
  FilterLookup,
  FilterSelect,
  FilterText,
} from '../../../lib/lists/filters';
import { lgasQuery } from '../../taxpayers/queries';
import { AssessmentListSearch } from '../common/assessmentSearch';
import { assessingOfficersQuery } from '../common/queries';

type FilterChange = Partial<
  Pick<AssessmentListSearch, (typeof AssessmentListSearch.filterKeys)[number]>
>;

const SOURCE_LABELS: Record<AssessmentSource, string> = {
  assessed: 'Assessed here',
  backlog: 'Backlog (past years)',
};

/** The years an officer can pick: this year and the next back to 2000, newest first. */
export function yearChoices(now: Date = new Date()): string[] {
  const latest = now.getFullYear() + 1;
  return Array.from({ length: latest - 2000 + 1 }, (_, index) => String(latest - index));
}

type Props = {
  kind: AssessmentKind;
  search: AssessmentListSearch;
  onChange: (change: FilterChange) => void;
  onClear: () => void;
};

/** Search and filters of an assessment list; every change goes to the URL (docs/architecture.md §11.8). */
export function AssessmentFilters({ kind, search, onChange, onClear }: Props) {
  const lgas = useQuery(lgasQuery(BAYELSA_STATE_ID));
  const officers = useQuery(assessingOfficersQuery(kind));
  return (
    <FilterBar
      activeCount={countActiveFilters(search, AssessmentListSearch.filterKeys)}
      onClear={onClear}
    >
      <FilterText
        label="Search"
        placeholder="BTIN, name or notice number"
        value={search.search}
        onChange={(value) => onChange({ search: value })}
        width={{ base: '100%', sm: 260 }}
        isSearch
      />
      <Select
        label="Year"
        placeholder="Any year"
        data={yearChoices()}
        value={search.taxYear === undefined ? null : String(search.taxYear)}
        onChange={(year) => onChange({ taxYear: year ? Number(year) : undefined })}
        searchable
        clearable
        w={120}
      />
      <FilterSelect
        label="Status"
        placeholder="Any status"
        values={ASSESSMENT_STATUSES}
        labels={ASSESSMENT_STATUS_LABELS}
        value={search.status}
        onChange={(status) => onChange({ status })}
        width={150}
      />
      <FilterSelect
        label="Source"
        placeholder="Assessed or backlog"
        values={ASSESSMENT_SOURCES}
        labels={SOURCE_LABELS}
        value={search.source}
        onChange={(source) => onChange({ source })}
        width={190}
      />
      <FilterLookup
        label="LGA"
        placeholder="Any LGA"
        plural="LGAs"
        noun="LGA"
        options={{
          isError: lgas.isError,
          data: lgas.data?.map((lga) => ({ value: String(lga.id), label: lga.name })),
        }}
        value={search.lgaId === undefined ? undefined : String(search.lgaId)}
        onChange={(lgaId) => onChange({ lgaId: lgaId ? Number(lgaId) : undefined })}
        width={190}
      />
      <FilterDateRange
        labels={['Issued from', 'Issued to']}
        from={search.issuedFrom}
        to={search.issuedTo}
        onChange={(range) => onChange({ issuedFrom: range.from, issuedTo: range.to })}
        width={150}
      />
      <FilterLookup
        label="Officer"
        placeholder="Any officer"
        plural="Officers"
        noun="officer"
        options={{
          isError: officers.isError,
          data: officers.data?.items.map((officer) => ({ value: officer.id, label: officer.name })),
        }}
        value={search.createdBy}
        onChange={(createdBy) => onChange({ createdBy, mine: undefined })}
        width={200}
      />
      <Checkbox
        label="Only mine"
        checked={search.mine === true}
        onChange={(event) =>
          onChange({ mine: event.currentTarget.checked ? true : undefined, createdBy: undefined })
        }
        mb={8}
      />
    </FilterBar>
  );
}
