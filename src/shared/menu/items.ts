// Pure data: the sidebar menu of docs/product.md §2 "Routes per role", longer than ~300 lines on purpose.
import type { MenuTag } from '../userTypeEnums';
import type { MenuItem } from './types';

/** The icon names the web's icon table knows (src/web/shell/sidebar/menuIcons.tsx). A closed list. */
export const MENU_ICONS = [
  'dashboard',
  'users',
  'user',
  'building',
  'file-text',
  'file-check',
  'certificate',
  'receipt',
  'credit-card',
  'cash',
  'report',
  'chart-bar',
  'chart-pie',
  'stamp',
  'settings',
  'shield',
  'list',
  'upload',
  'search',
  'clipboard',
  'briefcase',
  'printer',
  'history',
  'map-pin',
  'billboard',
  'road',
  'coins',
] as const;

export type MenuIcon = (typeof MENU_ICONS)[number];

/** A page a staff member opens. The id is the link below /birs/ with `/` turned into `-`. */
function page(label: string, link: string, tags: MenuTag[], icon?: MenuIcon): MenuItem {
  const id = link.replace(/^\/birs\//, '').replaceAll('/', '-');
  return { id, label, link, tags: [...tags], status: true, ...(icon ? { icon } : {}) };
}

/**
 * docs/product.md §2, Admin: "present but hidden (status false)". Kept as data so their links and
 * pages are known; filterMenu never shows them to anyone.
 */
/**
 * A page RevDesk adds beyond docs/product.md §2 (objections, trade categories): shown with a badge
 * that tells staff who knew the old portal it is new.
 */
function ownPage(label: string, link: string, tags: MenuTag[], icon?: MenuIcon): MenuItem {
  return { ...page(label, link, tags, icon), badge: { ...NEW_BADGE } };
}

/** The badge of a page RevDesk adds (ownPage), or adds for some user types (pageOwnFor). */
export const NEW_BADGE = { text: 'New', variant: 'info' } as const;

/**
 * Pages docs/product.md §2 gives to some user types (`specTags`) that RevDesk also shows to others
 * (`ownTags`): the id of each, and the tags that see it with the "New" badge (filter.ts).
 */
export const OWN_FOR_TAGS = new Map<string, readonly MenuTag[]>();

function pageOwnFor(
  label: string,
  link: string,
  specTags: MenuTag[],
  ownTags: MenuTag[],
  icon?: MenuIcon,
): MenuItem {
  const item = page(label, link, [...specTags, ...ownTags], icon);
  OWN_FOR_TAGS.set(item.id, ownTags);
  return item;
}

/**
 * The officers who raise assessments or certificates: RevDesk gives them the registry lists
 * (docs/product.md §2 gives them to ADMIN only) to find a taxpayer by name before assessing.
 */
const ASSESSING_OFFICERS: MenuTag[] = [
  'officer_da',
  'officer_pa',
  'officer_payee',
  'assessment_officer',
];

function hiddenPage(label: string, link: string, icon?: MenuIcon): MenuItem {
  return { ...page(label, link, ['admin'], icon), status: false };
}

/** Tags in order of first appearance, once each. */
function unionOfTags(items: readonly MenuItem[]): MenuTag[] {
  return [...new Set(items.flatMap((item) => item.tags))];
}

/**
 * A group opens to show its pages. It carries the union of its children's tags, and is hidden
 * only when every child is hidden, so the tags and status can never drift from the children.
 */
function group(id: string, label: string, icon: MenuIcon, children: MenuItem[]): MenuItem {
  return {
    id,
    label,
    icon,
    tags: unionOfTags(children),
    status: children.some((child) => child.status !== false),
    subItems: children.map((child) => ({ ...child, parentId: id })),
  };
}

/** A section heading followed by its items; the heading carries the union of their tags. */
function section(id: string, label: string, items: MenuItem[]): MenuItem[] {
  return [{ id, label, isTitle: true, tags: unionOfTags(items), status: true }, ...items];
}

/** The lists that the assessment officer, printing officer, directors and chairman share. */
const COMPLETED_TCC_READERS: MenuTag[] = [
  'assessment_officer',
  'printing_officer',
  'director_assessment',
  'chairman_assessment',
];

/** Who reads the SSC lists (src/shared/permissions.ts `ssc:read`). */
const SSC_READERS: MenuTag[] = ['admin', 'executive', 'dg_budget'];

export const MENU: MenuItem[] = [
  ...section('section-menu', 'Menu', [
    page(
      'Dashboard',
      '/birs/dashboard',
      ['admin', 'officer_da', 'officer_payee', 'officer_pa', 'director_assessment'],
      'dashboard',
    ),
    page('Executive Dashboard', '/birs/dashboard/execute-dashboard', ['executive'], 'dashboard'),
    page(
      'MDA Executive Dashboard',
      '/birs/dashboard/mda-executive-dashboard',
      ['executive'],
      'chart-bar',
    ),
    page('MDA Dashboard', '/birs/dashboard/mda-dashboard', ['officer_mda'], 'dashboard'),
    page(
      'MDA Report Dashboard',
      '/birs/dashboard/mda-report-dashboard',
      ['benjis_report', 'informal_sector_officer'],
      'chart-bar',
    ),
    page(
      'POS Report Dashboard',
      '/birs/dashboard/pos-report-dashboard',
      ['executive', 'officer_mda'],
      'chart-pie',
    ),
    page('Benjis POS Dashboard', '/birs/transactions/benjis-dashboard', ['benjis'], 'dashboard'),
    // RevDesk's own: the TADAT outcomes measured from the service's records (docs/indicators.md).
    ownPage(
      'Service Performance',
      '/birs/reporting/service-performance',
      ['admin', 'executive', 'chairman_assessment'],
      'chart-bar',
    ),
  ]),

  ...section('section-taxpayers', 'Taxpayers', [
    pageOwnFor(
      'Individual Taxpayers',
      '/birs/taxpayer/individual-taxpayer',
      ['admin'],
      ASSESSING_OFFICERS,
      'user',
    ),
    pageOwnFor(
      'Corporate Taxpayers',
      '/birs/taxpayer/corporate-taxpayer',
      ['admin'],
      ASSESSING_OFFICERS,
      'building',
    ),
  ]),

  ...section('section-assessments', 'Assessments', [
    group('group-direct-assessment', 'Direct Assessment', 'file-text', [
      page('Direct Assessments', '/birs/taxs/direct-assessment', ['officer_da']),
      page('Capture Backlog Assessment', '/birs/taxs/capture-direct-assessment', ['officer_da']),
    ]),
    group('group-presumptive-tax', 'Presumptive Tax', 'clipboard', [
      page('Presumptive Tax Assessments', '/birs/taxs/presumptive-tax', ['officer_pa']),
      page('Capture Backlog Assessment', '/birs/taxs/capture-presumptive-tax', ['officer_pa']),
    ]),
    ownPage(
      'Objections',
      '/birs/taxs/objections',
      ['officer_da', 'officer_pa', 'director_assessment'],
      'shield',
    ),
    ownPage('Trade Categories', '/birs/admin/trade-categories', ['admin'], 'list'),
    page('Generate Assessment', '/birs/mda/generate-assessment', ['officer_mda'], 'file-text'),
    page('Stamp Duty', '/birs/taxs/stamp-duty', ['admin'], 'stamp'),
    page('Stamp Duty Instruments', '/birs/stamp-duty/all', ['officer_stampduty'], 'stamp'),
    ownPage('Stamp Duty Rules', '/birs/admin/stamp-duty-rules', ['admin'], 'stamp'),
    group('group-capital-gains-tax', 'Capital Gains Tax', 'coins', [
      hiddenPage('Capital Gains Tax — Individual', '/birs/taxs/capital-gains-tax-individual'),
      hiddenPage('Capital Gains Tax — Corporate', '/birs/taxs/capital-gains-tax-corporate'),
    ]),
    group('group-road-tax', 'Road Tax', 'road', [
      hiddenPage('Road Tax', '/birs/taxs/road-tax'),
      hiddenPage('Road Tax List', '/birs/taxs/road-tax-list'),
    ]),
    hiddenPage('ASWAMA', '/birs/taxs/aswama', 'coins'),
    hiddenPage('Other Taxes', '/birs/taxs/other-tax', 'coins'),
    group('group-signage', 'Signage', 'billboard', [
      hiddenPage('Signage Assessment', '/birs/signage/signage-assessment'),
      hiddenPage('Signage List', '/birs/signage/signage-list'),
    ]),
  ]),

  // One group per TCC kind, in the order of the approval chain (docs/architecture.md §5): the assessment
  // officer's pages, then each approver's pending and rejected lists, then the completed list.
  ...section('section-tax-clearance', 'Tax Clearance', [
    group('group-tcc-direct-assessment', 'Direct Assessment TCC', 'certificate', [
      page('Generate TCC', '/birs/taxs/tcc-direct-assessment', [
        'officer_da',
        'assessment_officer',
      ]),
      page('Pending TCCs', '/birs/taxs/pending-tcc-da', ['assessment_officer']),
      page('All TCCs', '/birs/taxs/all-tcc-da', ['assessment_officer']),
      page('Awaiting Director of Assessment', '/birs/taxs/pending-tcc-da-director', [
        'director_assessment',
      ]),
      page('Rejected by Director of Assessment', '/birs/taxs/rejected-tcc-da-director', [
        'director_assessment',
      ]),
      page('Awaiting Director of Collection', '/birs/taxs/pending-da-tcc-collection', [
        'director_collection',
      ]),
      page('Rejected by Director of Collection', '/birs/taxs/rejected-da-tcc-collection', [
        'director_collection',
      ]),
      page('Awaiting Chairman', '/birs/taxs/pending-tcc-da-chairman', ['chairman_assessment']),
      page('Rejected by Chairman', '/birs/taxs/rejected-tcc-da-chairman', ['chairman_assessment']),
      page('Completed TCCs', '/birs/taxs/completed-tcc-da', COMPLETED_TCC_READERS),
    ]),
    group('group-tcc-presumptive-tax', 'Presumptive Tax TCC', 'certificate', [
      page('Generate TCC', '/birs/taxs/tcc-presumptive-tax', ['officer_pa', 'assessment_officer']),
      page('Pending TCCs', '/birs/taxs/pending-tcc-pt', ['assessment_officer']),
      page('Awaiting Director of Assessment', '/birs/taxs/pending-tcc-pt-director', [
        'director_assessment',
      ]),
      page('Rejected by Director of Assessment', '/birs/taxs/rejected-tcc-pt-director', [
        'director_assessment',
      ]),
      page('Awaiting Director of Collection', '/birs/taxs/pending-pt-tcc-collection', [
        'director_collection',
      ]),
      page('Rejected by Director of Collection', '/birs/taxs/rejected-pt-tcc-collection', [
        'director_collection',
      ]),
      page('Awaiting Chairman', '/birs/taxs/pending-tcc-pt-chairman', ['chairman_assessment']),
      page('Rejected by Chairman', '/birs/taxs/rejected-tcc-pt-chairman', ['chairman_assessment']),
      page('Completed TCCs', '/birs/taxs/completed-tcc-pt', COMPLETED_TCC_READERS),
    ]),
    group('group-tcc-exemptions', 'Exemption TCC', 'file-check', [
      page('Generate TCC', '/birs/taxs/tcc-exemptions', ['assessment_officer']),
      page('Pending TCCs', '/birs/taxs/pending-tcc-exemptions', ['assessment_officer']),
      page('Awaiting Director of Assessment', '/birs/taxs/pending-tcc-exemptions-director', [
        'director_assessment',
      ]),
      page('Rejected by Director of Assessment', '/birs/taxs/rejected-tcc-exemptions-director', [
        'director_assessment',
      ]),
      page('Awaiting Director of Collection', '/birs/taxs/pending-tcc-exemption-collection', [
        'director_collection',
      ]),
      page('Rejected by Director of Collection', '/birs/taxs/rejected-tcc-exemption-collection', [
        'director_collection',
      ]),
      page('Awaiting Chairman', '/birs/taxs/pending-tcc-exemptions-chairman', [
        'chairman_assessment',
      ]),
      page('Completed TCCs', '/birs/taxs/completed-tcc-exemptions', COMPLETED_TCC_READERS),
    ]),
    group('group-tcc-paye-backlog', 'PAYE Backlog TCC', 'briefcase', [
      page('Generate TCC', '/birs/taxs/paye-tcc-backlog', ['officer_payee', 'assessment_officer']),
      page('Pending TCCs', '/birs/taxs/pending-paye-tcc', ['assessment_officer']),
      page('Awaiting Director of Assessment', '/birs/taxs/pending-paye-tcc-backlog-director', [
        'director_assessment',
      ]),
      page('Rejected by Director of Assessment', '/birs/taxs/rejected-paye-tcc-backlog-director', [
        'director_assessment',
      ]),
      page('Awaiting Director of Collection', '/birs/taxs/pending-paye-tcc-backlog-collection', [
        'director_collection',
      ]),
      page(
        'Rejected by Director of Collection',
        '/birs/taxs/rejected-paye-tcc-backlog-collection',
        ['director_collection'],
      ),
      page('Awaiting Chairman', '/birs/taxs/pending-paye-tcc-backlog-chairman', [
        'chairman_assessment',
      ]),
      page('Rejected by Chairman', '/birs/taxs/rejected-paye-tcc-backlog-chairman', [
        'chairman_assessment',
      ]),
      page('Completed TCCs', '/birs/taxs/completed-paye-tcc-backlog', [
        'officer_payee',
        ...COMPLETED_TCC_READERS,
      ]),
    ]),
    group('group-tcc-mda-staff', 'MDA Staff TCC', 'building', [
      page('Generate TCC', '/birs/taxs/generate-mda-tcc', ['officer_payee', 'assessment_officer']),
      page('Pending TCCs', '/birs/taxs/pending-mda-tcc', ['assessment_officer']),
      page('Awaiting Director of Assessment', '/birs/taxs/process-mda-tcc-director', [
        'director_assessment',
      ]),
      page('Rejected by Director of Assessment', '/birs/taxs/rejected-mda-tcc-director', [
        'director_assessment',
      ]),
      page('Awaiting Director of Collection', '/birs/taxs/pending-mda-tcc-backlog-collection', [
        'director_collection',
      ]),
      page('Rejected by Director of Collection', '/birs/taxs/rejected-mda-tcc-backlog-collection', [
        'director_collection',
      ]),
      page('Awaiting Chairman', '/birs/taxs/process-mda-tcc', ['chairman_assessment']),
      page('Completed TCCs', '/birs/taxs/completed-mda-tcc-backlog', COMPLETED_TCC_READERS),
    ]),
  ]),

  ...section('section-payments', 'Payments', [
    page(
      'Check Payment History',
      '/birs/taxs/payment-history',
      ['officer_da', 'officer_pa', 'officer_mda'],
      'history',
    ),
    page(
      'Post Transactions',
      '/birs/transactions/post-transactions',
      ['admin', 'executive'],
      'credit-card',
    ),
    page('Auto-Reg Transactions', '/birs/transactions/auto-reg', ['admin'], 'receipt'),
    ownPage(
      'Payments Needing Attention',
      '/birs/transactions/needing-attention',
      ['admin'],
      'receipt',
    ),
    group('group-benjis', 'Benjis POS', 'cash', [
      page('Benjis Transactions', '/birs/transactions/benjis', ['admin', 'benjis']),
      page('Benjis Multiple Transactions', '/birs/transactions/benjis-multiple', ['benjis']),
      page('Benjis Report', '/birs/transactions/benjis-report', ['benjis', 'benjis_report']),
      ownPage('Held POS Transactions', '/birs/transactions/benjis-held', ['admin', 'benjis']),
      ownPage('POS Agents and Terminals', '/birs/admin/pos-terminals', ['admin']),
    ]),
    hiddenPage('All Transactions', '/birs/transactions/transactions', 'list'),
    group('group-payment-records', 'Payment Records', 'receipt', [
      hiddenPage('Payment Bills', '/birs/transactions/payment-bills'),
      hiddenPage('Payment Receipts', '/birs/transactions/payment-receipts'),
      hiddenPage('Uploaded Notices', '/birs/transactions/uploaded-notices'),
    ]),
  ]),

  // RevDesk's own: docs/product.md §7 names the three SSC lists' calls, not their menu items.
  ...section('section-ssc', 'SSC Levies', [
    group('group-ssc', 'SSC Levies', 'coins', [
      ownPage('Political and Public Office Holders', '/birs/ssc/office-holders', SSC_READERS),
      ownPage('Civil Servants and LG Employees', '/birs/ssc/civil-servants', SSC_READERS),
      ownPage('Public and Federal Civil Servants', '/birs/ssc/federal-civil-servants', SSC_READERS),
      ownPage('Upload SSC Schedule', '/birs/ssc/upload', ['admin'], 'upload'),
      ownPage('Enter SSC Schedule', '/birs/ssc/entry', ['admin'], 'clipboard'),
    ]),
  ]),

  ...section('section-reports', 'Reports', [
    // RevDesk's own: the revenue budget the budget reports compare with (docs/budgets.md).
    ownPage('Revenue Budget', '/birs/budgets', ['admin', 'dg_budget'], 'coins'),
    group('group-budget-reports', 'Budget Reports', 'chart-pie', [
      page('MDA Budget Report', '/birs/reporting/mda-budget-report', ['executive', 'officer_mda']),
      page('Budget Report by MDA', '/birs/reporting/mda-budget-report-by-mda', ['executive']),
      page('Consolidated MDA Budget Report', '/birs/reporting/consolidated-mda-budget-report', [
        'executive',
      ]),
      page('Budget Report by Economic Code', '/birs/reporting/mda-budget-report-by-economic-code', [
        'executive',
      ]),
    ]),
    group('group-revenue-reports', 'Revenue Reports', 'report', [
      page('MDA Transaction Report', '/birs/reporting/mda-transaction-report', [
        'officer_mda',
        'officer_mda_admin',
        'dg_budget',
        'chairman_assessment',
      ]),
      page('MDA Revenue Report', '/birs/reporting/mda-revenue-report', ['officer_mda_admin']),
      page('MDA POS Transaction Report', '/birs/reporting/mda-transaction-report-pos', [
        'officer_mda_admin',
      ]),
      page('MDA Summary Report', '/birs/reporting/mda-summary-report', ['officer_mda_admin']),
      page('Collection by MDA', '/birs/reporting/collection-by-mda', ['executive']),
      page('Joint Tax Board Report', '/birs/reporting/joint-tax-board-report', ['executive']),
    ]),
  ]),

  ...section('section-mdas', 'MDAs', [
    page('Manage MDAs', '/birs/mda/manage-mda', ['admin'], 'building'),
    page('MDA List', '/birs/mda/mda-list', ['officer_da', 'officer_payee', 'officer_pa'], 'list'),
    hiddenPage('MDA Users', '/birs/mda/mda-users', 'users'),
    hiddenPage('MDA Notices', '/birs/mda/mda-notices', 'file-text'),
  ]),

  ...section('section-administration', 'Administration', [
    page('Administrators', '/birs/admin/admin-list', ['admin'], 'shield'),
    page('Tax Officers', '/birs/admin/tax-officer-list', ['admin'], 'users'),
    // RevDesk's own: the crest and name every printed document carries.
    ownPage('Document Letterhead', '/birs/admin/letterhead', ['admin'], 'settings'),
    // RevDesk's own: the bank accounts whose statements Post Transactions fetches (docs/bank.md).
    ownPage('Collection Accounts', '/birs/admin/collection-accounts', ['admin'], 'building'),
    // docs/product.md §2 hides it; RevDesk shows it to ADMIN, with the hash-chained trail (ADR 0007).
    page('Audit Trail', '/birs/taxs/audit-trail', ['admin'], 'history'),
  ]),

  ...section('section-account', 'Account', [
    page(
      'My Profile',
      '/birs/admin/profile',
      ['admin', 'officer_da', 'officer_pa', 'director_assessment'],
      'user',
    ),
  ]),
];
