import { Checkbox, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  ASSESSMENT_STATUS_LABELS,
  ASSESSMENT_STATUSES,
  type AssessmentKind,
  type AssessmentSource,
  type AssessmentStatus,
} from '../../../../shared/assessments/enums';
import { BAYELSA_STATE_ID } from '../../../../shared/states';
import {
  countActiveFilters,
  FilterBar,
  FilterDateRange,
  FilterText,
} from '../../../lib/lists/filters';
import { selectOptions } from '../../taxpayers/format';
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

/** Search and filters of an assessment list; every change goes to the URL (STYLE.md §8). */
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
      <Select
        label="Status"
        placeholder="Any status"
        data={selectOptions(ASSESSMENT_STATUSES, ASSESSMENT_STATUS_LABELS)}
        value={search.status ?? null}
        onChange={(status) =>
          onChange({ status: (status as AssessmentStatus | null) ?? undefined })
        }
        clearable
        w={150}
      />
      <Select
        label="Source"
        placeholder="Assessed or backlog"
        data={selectOptions(['assessed', 'backlog'] as const, SOURCE_LABELS)}
        value={search.source ?? null}
        onChange={(source) =>
          onChange({ source: (source as AssessmentSource | null) ?? undefined })
        }
        clearable
        w={190}
      />
      <Select
        label="LGA"
        placeholder={lgas.isError ? 'LGAs could not be loaded' : 'Any LGA'}
        data={(lgas.data ?? []).map((lga) => ({ value: String(lga.id), label: lga.name }))}
        value={search.lgaId === undefined ? null : String(search.lgaId)}
        onChange={(lgaId) => onChange({ lgaId: lgaId ? Number(lgaId) : undefined })}
        searchable
        clearable
        nothingFoundMessage="No LGA of that name"
        w={190}
      />
      <FilterDateRange
        labels={['Issued from', 'Issued to']}
        from={search.issuedFrom}
        to={search.issuedTo}
        onChange={(range) => onChange({ issuedFrom: range.from, issuedTo: range.to })}
        width={150}
      />
      <Select
        label="Officer"
        placeholder={officers.isError ? 'Officers could not be loaded' : 'Any officer'}
        data={(officers.data?.items ?? []).map((officer) => ({
          value: officer.id,
          label: officer.name,
        }))}
        value={search.createdBy ?? null}
        onChange={(id) => onChange({ createdBy: id ?? undefined, mine: undefined })}
        searchable
        clearable
        nothingFoundMessage="No officer of that name"
        w={200}
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
