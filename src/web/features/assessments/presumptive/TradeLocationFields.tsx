import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { BAYELSA_STATE_ID } from '../../../../shared/states';
import { lgasQuery } from '../../taxpayers/queries';
import { FormSection } from '../form/FormSection';
import type { PresumptiveValues } from './presumptiveForm';

/**
 * Where the trader trades (an LGA of the service's state, the market, the street or stall) and
 * the officer's note, kept on the assessment.
 */
export function TradeLocationFields({ form }: { form: UseFormReturnType<PresumptiveValues> }) {
  const lgas = useQuery(lgasQuery(BAYELSA_STATE_ID));
  return (
    <FormSection title="Where the trade is">
      <Select
        label="LGA"
        searchable
        clearable
        placeholder={lgas.isPending ? 'Loading the LGAs…' : 'Choose the LGA'}
        data={(lgas.data ?? []).map((lga) => ({
          value: String(lga.id),
          label: lga.name,
        }))}
        {...form.getInputProps('lgaId')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Market"
          placeholder="e.g. Swali Market"
          {...form.getInputProps('market')}
        />
        <TextInput
          label="Street or stall"
          placeholder="e.g. Shop 14, Mbiama Road"
          {...form.getInputProps('street')}
        />
      </SimpleGrid>
      <Textarea
        label="Note"
        description="Optional: how the size or turnover was established"
        autosize
        minRows={2}
        maxLength={2000}
        {...form.getInputProps('evidenceNote')}
      />
    </FormSection>
  );
}
