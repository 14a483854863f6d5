import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';

/**
 * The pieces every list page shares (taxpayers, officers, MDAs, audit trail): the search in
 * the URL (STYLE.md §8), the export links, and what a failed load says.
 */

/** Merges a change into the page's URL search; filters replace the entry, paging adds one. */
export function useSetListSearch<S extends object>() {
  const navigate = useNavigate();
  return (change: Partial<S>, replace = true) =>
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({ ...previous, ...change }),
      replace,
    });
}

/** The change that clears the given filter keys. */
export function clearedFilters<S extends object>(keys: readonly (keyof S)[]): Partial<S> {
  return Object.fromEntries(keys.map((key) => [key, undefined])) as Partial<S>;
}

/** "Export CSV" and "Export Excel": links, so the browser downloads with the session cookie. */
export function ExportButtons({ hrefOf }: { hrefOf: (format: 'csv' | 'xlsx') => string }) {
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
