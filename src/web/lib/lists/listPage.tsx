import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconSearchOff } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { DEFAULT_PAGE_SIZE, type ExportFormat, type SearchOf } from './searchParams';

/**
 * The pieces every list page shares (taxpayers, officers, assessments, TCC, payments, MDAs,
 * trade categories, audit trail): the search in the URL (docs/architecture.md §11.8), the title and its
 * buttons, the export links, and the loading, empty and failed states around the table. A list
 * page is then its search (listSearch), its columns, its filters and its query.
 */

/** Merges a change into the page's URL search; filters replace the entry, paging adds one. */
function useSetListSearch<S extends object>() {
  const navigate = useNavigate();
  return (change: Partial<S>, replace = true) =>
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({ ...previous, ...change }),
      replace,
    });
}

type ListSearchDefinition = {
  fields: Record<string, (value: unknown) => unknown>;
  parse: (search: Record<string, unknown>) => object;
  filterKeys: readonly string[];
};

/**
 * A list page's search read from the URL (listSearch of searchParams.ts), and the changes its
 * filter bar, table and buttons make: a filter change or a new sort starts again at page one
 * and replaces the history entry; a new page adds one, so "back" returns to the last page.
 * Defaults are left out of the URL.
 */
export function useListSearch<D extends ListSearchDefinition>(
  definition: D,
  /** Filters the page itself fixes (the generate page's own certificates): not the officer's. */
  fixed: readonly D['filterKeys'][number][] = [],
) {
  type S = SearchOf<D>;
  const search = definition.parse(useSearch({ strict: false })) as S;
  const setSearch = useSetListSearch<S>();
  const withFirstPage = (change: Partial<S>) => ({ ...change, page: undefined }) as Partial<S>;
  const filterKeys = definition.filterKeys.filter((key) => !fixed.includes(key)) as (keyof S)[];
  return {
    search,
    setSearch,
    /** Whether any filter is set: an empty list then says "no match", not "none yet". */
    hasFilters: filterKeys.some((key) => search[key] !== undefined),
    setFilters: (change: Partial<S>) => setSearch(withFirstPage(change)),
    clearFilters: () => setSearch(withFirstPage(clearedFilters<S>(filterKeys))),
    /** A new sort; the server's default one is left out of the URL. */
    setSort: (sort: S[keyof S & 'sort'], serverDefault?: S[keyof S & 'sort']) =>
      setSearch(withFirstPage({ sort: sort === serverDefault ? undefined : sort } as Partial<S>)),
    onPageChange: (page: number) =>
      setSearch({ page: page === 1 ? undefined : page } as Partial<S>, false),
    onPageSizeChange: (pageSize: number) =>
      setSearch(
        withFirstPage({
          pageSize: pageSize === DEFAULT_PAGE_SIZE ? undefined : pageSize,
        } as Partial<S>),
      ),
  };
}

/** The change that clears the given filter keys. */
function clearedFilters<S extends object>(keys: readonly (keyof S)[]): Partial<S> {
  return Object.fromEntries(keys.map((key) => [key, undefined])) as Partial<S>;
}

/** "Export CSV" and "Export Excel": links, so the browser downloads with the session cookie. */
export function ExportButtons({ hrefOf }: { hrefOf: (format: ExportFormat) => string }) {
  return (['csv', 'xlsx'] as const).map((format) => (
    <Button
      key={format}
      component="a"
      href={hrefOf(format)}
      download
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden="true" />}
    >
      {format === 'csv' ? 'Export CSV' : 'Export Excel'}
    </Button>
  ));
}

/** A list that did not load: what the server said, and a way to try again. */
export function ListLoadError(props: {
  what: string;
  error: Error;
  isRetrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" variant="light" title={`${props.what} could not be loaded`} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{props.error.message}</Text>
        <Button size="xs" onClick={props.onRetry} loading={props.isRetrying}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

/** A list page's title, what the list holds, and its buttons (export, add), if any, on the right. */
export function ListHeader(props: {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
  const title = (
    <Title order={1} size="h2">
      {props.title}
    </Title>
  );
  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="sm">
      {props.description === undefined ? (
        title
      ) : (
        <Stack gap={2}>
          {title}
          <Text size="sm" c="dimmed">
            {props.description}
          </Text>
        </Stack>
      )}
      {props.children !== undefined && <Group gap="sm">{props.children}</Group>}
    </Group>
  );
}

/**
 * A list with nothing to show: when filtered, what matched nothing, a hint and "Clear
 * filters"; else that there are none yet, and what the officer may do about it.
 */
export function ListEmpty(props: {
  icon?: ReactNode;
  filtered: boolean;
  onClear: () => void;
  /** "No payments match these filters." */
  noMatch: ReactNode;
  /** What to check before clearing the filters. */
  noMatchHint?: ReactNode;
  /** The button clearing them, "Clear filters" unless the list has one filter. */
  clearLabel?: string;
  /** "No payments have been recorded yet." */
  none: ReactNode;
  /** Under `none`: how records come, or a button adding the first. */
  noneHint?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm">
        {props.icon ?? <IconSearchOff size={32} aria-hidden="true" />}
        {props.filtered ? (
          <>
            <Text fw={600}>{props.noMatch}</Text>
            {props.noMatchHint !== undefined && (
              <Text size="sm" c="dimmed" ta="center">
                {props.noMatchHint}
              </Text>
            )}
            <Button variant="light" onClick={props.onClear}>
              {props.clearLabel ?? 'Clear filters'}
            </Button>
          </>
        ) : (
          <>
            <Text fw={600}>{props.none}</Text>
            {props.noneHint}
          </>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Everything under a list's filters: the failed load with "Try again", else the totals of the
 * filtered set (when the list has them), then the skeleton while the first page loads, the
 * empty state, or the table. A page shown while the next loads (placeholder data) is not empty.
 */
export function ListBody<D extends { total: number }>(props: {
  query: UseQueryResult<D>;
  /** "The payments", for "The payments could not be loaded". */
  what: string;
  skeleton: ReactNode;
  totals?: (data: D | undefined) => ReactNode;
  empty: ReactNode;
  children: (data: D) => ReactNode;
}) {
  const { query } = props;
  if (query.isError) {
    return (
      <ListLoadError
        what={props.what}
        error={query.error}
        isRetrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const isEmpty = query.data !== undefined && query.data.total === 0 && !query.isPlaceholderData;
  const body = query.isPending
    ? props.skeleton
    : isEmpty
      ? props.empty
      : props.children(query.data);
  if (!props.totals) return body;
  return (
    <>
      {props.totals(query.data)}
      {body}
    </>
  );
}
