import { type BoxProps, TextInput } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import {
  type FocusEventHandler,
  type ReactNode,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { formatDayFirst, parseDayFirst } from './dayFirstDate';

export type DateFieldProps = {
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
};

type Calendar = typeof import('./CalendarDateField')['CalendarDateField'];

// The calendar, once loaded, for every date field of the app (one download per visit).
let calendar: Calendar | undefined;
let isCalendarAsked = false;
const calendarWaiters = new Set<() => void>();

function loadCalendar(): void {
  if (isCalendarAsked) return;
  isCalendarAsked = true;
  import('./CalendarDateField').then(
    (module) => {
      calendar = module.CalendarDateField;
      for (const waiter of calendarWaiters) waiter();
    },
    // The typed field works without it; the next focus asks again.
    () => {
      isCalendarAsked = false;
    },
  );
}

function waitForCalendar(waiter: () => void): () => void {
  calendarWaiters.add(waiter);
  return () => calendarWaiters.delete(waiter);
}

/**
 * The one date field of the app: shown and typed day first (DD/MM/YYYY) whatever the browser's
 * language, with a calendar to pick from; its value is an ISO date (YYYY-MM-DD) or null, as
 * the URL and the API carry it. The browser's own date input showed mm/dd/yyyy to many officers
 * (ADR 0012).
 *
 * It first draws as a typed field that reads and checks the date itself; the calendar (Mantine's
 * date picker with its date library, 19 KB) loads when an officer first points at or enters a
 * date field, and takes the field's place: the lists' date filters no longer weigh on every
 * list's first load (docs/architecture.md §9). What an officer typed before it came stays theirs
 * until they leave the field.
 */
export function DateField(props: DateFieldProps) {
  const Calendar = useSyncExternalStore(waitForCalendar, () => calendar);
  // The text being typed into the typed field; null when the field shows its value.
  const [typed, setTyped] = useState<string | null>(null);
  const isFocused = useRef(false);
  // Once the calendar has taken the field's place, a blur of the typed field is its removal,
  // not the officer leaving the field: a form checking on blur would flag an untouched field.
  const isHandedOver = useRef(false);
  const typedInput = useRef<HTMLInputElement>(null);
  if (Calendar && typed === null) {
    isHandedOver.current = true;
    // The caret and selection go across with the focus: a select-all then Delete (or a
    // browser's fill) that straddles the change empties the calendar's field as it would have
    // the typed one.
    const input = typedInput.current;
    const caret =
      isFocused.current && input
        ? { start: input.selectionStart ?? 0, end: input.selectionEnd ?? 0 }
        : null;
    return <Calendar {...props} takeFocus={caret} />;
  }

  const { value, onChange, minDate, maxDate, onFocus, onBlur, ...rest } = props;
  return (
    <TextInput
      {...rest}
      ref={typedInput}
      value={typed ?? formatDayFirst(value)}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setTyped(text);
        // As the calendar's field does: a whole date within the bounds is the value at once,
        // an emptied field is no date, anything else waits for more keys.
        if (text.trim() === '') return onChange(null);
        const isoDate = parseDayFirst(text);
        const inBounds =
          isoDate && (!minDate || isoDate >= minDate) && (!maxDate || isoDate <= maxDate);
        if (inBounds) onChange(isoDate);
      }}
      onPointerEnter={loadCalendar}
      onFocus={(event) => {
        isFocused.current = true;
        loadCalendar();
        onFocus?.(event);
      }}
      onBlur={(event) => {
        if (isHandedOver.current) return;
        isFocused.current = false;
        // Half-typed text goes back to the last whole date, as the calendar's field does.
        setTyped(null);
        onBlur?.(event);
      }}
      placeholder="DD/MM/YYYY"
      autoComplete="off"
      leftSection={<IconCalendar size={16} aria-hidden="true" />}
      inputMode="numeric"
    />
  );
}
