import { DetailSkeleton, TableSkeleton } from './skeletons';

/**
 * Each route's pending state, in the shape of its page (docs/architecture.md §9 "never a blank page while
 * data loads"). The router shows one while the page's code loads (router.tsx pendingComponent),
 * and the shell's frame shows it while the session check runs (ShellFrame); the pages show the
 * table-only part while their first page of rows loads.
 */

export const TAXPAYER_TABLE = { label: 'Loading the taxpayers…', columns: 7 } as const;
export const PAYMENT_TABLE = { label: 'Loading the payments…', columns: 9 } as const;
export const OFFICER_TABLE = { label: 'Loading the officers…', columns: 7 } as const;
export const MDA_TABLE = { label: 'Loading the MDAs…', columns: 7 } as const;
export const AUDIT_TABLE = { label: 'Loading the audit trail…', columns: 7 } as const;

export function TaxpayerListPending() {
  return <TableSkeleton {...TAXPAYER_TABLE} filters={3} />;
}

export function PaymentHistoryPending() {
  return <TableSkeleton {...PAYMENT_TABLE} filters={4} totals={3} />;
}

export function OfficerListPending() {
  return <TableSkeleton {...OFFICER_TABLE} filters={4} />;
}

export function MdaListPending() {
  return <TableSkeleton {...MDA_TABLE} filters={3} />;
}

export function AuditTrailPending() {
  return <TableSkeleton {...AUDIT_TABLE} actions={3} filters={4} />;
}

export function TaxpayerPending() {
  return <DetailSkeleton label="Loading the taxpayer…" cards={2} lines={6} />;
}

export function ProfilePending({ withTitle = true }: { withTitle?: boolean }) {
  return <DetailSkeleton label="Loading your profile…" cards={2} lines={4} withTitle={withTitle} />;
}

export function DashboardPending() {
  return <DetailSkeleton label="Loading the dashboard…" cards={3} lines={3} columns={3} />;
}
