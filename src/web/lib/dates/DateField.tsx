import '@mantine/dates/styles.css';
import type { BoxProps } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import type { FocusEventHandler, ReactNode } from 'react';
import { DAY_FIRST_FORMAT, parseDayFirst } from './dayFirstDate';

const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose another month',
  yearLevelControl: 'Choose another year',
};

/**
 * The one date field of the app: shown and typed day first (DD/MM/YYYY) whatever the browser's
 * language, with a calendar to pick from; its value is an ISO date (YYYY-MM-DD) or null, as
 * the URL and the API carry it. The browser's own date input showed mm/dd/yyyy to many officers
 * (ADR 0012).
 */
export function DateField(props: {
  label: string;
  value?: string | null | undefined;
  onChange: (isoDate: string | null) => void;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** ISO dates bounding the calendar and what typing accepts. */
  minDate?: string | undefined;
  maxDate?: string | undefined;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  onFocus?: FocusEventHandler<HTMLInputElement>;
  w?: BoxProps['w'];
  'data-autofocus'?: boolean;
}) {
  const { value, onChange, minDate, maxDate, ...rest } = props;
  return (
    <DateInput
      {...rest}
      value={value || null}
      onChange={(isoDate) => onChange(isoDate || null)}
      valueFormat={DAY_FIRST_FORMAT}
      dateParser={parseDayFirst}
      placeholder="DD/MM/YYYY"
      minDate={minDate || undefined}
      maxDate={maxDate || undefined}
      // Emptying the text empties the value (no clear button: its name would repeat the label).
      allowDeselect
      leftSection={<IconCalendar size={16} aria-hidden="true" />}
      // The calendar's arrows have no name of their own (axe: button-name); its red weekends
      // (red.6) and half-faded days of other months fall below 4.5:1 (axe: color-contrast).
      ariaLabels={CALENDAR_LABELS}
      weekendDays={[]}
      hideOutsideDates
      inputMode="numeric"
    />
  );
}
