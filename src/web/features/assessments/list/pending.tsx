import { DetailSkeleton, TableSkeleton } from '../../../lib/pending/skeletons';

/**
 * The assessment screens' pending shapes (docs/architecture.md §9 "never a blank page while data
 * loads"): routes.tsx shows them while a page's code loads, the pages while their data does.
 */

export const ASSESSMENT_TABLE = { label: 'Loading the assessments…', columns: 10 } as const;

export function AssessmentListPending() {
  return <TableSkeleton {...ASSESSMENT_TABLE} actions={4} filters={6} totals={3} />;
}

export function AssessmentPending({ withTitle = true }: { withTitle?: boolean }) {
  return (
    <DetailSkeleton label="Loading the assessment…" cards={2} lines={6} withTitle={withTitle} />
  );
}
