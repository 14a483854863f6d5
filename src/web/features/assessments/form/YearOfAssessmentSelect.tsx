import { Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { taxYearOptions } from './years';

/** The year of assessment, chosen from a list in both kinds' forms (never typed). */
export function YearOfAssessmentSelect(props: {
  value: string;
  onChange: (year: string) => void;
  error?: ReactNode;
  description?: ReactNode;
}) {
  const options = useMemo(() => taxYearOptions(new Date()), []);
  return (
    <Select
      label="Year of assessment"
      data={options}
      withAsterisk
      allowDeselect={false}
      value={props.value === '' ? null : props.value}
      onChange={(year) => props.onChange(year ?? '')}
      error={props.error}
      description={props.description}
    />
  );
}
