import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { reportMdasQuery } from './queries';

/**
 * A report's MDA: one of those the officer may see (the server lists MDA staff theirs only).
 * `anyLabel` offers "all of them"; without it an MDA must be chosen.
 */
export function MdaSelect(props: {
  value: string | undefined;
  onChange: (mdaId: string | undefined) => void;
  anyLabel?: string;
}) {
  const mdas = useQuery(reportMdasQuery());
  const options = (mdas.data ?? []).map((m) => ({ value: m.id, label: `${m.code} · ${m.name}` }));
  return (
    <Select
      label="MDA"
      data={options}
      value={props.value ?? null}
      placeholder={props.anyLabel ?? 'Choose an MDA'}
      clearable={props.anyLabel !== undefined}
      searchable
      nothingFoundMessage="No MDA matches"
      error={mdas.isError ? 'The MDAs could not be loaded; reload the page.' : undefined}
      onChange={(value) => props.onChange(value ?? undefined)}
      w={{ base: '100%', xs: 280 }}
    />
  );
}
