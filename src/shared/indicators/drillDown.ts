import type { Permission } from '../permissions';

/**
 * The permission each page an indicator's records open on asks for (the page's own check:
 * its NoAccess screen). The card links there only for someone who holds it, and otherwise
 * names the page it cannot open rather than offering a dead link. Every drill-down of
 * INDICATORS has an entry here (drillDown.test.ts).
 */
export const DRILL_DOWN_PAGES: Readonly<Record<string, { title: string; permission: Permission }>> =
  {
    '/birs/reporting/collection-by-mda': { title: 'Collection by MDA', permission: 'report:read' },
    '/birs/transactions/post-transactions': {
      title: 'Post Transactions',
      permission: 'bank:read',
    },
    '/birs/taxs/objections': { title: 'Objections', permission: 'assessment:read' },
    '/birs/reporting/mda-transaction-report': {
      title: 'MDA Transaction Report',
      permission: 'demand-notice:read',
    },
    '/birs/taxs/completed-tcc-da': { title: 'Completed TCCs', permission: 'tcc:read' },
    '/birs/taxpayer/individual-taxpayer': {
      title: 'Individual Taxpayers',
      permission: 'taxpayer:read',
    },
  };

/** The page a drill-down opens, whatever filter its link carries (`?status=overdue`). */
export function drillDownPageOf(link: string) {
  return DRILL_DOWN_PAGES[link.split('?')[0] ?? link];
}
