import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { todayInLagos } from '../../../../../shared/dates';
import {
  BUSINESS_TYPES,
  CAC_KINDS,
  LABELS,
  SECTORS,
  STATUSES_BY_KIND,
} from '../../../../../shared/taxpayers';
import { DateField } from '../../../../lib/dates/DateField';
import { selectOptions } from '../../../../lib/format';
import type { CorporateValues } from '../formValues';
import { ContactFields } from './ContactFields';
import { DirectorsFields } from './DirectorsFields';
import { FormSection } from './FormSection';

/** The company's fields, for registering and for editing (which adds the status). */
export function CorporateFields({
  form,
  isEdit,
}: {
  form: UseFormReturnType<CorporateValues>;
  isEdit: boolean;
}) {
  return (
    <>
      <FormSection legend="Company">
        <TextInput
          label="Registered name"
          description="As on the CAC certificate"
          data-autofocus
          required
          maxLength={200}
          {...form.getInputProps('registeredName')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="CAC registration kind"
            required
            allowDeselect={false}
            data={selectOptions(CAC_KINDS, LABELS.cacKind)}
            {...form.getInputProps('cacKind')}
          />
          <TextInput
            label="CAC number"
            description="e.g. RC123456"
            required
            maxLength={20}
            {...form.getInputProps('cacNumber')}
          />
          <DateField
            label="Date of incorporation"
            required
            maxDate={todayInLagos()}
            {...form.getInputProps('incorporationDate')}
            onChange={(isoDate) => form.setFieldValue('incorporationDate', isoDate ?? '')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Business type"
            clearable
            searchable
            data={selectOptions(BUSINESS_TYPES)}
            {...form.getInputProps('businessType')}
          />
          <Select
            label="Sector"
            clearable
            searchable
            data={selectOptions(SECTORS)}
            {...form.getInputProps('sector')}
          />
          <TextInput
            label="Number of employees"
            inputMode="numeric"
            {...form.getInputProps('employeeCount')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="JTB TIN"
            description="Joint Tax Board TIN, 10 digits, if any"
            inputMode="numeric"
            maxLength={10}
            {...form.getInputProps('jtbTin')}
          />
          {isEdit && (
            <Select
              label="Status"
              allowDeselect={false}
              data={selectOptions(STATUSES_BY_KIND.corporate, LABELS.status)}
              {...form.getInputProps('status')}
            />
          )}
        </SimpleGrid>
      </FormSection>

      <ContactFields form={form} />

      <FormSection legend="Directors">
        <DirectorsFields form={form} />
      </FormSection>
    </>
  );
}
