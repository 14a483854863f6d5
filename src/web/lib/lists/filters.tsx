import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback, useDisclosure } from '@mantine/hooks';
import { IconFilter, IconSearch, IconX } from '@tabler/icons-react';
import { Children, isValidElement, type ReactNode, useEffect, useState } from 'react';
import { DateField } from '../dates/DateField';
import { AppDrawer } from '../dialogs/AppModal';
import classes from './filters.module.css';
import { usePhoneLayout } from './usePhoneLayout';

/** The filter fields every list page shares; each change goes to the URL (docs/architecture.md §11.8). */

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
  // Closing the phone's filter drawer unmounts the field: what was typed is applied then, not
  // lost. Not on blur: a blur that navigates races the click that caused it (a row click that
  // opens a record would lose its own navigation to the filter's).
  const apply = useDebouncedCallback(
    (value: string) => {
      props.onChange(value.trim() === '' ? undefined : value.trim());
    },
    { delay: TYPING_DEBOUNCE_MS, flushOnUnmount: true },
  );
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
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply.flush();
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

/**
 * One of a fixed set of values, or any (cleared): an enum of the contract with its labels. A
 * value the URL holds that is not among `values` (a status outside this screen's) shows as
 * none.
 */
export function FilterSelect<const T extends string>(props: {
  label: string;
  placeholder: string;
  values: readonly T[];
  labels: Readonly<Record<T, string>> | ((value: T) => string);
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  width: number;
  searchable?: boolean;
}) {
  const { values, labels } = props;
  return (
    <Select
      label={props.label}
      placeholder={props.placeholder}
      data={values.map((value) => ({
        value,
        label: typeof labels === 'function' ? labels(value) : labels[value],
      }))}
      value={props.value !== undefined && values.includes(props.value) ? props.value : null}
      onChange={(value) =>
        props.onChange(values.find((candidate) => candidate === value) ?? undefined)
      }
      searchable={props.searchable}
      clearable
      w={props.width}
    />
  );
}

/** One record of a list the server holds (an LGA, an MDA, an officer), searchable by name. */
export function FilterLookup(props: {
  label: string;
  /** "Any MDA" */
  placeholder: string;
  /** "MDAs", for "MDAs could not be loaded". */
  plural: string;
  /** "MDA", for "No MDA of that name". */
  noun: string;
  options: { isError: boolean; data?: readonly { value: string; label: string }[] | undefined };
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  width: number;
  /** A bookmarked value the list does not hold (yet) stays selectable rather than vanishing. */
  keepsUnlisted?: boolean;
}) {
  const data = [...(props.options.data ?? [])];
  if (
    props.keepsUnlisted &&
    props.value !== undefined &&
    !data.some((option) => option.value === props.value)
  ) {
    data.push({ value: props.value, label: props.value });
  }
  return (
    <Select
      label={props.label}
      placeholder={
        props.options.isError ? `${props.plural} could not be loaded` : props.placeholder
      }
      data={data}
      value={props.value ?? null}
      onChange={(value) => props.onChange(value ?? undefined)}
      searchable
      clearable
      nothingFoundMessage={`No ${props.noun} of that name`}
      w={props.width}
    />
  );
}

const ACTIVE_STATUSES = ['active', 'inactive'] as const;
const ACTIVE_STATUS_LABELS = { active: 'Active', inactive: 'Inactive' } as const;

/** "Active" or "Inactive" records, or both (activeStatus of searchParams.ts). */
export function FilterActiveStatus(props: {
  value: 'active' | 'inactive' | undefined;
  onChange: (value: 'active' | 'inactive' | undefined) => void;
}) {
  return (
    <FilterSelect
      label="Status"
      placeholder="Active and inactive"
      values={ACTIVE_STATUSES}
      labels={ACTIVE_STATUS_LABELS}
      value={props.value}
      onChange={props.onChange}
      width={190}
    />
  );
}

function ClearFiltersButton({ onClear }: { onClear: () => void }) {
  return (
    <Button variant="subtle" leftSection={<IconX size={16} aria-hidden="true" />} onClick={onClear}>
      Clear filters
    </Button>
  );
}

/** How many of a list's filters are set, for the "Filters (n)" button. */
export function countActiveFilters<S extends object>(search: S, keys: readonly (keyof S)[]) {
  return keys.filter((key) => search[key] !== undefined).length;
}

/** Whether a filter bar's child is the list's main search box (a FilterText with `isSearch`). */
function isSearchField(child: ReactNode): boolean {
  return (
    isValidElement<{ isSearch?: boolean }>(child) &&
    child.type === FilterText &&
    child.props.isSearch === true
  );
}

/**
 * A list's filters: a wrapping bar on a desk; below 576 px the search box stays on the page,
 * full width, and the other filters go behind one "Filters (n)" button opening a drawer, so
 * the records start on the first screen (docs/architecture.md §9). Filters still apply as they
 * change; "Show results" only closes the drawer.
 */
export function FilterBar(props: {
  activeCount: number;
  onClear: () => void;
  children: ReactNode;
}) {
  const isPhone = usePhoneLayout();
  const [isOpen, drawer] = useDisclosure(false);
  const clear = props.activeCount > 0 && <ClearFiltersButton onClear={props.onClear} />;
  if (!isPhone) {
    return (
      <Group gap="sm" align="flex-end" wrap="wrap">
        {props.children}
        {clear}
      </Group>
    );
  }
  const fields = Children.toArray(props.children);
  const searches = fields.filter(isSearchField);
  const others = fields.filter((child) => !isSearchField(child));
  return (
    <>
      {searches.length > 0 && <Stack className={classes.drawerFields}>{searches}</Stack>}
      <Group gap="sm" wrap="nowrap">
        <Button
          variant="default"
          h={44}
          leftSection={<IconFilter size={16} aria-hidden="true" />}
          aria-haspopup="dialog"
          onClick={drawer.open}
        >
          {props.activeCount > 0 ? `Filters (${props.activeCount})` : 'Filters'}
        </Button>
        {clear}
      </Group>
      <AppDrawer
        opened={isOpen}
        onClose={drawer.close}
        title="Filters"
        position="right"
        size="100%"
        closeButtonProps={{ 'aria-label': 'Close filters' }}
      >
        <Stack gap="sm" className={classes.drawerFields}>
          {others}
        </Stack>
        <Group justify="space-between" mt="lg">
          {clear}
          <Button h={44} ml="auto" onClick={drawer.close}>
            Show results
          </Button>
        </Group>
      </AppDrawer>
    </>
  );
}
