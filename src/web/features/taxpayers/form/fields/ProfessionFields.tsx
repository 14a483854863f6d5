import { Select, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import {
  occupationsQuery,
  professionCategoriesQuery,
  professionSubcategoriesQuery,
  professionsQuery,
} from '../../queries';
import type { IndividualValues } from '../formValues';
import { toOptions } from './LocationFields';

/** Categories and sub-categories are chosen by their code; a profession by its id. */
const byCode = (items: readonly { code?: string | undefined; name: string }[] = []) =>
  items
    .filter((item) => item.code !== undefined)
    .map((item) => ({ value: item.code as string, label: item.name }));

/** Occupation, and profession narrowed down category → sub-category → profession. */
export function ProfessionFields({ form }: { form: UseFormReturnType<IndividualValues> }) {
  const { professionCategory, professionSubcategory } = form.values;
  const occupations = useQuery(occupationsQuery());
  const categories = useQuery(professionCategoriesQuery());
  const subcategories = useQuery(professionSubcategoriesQuery(professionCategory));
  const professions = useQuery(professionsQuery(professionSubcategory));

  return (
    <>
      <Select
        label="Occupation"
        searchable
        clearable
        nothingFoundMessage="No occupation of that name"
        data={toOptions(occupations.data)}
        {...form.getInputProps('occupationId')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label="Profession category"
          searchable
          clearable
          nothingFoundMessage="No category of that name"
          data={byCode(categories.data)}
          value={professionCategory}
          onChange={(value) => {
            form.setFieldValue('professionCategory', value);
            form.setFieldValue('professionSubcategory', null);
            form.setFieldValue('professionId', null);
          }}
        />
        <Select
          label="Profession sub-category"
          searchable
          clearable
          disabled={professionCategory === null}
          placeholder={professionCategory === null ? 'Choose the category first' : undefined}
          nothingFoundMessage="No sub-category of that name"
          data={byCode(subcategories.data)}
          value={professionSubcategory}
          onChange={(value) => {
            form.setFieldValue('professionSubcategory', value);
            form.setFieldValue('professionId', null);
          }}
        />
        <Select
          label="Profession"
          searchable
          clearable
          disabled={professionSubcategory === null}
          placeholder={professionSubcategory === null ? 'Choose the sub-category first' : undefined}
          nothingFoundMessage="No profession of that name"
          data={toOptions(professions.data)}
          {...form.getInputProps('professionId')}
        />
      </SimpleGrid>
    </>
  );
}
