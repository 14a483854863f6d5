import { Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { todayInLagos } from '../../../../shared/dates';
import {
  SSC_CATEGORIES,
  SSC_CATEGORY_LABELS,
  SSC_MONTH_PATTERN,
  type SscCategory,
} from '../../../../shared/ssc/enums';
import { checkMdasQuery } from '../../../lib/api/mdaOptions';
import { CheckFailureAlert } from '../../../lib/failures/FailureAlert';
import { selectOptions } from '../../../lib/format';

export type ScheduleFieldErrors = Partial<Record<'mdaId' | 'category' | 'month', string>>;

/**
 * What names a schedule — its employer MDA, category and month — as the upload and the typed
 * entry both ask it: one state, one check, one set of fields. The month is this month in Lagos
 * to begin with, the schedule an MDA usually sends.
 */
export function useScheduleFields(initialCategory: SscCategory | null = null) {
  const mdas = useQuery(checkMdasQuery());
  const [mdaId, setMdaId] = useState<string | null>(null);
  const [category, setCategory] = useState<SscCategory | null>(initialCategory);
  const [month, setMonth] = useState(todayInLagos().slice(0, 7));
  // The API's pattern without its zod schema: the upload and the entry draw with no zod
  // (docs/architecture.md §9 "Web"); the month is trimmed as it is typed.
  const isMonth = SSC_MONTH_PATTERN.test(month);
  return {
    mdas,
    mdaId,
    setMdaId,
    category,
    setCategory,
    month,
    setMonth,
    isMonth,
    /** The fields' own refusals, in words; empty when the three are given. */
    check: (): ScheduleFieldErrors => ({
      mdaId: mdaId ? undefined : 'Choose the MDA (the employer)',
      category: category ? undefined : 'Choose the category of staff',
      month: isMonth ? undefined : 'Give the month as YYYY-MM',
    }),
  };
}

export function ScheduleFields({
  fields,
  errors,
}: {
  fields: ReturnType<typeof useScheduleFields>;
  errors: ScheduleFieldErrors;
}) {
  const { mdas } = fields;
  return (
    <>
      {mdas.isError && <CheckFailureAlert title="The MDA list did not load" error={mdas.error} />}
      <Select
        label="MDA (employer)"
        placeholder={mdas.isPending ? 'Loading MDAs…' : 'Choose the MDA'}
        data={mdas.data ?? []}
        value={fields.mdaId}
        onChange={fields.setMdaId}
        searchable
        withAsterisk
        nothingFoundMessage="No MDA matches"
        error={errors.mdaId}
      />
      <Select
        label="Category"
        placeholder="Choose the category"
        data={selectOptions(SSC_CATEGORIES, SSC_CATEGORY_LABELS)}
        value={fields.category}
        onChange={(value) => fields.setCategory(value as SscCategory | null)}
        withAsterisk
        error={errors.category}
      />
      <TextInput
        label="Month"
        description="YYYY-MM"
        value={fields.month}
        onChange={(event) => fields.setMonth(event.currentTarget.value.trim())}
        withAsterisk
        error={errors.month}
        w={{ base: '100%', sm: 200 }}
      />
    </>
  );
}
