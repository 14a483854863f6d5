import {
  Combobox,
  Group,
  Loader,
  Text,
  TextInput,
  type TextInputProps,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { TaxpayerKind, TaxpayerMatch, TaxpayerMatchResult } from '../../../shared/taxpayers';
import { LABELS } from '../../../shared/taxpayers/enums';
import { api } from '../api/api';
import { formatNigerianPhone } from '../format';

/** Long enough that a name typed at speed asks once, short enough to feel live. */
export const PICKER_DEBOUNCE_MS = 250;

/** GET /api/v1/taxpayers/matches: the registry's search, best few first. */
export const taxpayerMatchesQuery = (search: string, kind?: TaxpayerKind, limit = 8) =>
  queryOptions({
    queryKey: ['taxpayers', 'matches', search, kind ?? null, limit] as const,
    queryFn: () => {
      const params = new URLSearchParams({ search, limit: String(limit) });
      if (kind) params.set('kind', kind);
      return api.get<TaxpayerMatchResult>(`/api/v1/taxpayers/matches?${params}`);
    },
    staleTime: 30_000,
  });

/** Something to search for: a name, a phone or an e-mail; not a BTIN or a BTIN half typed. */
export function isPickerSearch(text: string): boolean {
  const term = text.trim();
  if (term.length < 2) return false;
  return !/^\d{1,10}$/.test(term);
}

/** "12345678901 · Individual · 0803 111 0001 · Yenagoa": what tells two namesakes apart. */
export function matchDetails(match: TaxpayerMatch): string {
  return [
    match.btin,
    match.kind === 'individual' ? 'Individual' : 'Company',
    match.phone ? formatNigerianPhone(match.phone) : null,
    match.lgaName,
    match.status === 'active' ? null : LABELS.status[match.status],
  ]
    .filter(Boolean)
    .join(' · ');
}

export type TaxpayerPickerProps = Omit<TextInputProps, 'value' | 'onChange' | 'onBlur'> & {
  /** The BTIN picked or typed ('' while a name is being typed). */
  value: string;
  onChange: (btin: string) => void;
  onBlur?: () => void;
  /** Only this kind is offered (a direct assessment is an individual's). */
  kind?: TaxpayerKind;
  onPick?: (match: TaxpayerMatch) => void;
};

/**
 * The one way to choose a taxpayer in a form: type a BTIN as before, or a name (misspellings
 * forgiven), a phone or an e-mail, and pick from the matches with the arrow keys and Enter or
 * a click. Each option shows the name, BTIN, kind, phone and LGA. The form only ever receives a
 * BTIN: digits as typed, or the BTIN of the taxpayer picked; '' while a name is typed.
 */
export function TaxpayerPicker({
  value,
  onChange,
  onBlur,
  kind,
  onPick,
  rightSection,
  onFocus,
  placeholder = 'Name, BTIN, phone or e-mail',
  ...inputProps
}: TaxpayerPickerProps) {
  const combobox = useCombobox();
  const [text, setText] = useState(value);
  // What this picker last gave the form: a value from elsewhere (a reset, a prefill) replaces the text.
  const given = useRef(value);
  useEffect(() => {
    if (value !== given.current) {
      given.current = value;
      setText(value);
    }
  }, [value]);

  const term = text.trim();
  const [debounced] = useDebouncedValue(term, PICKER_DEBOUNCE_MS);
  const isSearch = isPickerSearch(term);
  const matches = useQuery({
    ...taxpayerMatchesQuery(debounced, kind),
    enabled: isSearch && isPickerSearch(debounced),
    placeholderData: keepPreviousData,
  });
  const isWaiting = isSearch && (debounced !== term || matches.isFetching);
  const items = isSearch ? (matches.data?.items ?? []) : [];

  const give = (btin: string) => {
    given.current = btin;
    onChange(btin);
  };

  const pick = (btin: string) => {
    // The disabled "searching / nothing found" line is never a pick.
    if (btin === '') return;
    const match = items.find((item) => item.btin === btin);
    setText(btin);
    give(btin);
    combobox.closeDropdown();
    if (match) onPick?.(match);
  };

  return (
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal>
      <Combobox.Target>
        <TextInput
          {...inputProps}
          placeholder={placeholder}
          autoComplete="off"
          value={text}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setText(next);
            const digits = next.trim();
            // Digits go to the form as typed (its BTIN rule speaks); a name gives no BTIN yet.
            give(/^\d*$/.test(digits) ? digits : '');
            if (isPickerSearch(next)) combobox.openDropdown();
            else combobox.closeDropdown();
            combobox.resetSelectedOption();
          }}
          onFocus={(event) => {
            onFocus?.(event);
            if (isSearch) combobox.openDropdown();
          }}
          onBlur={() => {
            combobox.closeDropdown();
            onBlur?.();
          }}
          rightSection={
            isWaiting ? (
              <Loader size="xs" role="status" aria-label="Searching taxpayers" />
            ) : (
              rightSection
            )
          }
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!isSearch}>
        <Combobox.Options aria-label="Taxpayers found">
          {items.map((match) => (
            <Combobox.Option value={match.btin} key={match.btin}>
              <Text size="sm" fw={600}>
                {match.displayName}
              </Text>
              <Text size="xs" c="dimmed">
                {matchDetails(match)}
              </Text>
            </Combobox.Option>
          ))}
          {items.length === 0 && (
            <PickerEmpty matches={matches} isWaiting={isWaiting} term={term} />
          )}
        </Combobox.Options>
        {matches.data?.hasMore && items.length > 0 && (
          <Combobox.Footer>
            <Text size="xs" c="dimmed">
              More taxpayers match: type more of the name, or the BTIN or phone.
            </Text>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}

/**
 * What the list says while it has no taxpayer to offer: one disabled option, so that the open
 * listbox always holds an option (axe aria-required-children) and the arrow keys skip it.
 */
function PickerEmpty({
  matches,
  isWaiting,
  term,
}: {
  matches: { isError: boolean; error: Error | null };
  isWaiting: boolean;
  term: string;
}) {
  const text =
    matches.isError && !isWaiting
      ? `The search failed: ${matches.error?.message ?? 'try again'}`
      : isWaiting
        ? 'Searching…'
        : `No taxpayer matches “${term}”. Check the spelling, or search by BTIN or phone.`;
  return (
    <Combobox.Option value="" disabled>
      <Group gap="xs" justify="center" wrap="nowrap">
        {isWaiting && <Loader size="xs" aria-hidden="true" />}
        <Text size="sm" c={matches.isError && !isWaiting ? 'red.8' : undefined}>
          {text}
        </Text>
      </Group>
    </Combobox.Option>
  );
}
