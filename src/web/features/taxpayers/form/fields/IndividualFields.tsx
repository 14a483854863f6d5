import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { todayInLagos } from '../../../../../shared/dates';
import {
  EMPLOYMENT_STATUSES,
  GENDERS,
  LABELS,
  MARITAL_STATUSES,
  STATUSES_BY_KIND,
  TITLES,
} from '../../../../../shared/taxpayers';
import { DateField } from '../../../../lib/dates/DateField';
import { selectOptions } from '../../../../lib/format';
import type { IndividualValues } from '../formValues';
import { ContactFields } from './ContactFields';
import { FormSection } from './FormSection';
import { ProfessionFields } from './ProfessionFields';

/** The individual's fields, for registering and for editing (which adds the status). */
export function IndividualFields({
  form,
  isEdit,
}: {
  form: UseFormReturnType<IndividualValues>;
  isEdit: boolean;
}) {
  return (
    <>
      <FormSection legend="Identity">
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <Select
            label="Title"
            data-autofocus
            // Focused on opening: the list opens on a key or a click, not over the form.
            openOnFocus={false}
            clearable
            searchable
            data={selectOptions(TITLES)}
            {...form.getInputProps('title')}
          />
          <TextInput
            label="First name"
            required
            maxLength={100}
            {...form.getInputProps('firstName')}
          />
          <TextInput label="Middle name" maxLength={100} {...form.getInputProps('middleName')} />
          <TextInput
            label="Last name"
            required
            maxLength={100}
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Gender"
            required
            data={selectOptions(GENDERS, LABELS.gender)}
            {...form.getInputProps('gender')}
          />
          <DateField
            label="Date of birth"
            required
            maxDate={todayInLagos()}
            {...form.getInputProps('dateOfBirth')}
            onChange={(isoDate) => form.setFieldValue('dateOfBirth', isoDate ?? '')}
          />
          <Select
            label="Marital status"
            clearable
            data={selectOptions(MARITAL_STATUSES, LABELS.maritalStatus)}
            {...form.getInputProps('maritalStatus')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="NIN"
            description="National Identification Number, 11 digits"
            required
            inputMode="numeric"
            maxLength={11}
            {...form.getInputProps('nin')}
          />
          <TextInput
            label="BVN"
            description="Bank Verification Number, 11 digits"
            inputMode="numeric"
            maxLength={11}
            {...form.getInputProps('bvn')}
          />
          <TextInput
            label="JTB TIN"
            description="Joint Tax Board TIN, 10 digits, if any"
            inputMode="numeric"
            maxLength={10}
            {...form.getInputProps('jtbTin')}
          />
        </SimpleGrid>
        {isEdit && (
          <Select
            label="Status"
            data={selectOptions(STATUSES_BY_KIND.individual, LABELS.status)}
            allowDeselect={false}
            maw={240}
            {...form.getInputProps('status')}
          />
        )}
      </FormSection>

      <ContactFields
        form={form}
        extra={
          <TextInput
            label="Username"
            description="For the taxpayer portal, if they have one"
            {...form.getInputProps('username')}
          />
        }
      />

      <FormSection legend="Work">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Employment status"
            required
            data={selectOptions(EMPLOYMENT_STATUSES, LABELS.employmentStatus)}
            {...form.getInputProps('employmentStatus')}
          />
          <TextInput label="Employer" maxLength={200} {...form.getInputProps('employerName')} />
          <TextInput
            label="Source of income"
            maxLength={200}
            {...form.getInputProps('sourceOfIncome')}
          />
        </SimpleGrid>
        <ProfessionFields form={form} />
      </FormSection>
    </>
  );
}
