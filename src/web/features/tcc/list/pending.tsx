import { DetailSkeleton, TableSkeleton } from '../../../lib/pending/skeletons';

/**
 * The TCC screens' pending shapes (docs/architecture.md §9 "never a blank page while data loads"): the
 * pages show them while their data loads.
 */

export const TCC_TABLE = { label: 'Loading the certificates…', columns: 8 } as const;

export function TccListPending() {
  return <TableSkeleton {...TCC_TABLE} actions={2} filters={6} />;
}

export function TccPending({ withTitle = true }: { withTitle?: boolean }) {
  return (
    <DetailSkeleton label="Loading the certificate…" cards={2} lines={6} withTitle={withTitle} />
  );
}
