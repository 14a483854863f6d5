import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useLayoutEffect, useRef } from 'react';
import type { DateFieldProps } from './DateField';
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
 * The date field with its calendar (Mantine's DateInput), which DateField loads when an officer
 * first reaches for a date field and draws in its place. `takeFocus`: the officer was in the
 * typed field when this arrived, so the focus and the caret (or selection) move here, and the
 * calendar opens.
 */
export function CalendarDateField(
  props: DateFieldProps & { takeFocus: { start: number; end: number } | null },
) {
  const { value, onChange, minDate, maxDate, takeFocus, ...rest } = props;
  const input = useRef<HTMLInputElement>(null);
  // Before the browser paints or reads another key: a key pressed in between would be lost.
  // biome-ignore lint/correctness/useExhaustiveDependencies: when it first draws only, taking over a focus that came before it
  useLayoutEffect(() => {
    if (!takeFocus) return;
    input.current?.focus();
    input.current?.setSelectionRange(takeFocus.start, takeFocus.end);
  }, []);
  return (
    <DateInput
      {...rest}
      ref={input}
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
