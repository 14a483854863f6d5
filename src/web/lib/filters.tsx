import { Button, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { DateField } from './DateField';

/** The filter fields every list page shares; each change goes to the URL (STYLE.md §8). */

/** Long enough to let a word be typed, short enough to feel immediate. */
const TYPING_DEBOUNCE_MS = 300;

/**
 * A text filter applied as the officer pauses typing; empty means no filter. It follows the
 * URL when "Clear filters", the back button or a link changes it.
 */
export function FilterText(props: {
  label: string;
  placeholder: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  width: number | { base: string; sm: number };
  /** The list's main search box: a search field with its magnifier. */
  isSearch?: boolean;
}) {
  const [text, setText] = useState(props.value ?? '');
  const apply = useDebouncedCallback((value: string) => {
    props.onChange(value.trim() === '' ? undefined : value.trim());
  }, TYPING_DEBOUNCE_MS);
  useEffect(() => {
    setText((current) => (current.trim() === (props.value ?? '') ? current : (props.value ?? '')));
  }, [props.value]);
  return (
    <TextInput
      type={props.isSearch ? 'search' : 'text'}
      label={props.label}
      placeholder={props.placeholder}
      leftSection={props.isSearch ? <IconSearch size={16} aria-hidden="true" /> : undefined}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
      w={props.width}
    />
  );
}

/**
 * Two days, typed and shown day first (DateField) and kept as YYYY-MM-DD in the URL, each
 * bounding the other; an emptied field is no bound.
 */
export function FilterDateRange(props: {
  labels: [string, string];
  from: string | undefined;
  to: string | undefined;
  /** Both ends every time: the pages map them onto their own keys, so a missing end was cleared. */
  onChange: (range: { from: string | undefined; to: string | undefined }) => void;
  width: number;
}): ReactNode {
  return (
    <>
      <DateField
        label={props.labels[0]}
        value={props.from}
        maxDate={props.to}
        onChange={(from) => props.onChange({ from: from ?? undefined, to: props.to })}
        w={props.width}
      />
      <DateField
        label={props.labels[1]}
        value={props.to}
        minDate={props.from}
        onChange={(to) => props.onChange({ from: props.from, to: to ?? undefined })}
        w={props.width}
      />
    </>
  );
}

export function ClearFiltersButton({ onClear }: { onClear: () => void }) {
  return (
    <Button variant="subtle" leftSection={<IconX size={16} aria-hidden="true" />} onClick={onClear}>
      Clear filters
    </Button>
  );
}
