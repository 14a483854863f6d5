import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { MDA_CATEGORIES, MDA_CATEGORY_LABELS } from '../../../shared/mdas/enums';
import { hasFilters, type MdaListSearch } from './listSearch';

/** Long enough to let a word be typed, short enough to feel immediate. */
const SEARCH_DEBOUNCE_MS = 300;

type FilterChange = Partial<Pick<MdaListSearch, 'search' | 'category' | 'status'>>;

/** The search box and filters; every change goes to the URL (STYLE.md §8). */
export function MdaFilters(props: {
  search: MdaListSearch;
  onChange: (change: FilterChange) => void;
  onClear: () => void;
}) {
  const { search, onChange } = props;
  const [term, setTerm] = useState(search.search ?? '');
  const applyTerm = useDebouncedCallback((value: string) => {
    onChange({ search: value.trim() === '' ? undefined : value.trim() });
  }, SEARCH_DEBOUNCE_MS);

  // "Clear filters", the back button or a link changed the URL: the box follows it.
  useEffect(() => {
    setTerm((current) =>
      current.trim() === (search.search ?? '') ? current : (search.search ?? ''),
    );
  }, [search.search]);

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        type="search"
        label="Search"
        placeholder="Code, name or short name"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={term}
        onChange={(event) => {
          setTerm(event.currentTarget.value);
          applyTerm(event.currentTarget.value);
        }}
        w={{ base: '100%', sm: 300 }}
      />
      <Select
        label="Category"
        placeholder="All categories"
        data={MDA_CATEGORIES.map((c) => ({ value: c, label: MDA_CATEGORY_LABELS[c] }))}
        value={search.category ?? null}
        onChange={(value) =>
          onChange({ category: (value ?? undefined) as MdaListSearch['category'] })
        }
        clearable
        w={190}
      />
      <Select
        label="Status"
        placeholder="Active and inactive"
        data={[
          { value: 'active', label: 'Active' },
          { value: 'inactive', label: 'Inactive' },
        ]}
        value={search.status ?? null}
        onChange={(value) => onChange({ status: (value ?? undefined) as MdaListSearch['status'] })}
        clearable
        w={190}
      />
      {hasFilters(search) && (
        <Button
          variant="subtle"
          leftSection={<IconX size={16} aria-hidden="true" />}
          onClick={props.onClear}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
