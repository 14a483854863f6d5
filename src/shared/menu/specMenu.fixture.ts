import type { UserType } from '../userTypes';

/** `area/slug` → `/birs/area/slug`, so the table below reads like docs/product.md §2. */
const birs = (...paths: string[]) => paths.map((path) => `/birs/${path}`);

export const COMPLETED_TCC_LISTS = birs(
  'taxs/completed-tcc-exemptions',
  'taxs/completed-tcc-da',
  'taxs/completed-tcc-pt',
  'taxs/completed-mda-tcc-backlog',
  'taxs/completed-paye-tcc-backlog',
);

/** Transcribed from docs/product.md §2 "Routes per role", independently of items.ts. */
export const EXPECTED_LINKS: Record<UserType, string[]> = {
  ADMIN: birs(
    'dashboard',
    'taxpayer/individual-taxpayer',
    'taxpayer/corporate-taxpayer',
    'admin/profile',
    'admin/admin-list',
    'admin/tax-officer-list',
    // Hidden in docs/product.md §2; RevDesk shows the audit trail to administrators.
    'taxs/audit-trail',
    // RevDesk's own: the trade categories of presumptive tax.
    'admin/trade-categories',
    // RevDesk's own: the service's name and crest printed on every document.
    'admin/letterhead',
    // RevDesk's own: the bank accounts whose statements are fetched and matched.
    'admin/collection-accounts',
    'taxs/stamp-duty',
    // RevDesk's own: the dated stamp duty rules and late-stamping settings.
    'admin/stamp-duty-rules',
    'mda/manage-mda',
    'transactions/auto-reg',
    // RevDesk's own: what the payments could not settle by themselves (ADR 0031).
    'transactions/needing-attention',
    'transactions/benjis',
    // RevDesk's own: POS transactions held for review, and the agents and terminals.
    'transactions/benjis-held',
    'admin/pos-terminals',
    'transactions/post-transactions',
    // RevDesk's own: the three SSC lists, the schedule upload and its typed entry.
    'ssc/office-holders',
    'ssc/civil-servants',
    'ssc/federal-civil-servants',
    'ssc/upload',
    'ssc/entry',
    // RevDesk's own: the revenue budget, kept by the administrator and the DG Budget.
    'budgets',
    // RevDesk's own: the service's performance indicators (docs/indicators.md).
    'reporting/service-performance',
  ),
  EXECUTIVE: birs(
    // RevDesk's own: the service's performance indicators (docs/indicators.md).
    'reporting/service-performance',
    'dashboard/execute-dashboard',
    'dashboard/mda-executive-dashboard',
    'reporting/mda-budget-report',
    'reporting/mda-budget-report-by-mda',
    'reporting/consolidated-mda-budget-report',
    'reporting/mda-budget-report-by-economic-code',
    'reporting/collection-by-mda',
    'dashboard/pos-report-dashboard',
    'reporting/joint-tax-board-report',
    'transactions/post-transactions',
    // RevDesk's own: the three SSC lists.
    'ssc/office-holders',
    'ssc/civil-servants',
    'ssc/federal-civil-servants',
  ),
  OFFICER_DA: birs(
    'dashboard',
    'admin/profile',
    'mda/mda-list',
    'taxs/direct-assessment',
    'taxs/capture-direct-assessment',
    'taxs/tcc-direct-assessment',
    'taxs/payment-history',
    // RevDesk's own: objections to assessments.
    'taxs/objections',
    // RevDesk's own: the registry lists, to find a taxpayer by name before assessing.
    'taxpayer/individual-taxpayer',
    'taxpayer/corporate-taxpayer',
  ),
  OFFICER_PAYEE: birs(
    'dashboard',
    'mda/mda-list',
    'taxs/paye-tcc-backlog',
    'taxs/completed-paye-tcc-backlog',
    'taxs/generate-mda-tcc',
    // RevDesk's own: the registry lists, to find a taxpayer by name before assessing.
    'taxpayer/individual-taxpayer',
    'taxpayer/corporate-taxpayer',
  ),
  OFFICER_PA: birs(
    'dashboard',
    'admin/profile',
    'mda/mda-list',
    'taxs/presumptive-tax',
    'taxs/capture-presumptive-tax',
    'taxs/tcc-presumptive-tax',
    'taxs/payment-history',
    // RevDesk's own: objections to assessments.
    'taxs/objections',
    // RevDesk's own: the registry lists, to find a taxpayer by name before assessing.
    'taxpayer/individual-taxpayer',
    'taxpayer/corporate-taxpayer',
  ),
  OFFICER_MDA: birs(
    'dashboard/mda-dashboard',
    'reporting/mda-budget-report',
    'dashboard/pos-report-dashboard',
    'reporting/mda-transaction-report',
    'mda/generate-assessment',
    'taxs/payment-history',
  ),
  OFFICER_MDA_ADMIN: birs(
    'reporting/mda-transaction-report',
    'reporting/mda-revenue-report',
    'reporting/mda-transaction-report-pos',
    'reporting/mda-summary-report',
  ),
  DG_BUDGET: birs(
    // RevDesk's own: the revenue budget, kept by the administrator and the DG Budget.
    'budgets',
    'reporting/mda-transaction-report',
    // RevDesk's own: the three SSC lists.
    'ssc/office-holders',
    'ssc/civil-servants',
    'ssc/federal-civil-servants',
  ),
  DIRECTOR_ASSESSMENT: [
    ...birs(
      'dashboard',
      'admin/profile',
      'taxs/pending-tcc-exemptions-director',
      'taxs/rejected-tcc-exemptions-director',
      'taxs/pending-tcc-da-director',
      'taxs/rejected-tcc-da-director',
      'taxs/pending-tcc-pt-director',
      'taxs/rejected-tcc-pt-director',
      'taxs/pending-paye-tcc-backlog-director',
      'taxs/rejected-paye-tcc-backlog-director',
      'taxs/process-mda-tcc-director',
      'taxs/rejected-mda-tcc-director',
      // RevDesk's own: objections to assessments, which the director decides.
      'taxs/objections',
    ),
    ...COMPLETED_TCC_LISTS,
  ],
  DIRECTOR_COLLECTION: birs(
    'taxs/pending-tcc-exemption-collection',
    'taxs/rejected-tcc-exemption-collection',
    'taxs/pending-da-tcc-collection',
    'taxs/rejected-da-tcc-collection',
    'taxs/pending-pt-tcc-collection',
    'taxs/rejected-pt-tcc-collection',
    'taxs/pending-mda-tcc-backlog-collection',
    'taxs/rejected-mda-tcc-backlog-collection',
    'taxs/pending-paye-tcc-backlog-collection',
    'taxs/rejected-paye-tcc-backlog-collection',
  ),
  ASSESSMENT_OFFICER: birs(
    'taxs/tcc-exemptions',
    'taxs/tcc-direct-assessment',
    'taxs/tcc-presumptive-tax',
    'taxs/paye-tcc-backlog',
    'taxs/generate-mda-tcc',
    'taxs/pending-tcc-exemptions',
    'taxs/completed-tcc-exemptions',
    'taxs/pending-tcc-da',
    'taxs/completed-tcc-da',
    'taxs/all-tcc-da',
    'taxs/pending-tcc-pt',
    'taxs/completed-tcc-pt',
    'taxs/pending-mda-tcc',
    'taxs/completed-mda-tcc-backlog',
    'taxs/pending-paye-tcc',
    'taxs/completed-paye-tcc-backlog',
    // RevDesk's own: the registry lists, to find a taxpayer by name before assessing.
    'taxpayer/individual-taxpayer',
    'taxpayer/corporate-taxpayer',
  ),
  PRINTING_OFFICER: COMPLETED_TCC_LISTS,
  TCC_CHAIRMAN: [
    ...birs(
      // RevDesk's own: the service's performance indicators (docs/indicators.md).
      'reporting/service-performance',
      'reporting/mda-transaction-report',
      'taxs/pending-tcc-exemptions-chairman',
      'taxs/pending-tcc-da-chairman',
      'taxs/pending-tcc-pt-chairman',
      'taxs/pending-paye-tcc-backlog-chairman',
      'taxs/process-mda-tcc',
      'taxs/rejected-tcc-da-chairman',
      'taxs/rejected-tcc-pt-chairman',
      'taxs/rejected-paye-tcc-backlog-chairman',
    ),
    ...COMPLETED_TCC_LISTS,
  ],
  OFFICER_BENJIS: birs(
    'transactions/benjis-dashboard',
    'transactions/benjis',
    'transactions/benjis-multiple',
    'transactions/benjis-report',
    // RevDesk's own: POS transactions held for review.
    'transactions/benjis-held',
  ),
  OFFICER_BENJIS_READ: birs('dashboard/mda-report-dashboard', 'transactions/benjis-report'),
  OFFICER_STAMP_DUTY: birs('stamp-duty/all'),
  INFORMAL_SECTOR_ADMIN: birs('dashboard/mda-report-dashboard'),
};
