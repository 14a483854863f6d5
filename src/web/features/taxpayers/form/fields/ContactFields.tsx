import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import type { LocationValues } from '../formValues';
import { FormSection } from './FormSection';
import { LocationFields } from './LocationFields';

type ContactForm = UseFormReturnType<
  LocationValues & { address: string; phone: string; email: string }
>;

/**
 * How to reach the taxpayer, for either kind: phone, e-mail (and `extra` beside them), then
 * the address. The phone and e-mail are the taxpayer's, not the officer's: no autofill.
 */
export function ContactFields({ form, extra }: { form: ContactForm; extra?: ReactNode }) {
  return (
    <FormSection legend="Contact">
      <SimpleGrid cols={{ base: 1, sm: extra ? 3 : 2 }}>
        <TextInput
          type="tel"
          label="Phone number"
          description="e.g. 0803 123 4567"
          required
          autoComplete="off"
          {...form.getInputProps('phone')}
        />
        <TextInput
          type="email"
          label="E-mail"
          autoComplete="off"
          {...form.getInputProps('email')}
        />
        {extra}
      </SimpleGrid>
      <LocationFields form={form} />
    </FormSection>
  );
}
