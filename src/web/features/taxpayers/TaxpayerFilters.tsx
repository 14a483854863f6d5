import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BAYELSA_STATE_ID } from '../../../shared/reference';
import { STATUSES_BY_KIND, type TaxpayerKind } from '../../../shared/taxpayers';
import { statusLabel } from './format';
import { hasFilters, type TaxpayerListSearch } from './listSearch';
import { lgasQuery } from './queries';

/** Long enough to let a word be typed, short enough to feel immediate. */
const SEARCH_DEBOUNCE_MS = 300;

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
  const [term, setTerm] = useState(search.search ?? '');
  const { data: lgas = [] } = useQuery(lgasQuery(BAYELSA_STATE_ID));
  const applyTerm = useDebouncedCallback((value: string) => {
    onChange({ search: value.trim() === '' ? undefined : value.trim() });
  }, SEARCH_DEBOUNCE_MS);

  // "Clear filters", the back button or a link changed the URL: the box follows it.
  useEffect(() => {
    setTerm((current) =>
      current.trim() === (search.search ?? '') ? current : (search.search ?? ''),
    );
  }, [search.search]);

  const placeholder =
    kind === 'individual'
      ? 'Name, BTIN, NIN, e-mail or phone'
      : 'Registered name, BTIN, CAC number, e-mail or phone';

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        type="search"
        label="Search"
        placeholder={placeholder}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={term}
        onChange={(event) => {
          setTerm(event.currentTarget.value);
          applyTerm(event.currentTarget.value);
        }}
        w={{ base: '100%', sm: 320 }}
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
      <TextInput
        type="date"
        label="Registered from"
        value={search.registeredFrom ?? ''}
        max={search.registeredTo}
        onChange={(event) => onChange({ registeredFrom: event.currentTarget.value || undefined })}
        w={170}
      />
      <TextInput
        type="date"
        label="Registered to"
        value={search.registeredTo ?? ''}
        min={search.registeredFrom}
        onChange={(event) => onChange({ registeredTo: event.currentTarget.value || undefined })}
        w={170}
      />
      {hasFilters(search) && (
        <Button
          variant="subtle"
          leftSection={<IconX size={16} aria-hidden="true" />}
          onClick={onClear}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
