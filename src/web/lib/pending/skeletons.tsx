import { Group, Paper, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/**
 * What a page looks like while its data loads (docs/architecture.md §9 "never a blank page while data
 * loads"): grey blocks in the shape of what is coming, so nothing jumps when it arrives.
 *
 * Each skeleton is one region marked aria-busy and named by a visually hidden "Loading …" that
 * a screen reader announces (role="status"); the grey blocks themselves are hidden from it.
 */
export function BusyRegion({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-busy="true" aria-labelledby={id}>
      <VisuallyHidden id={id} role="status">
        {label}
      </VisuallyHidden>
      <div aria-hidden="true">{children}</div>
    </section>
  );
}

/** Keys for a row of identical placeholders, which never reorder. */
const slots = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ key: `slot-${index}`, index }));

/** A page title and, on the right, room for its buttons. */
function TitleSkeleton({ actions = 0 }: { actions?: number }) {
  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="sm">
      <Skeleton height={30} width={260} maw="70%" radius="sm" />
      {actions > 0 && (
        <Group gap="sm">
          {slots(actions).map(({ key }) => (
            <Skeleton key={key} height={36} width={120} radius="sm" />
          ))}
        </Group>
      )}
    </Group>
  );
}

/** A filter bar: labelled fields side by side, wrapping on a phone. */
function FilterBarSkeleton({ fields }: { fields: number }) {
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(fields, 4) }} spacing="sm">
        {slots(fields).map(({ key }) => (
          <Stack key={key} gap={6}>
            <Skeleton height={10} width="40%" radius="sm" />
            <Skeleton height={36} radius="sm" />
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/** The rows of a table: a header line and `rows` lines of `columns` cells. */
function RowsSkeleton({ columns, rows }: { columns: number; rows: number }) {
  const grid = {
    display: 'grid',
    gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
    gap: 'var(--mantine-spacing-md)',
    alignItems: 'center',
    padding: '0 var(--mantine-spacing-sm)',
  } as const;
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <div style={{ ...grid, height: 44, background: 'var(--mantine-color-gray-0)' }}>
        {slots(columns).map(({ key }) => (
          <Skeleton key={key} height={12} width="60%" radius="sm" />
        ))}
      </div>
      {slots(rows).map(({ key: rowKey, index: row }) => (
        <div
          key={rowKey}
          data-skeleton-row=""
          style={{ ...grid, height: 40, borderTop: '1px solid var(--mantine-color-gray-2)' }}
        >
          {slots(columns).map(({ key: cellKey, index: column }) => (
            // Cells of uneven widths read as text, not as a grid of boxes.
            <Skeleton key={cellKey} height={10} width={`${55 + ((row + column * 3) % 4) * 15}%`} />
          ))}
        </div>
      ))}
    </Paper>
  );
}

/** Totals above a list (payments): a row of small stat cards. */
function StatCardsSkeleton({ cards }: { cards: number }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: cards }} spacing="sm">
      {slots(cards).map(({ key }) => (
        <Paper key={key} withBorder radius="md" p="md">
          <Stack gap={8}>
            <Skeleton height={10} width="50%" />
            <Skeleton height={22} width="70%" />
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export type TableSkeletonProps = {
  /** "Loading individual taxpayers…": what a screen reader hears. */
  label: string;
  columns: number;
  rows?: number;
  /** The whole page (title, buttons, filters) or, when false, only the table. */
  withPage?: boolean;
  actions?: number;
  filters?: number;
  totals?: number;
};

/** A list page, or only its table while the first page of rows loads. */
export function TableSkeleton({
  label,
  columns,
  rows = 8,
  withPage = true,
  actions = 2,
  filters = 0,
  totals = 0,
}: TableSkeletonProps) {
  return (
    <BusyRegion label={label}>
      <Stack gap="lg">
        {withPage && <TitleSkeleton actions={actions} />}
        {withPage && filters > 0 && <FilterBarSkeleton fields={filters} />}
        {withPage && totals > 0 && <StatCardsSkeleton cards={totals} />}
        <RowsSkeleton columns={columns} rows={rows} />
      </Stack>
    </BusyRegion>
  );
}

/** A card of `lines` label-and-value lines. */
function CardSkeleton({ lines }: { lines: number }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Skeleton height={16} width="45%" />
        {slots(lines).map(({ key, index }) => (
          <Stack key={key} gap={6}>
            <Skeleton height={8} width="30%" />
            <Skeleton height={12} width={`${60 + (index % 3) * 12}%`} />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

/** A record's page (a taxpayer, a profile) or a dashboard: a title and cards. */
export function DetailSkeleton({
  label,
  cards = 2,
  lines = 5,
  columns = 2,
  withTitle = true,
}: {
  label: string;
  cards?: number;
  lines?: number;
  columns?: number;
  /** False when the page's real title is already there. */
  withTitle?: boolean;
}) {
  return (
    <BusyRegion label={label}>
      <Stack gap="lg">
        {withTitle && <TitleSkeleton />}
        <SimpleGrid cols={{ base: 1, md: columns }} spacing="lg">
          {slots(cards).map(({ key }) => (
            <CardSkeleton key={key} lines={lines} />
          ))}
        </SimpleGrid>
      </Stack>
    </BusyRegion>
  );
}

/** Any page whose shape is not known yet: a title and one card. */
export function PageSkeleton() {
  return <DetailSkeleton label="Loading the page…" cards={1} lines={4} columns={1} />;
}
