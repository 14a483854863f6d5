import { ActionIcon, Group, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { TaxpayerLookupResult, TaxpayerMatchResult } from '../../../shared/taxpayers';
import { api } from '../../lib/api/api';
import { usePhoneLayout } from '../../lib/lists/usePhoneLayout';
import { usePermission } from '../../lib/routing/usePermission';
import {
  SearchFailedDialog,
  SearchingDialog,
  TaxpayerInformationDialog,
  TaxpayerMatchesDialog,
} from './TaxpayerSearchDialogs';
import classes from './TopBar.module.css';

/**
 * What the field searches, said in it. SPEC's "Search Taxpayer By BTIN/Email/Phone..." no longer
 * says it all once a name finds taxpayers too: a deliberate departure (docs/product.md, Top bar).
 * An officer who may not read the registry still searches by BTIN, e-mail or phone only.
 */
export const TAXPAYER_SEARCH_PLACEHOLDER = 'Name, BTIN, e-mail or phone';
export const TAXPAYER_SEARCH_PLACEHOLDER_NO_NAMES = 'BTIN, e-mail or phone';

const PHONE_SEARCH_ID = 'taxpayer-search-panel';

/** How many namesakes the top bar lists; more, and the officer types more of the name. */
const NAME_MATCHES_SHOWN = 10;

/** A name, not a BTIN, phone or e-mail: it has a letter and no '@'. */
export function isNameTerm(term: string): boolean {
  return /\p{L}/u.test(term) && !term.includes('@');
}

/**
 * The top bar's taxpayer search (docs/product.md §2, §8): a blocking 'Searching Taxpayer...' dialog,
 * then the static 'Tax Payer Information' dialog, or 'Validation Failed' when nobody matches
 * or the search fails. RevDesk refuses an empty term (docs/architecture.md §10): the button waits for one.
 * An officer who reads the registry may type a name too: the matches are listed (misspellings
 * forgiven, GET /taxpayers/matches) and the one picked opens; a BTIN, phone or e-mail still
 * opens the one taxpayer, as before.
 */
export function TaxpayerSearch() {
  const isPhone = usePhoneLayout();
  // On a phone the field has no room in the bar: an icon opens it full width below the bar.
  const [isPanelOpen, panel] = useDisclosure(false);
  const [term, setTerm] = useState('');
  const lookup = useMutation({
    mutationFn: (searchTerm: string) =>
      api.get<TaxpayerLookupResult>(
        `/api/v1/taxpayers/lookup?term=${encodeURIComponent(searchTerm)}`,
      ),
  });
  const canSearchNames = usePermission('taxpayer:read');
  const placeholder = canSearchNames
    ? TAXPAYER_SEARCH_PLACEHOLDER
    : TAXPAYER_SEARCH_PLACEHOLDER_NO_NAMES;
  const byName = useMutation({
    mutationFn: (name: string) =>
      api.get<TaxpayerMatchResult>(
        `/api/v1/taxpayers/matches?search=${encodeURIComponent(name)}&limit=${NAME_MATCHES_SHOWN}`,
      ),
  });
  const isEmpty = term.trim() === '';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isEmpty || lookup.isPending || byName.isPending) return;
    if (canSearchNames && isNameTerm(term.trim())) byName.mutate(term.trim());
    else lookup.mutate(term.trim());
  };

  const closeFound = () => {
    lookup.reset();
    byName.reset();
    setTerm('');
    panel.close();
  };

  const matches = lookup.data?.matches ?? [];
  const isFound = lookup.isSuccess && matches.length > 0;
  const named = byName.data?.items ?? [];
  const isFailed =
    lookup.isError ||
    (lookup.isSuccess && matches.length === 0) ||
    byName.isError ||
    (byName.isSuccess && named.length === 0);

  return (
    <>
      {isPhone && (
        <ActionIcon
          variant="subtle"
          color="gray.8"
          size={44}
          aria-label="Search taxpayer"
          aria-expanded={isPanelOpen}
          aria-controls={PHONE_SEARCH_ID}
          onClick={panel.toggle}
        >
          {isPanelOpen ? (
            <IconX size={22} aria-hidden="true" />
          ) : (
            <IconSearch size={22} aria-hidden="true" />
          )}
        </ActionIcon>
      )}
      {(!isPhone || isPanelOpen) && (
        <search
          id={isPhone ? PHONE_SEARCH_ID : undefined}
          className={isPhone ? classes.phoneSearch : classes.search}
          onKeyDown={(event) => {
            if (isPhone && event.key === 'Escape') panel.close();
          }}
        >
          <form noValidate onSubmit={onSubmit}>
            <Group gap={6} wrap="nowrap">
              <TextInput
                type="search"
                // The name a screen reader hears says what the field takes, as the placeholder shows.
                aria-label={`Search taxpayer by ${placeholder.replace(/^Name/, 'name')}`}
                placeholder={placeholder}
                value={term}
                onChange={(event) => setTerm(event.currentTarget.value)}
                classNames={{ root: isPhone ? classes.phoneSearchInput : classes.searchInput }}
                // Opened by a tap on the icon: the officer came to type.
                autoFocus={isPhone}
              />
              <ActionIcon
                type="submit"
                size={isPhone ? 44 : 36}
                aria-label="Search"
                variant="filled"
                disabled={isEmpty}
              >
                <IconSearch size={18} aria-hidden="true" />
              </ActionIcon>
            </Group>
          </form>
        </search>
      )}
      <SearchingDialog opened={lookup.isPending || byName.isPending} />
      <TaxpayerInformationDialog opened={isFound} matches={matches} onClose={closeFound} />
      <TaxpayerMatchesDialog
        opened={byName.isSuccess && named.length > 0}
        term={byName.variables ?? ''}
        matches={named}
        hasMore={byName.data?.hasMore ?? false}
        onClose={() => byName.reset()}
        onOpen={closeFound}
      />
      <SearchFailedDialog
        opened={isFailed}
        error={lookup.error ?? byName.error}
        onClose={() => {
          lookup.reset();
          byName.reset();
        }}
      />
    </>
  );
}
