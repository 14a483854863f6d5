import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { mdaOptionsQuery } from '../queries';

/**
 * The MDAs an officer may see the data of. Active MDAs are offered; one the officer already
 * holds stays listed (and removable) after it is deactivated.
 */
export function MdaPrivilegeSelect(props: Omit<MultiSelectProps, 'data'>) {
  const mdas = useQuery(mdaOptionsQuery());
  const held = new Set(props.value ?? []);
  const data = (mdas.data ?? [])
    .filter((mda) => mda.isActive || held.has(mda.id))
    .map((mda) => ({
      value: mda.id,
      label: mda.isActive ? `${mda.name} (${mda.code})` : `${mda.name} (${mda.code}, inactive)`,
    }));
  return (
    <MultiSelect
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage="No MDA of that name"
      placeholder={mdas.isError ? 'The MDAs could not be loaded' : 'Choose MDAs'}
      {...props}
      data={data}
      error={props.error ?? (mdas.isError ? mdas.error.message : undefined)}
    />
  );
}
