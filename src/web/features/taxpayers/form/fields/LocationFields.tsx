import { Select, SimpleGrid, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import type { ReferenceItem } from '../../../../../shared/reference';
import { lgasQuery, statesQuery, townsQuery } from '../../queries';
import type { LocationValues } from '../formValues';

export const toOptions = (items: readonly ReferenceItem[] = []) =>
  items.map((item) => ({ value: String(item.id), label: item.name }));

const toId = (value: string | null) => (value === null ? null : Number(value));

type AddressForm = UseFormReturnType<LocationValues & { address: string }>;

/** Address, then state → LGA → town: each list follows the choice above it. */
export function LocationFields({ form }: { form: AddressForm }) {
  const { stateId, lgaId } = form.values;
  const states = useQuery(statesQuery());
  const lgas = useQuery(lgasQuery(toId(stateId)));
  const towns = useQuery(townsQuery(toId(lgaId)));
  const noTowns = lgaId !== null && towns.isSuccess && towns.data.length === 0;

  const stateProps = form.getInputProps('stateId');
  const lgaProps = form.getInputProps('lgaId');

  return (
    <>
      <Textarea
        label="Address"
        required
        autosize
        minRows={2}
        maxLength={300}
        {...form.getInputProps('address')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label="State"
          required
          searchable
          nothingFoundMessage="No state of that name"
          data={toOptions(states.data)}
          {...stateProps}
          onChange={(value) => {
            stateProps.onChange(value);
            form.setFieldValue('lgaId', null);
            form.setFieldValue('townId', null);
          }}
        />
        <Select
          label="LGA"
          required
          searchable
          disabled={stateId === null}
          placeholder={stateId === null ? 'Choose the state first' : 'Choose the LGA'}
          nothingFoundMessage="No LGA of that name"
          data={toOptions(lgas.data)}
          {...lgaProps}
          onChange={(value) => {
            lgaProps.onChange(value);
            form.setFieldValue('townId', null);
          }}
        />
        <Select
          label="Town"
          searchable
          clearable
          disabled={lgaId === null || noTowns}
          placeholder={
            lgaId === null ? 'Choose the LGA first' : noTowns ? 'None listed' : 'Choose the town'
          }
          description={noTowns ? 'No towns listed for this LGA' : undefined}
          nothingFoundMessage="No town of that name"
          data={toOptions(towns.data)}
          {...form.getInputProps('townId')}
        />
      </SimpleGrid>
    </>
  );
}
