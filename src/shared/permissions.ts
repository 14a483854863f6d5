import type { UserType } from './userTypes';

/**
 * Every permission a route may require. The server checks them on every route (deny by
 * default, src/server/auth/gate.ts); the web uses the same map only to hide what a user cannot do.
 * Add a permission here when a route needs it; one string per capability, not per screen.
 */
export const PERMISSIONS = [
  /** See and change one's own account: session, profile, password. Every signed-in officer. */
  'account:self',
  /** List and read officers. */
  'officer:read',
  /** Create officers, change their type, privileges and state. */
  'officer:write',
  /** The list of MDAs by id, code and name (the RRR check's MDA select). Every officer. */
  'mda:list',
  /** Read MDAs with their revenue heads (never their Remita API key). */
  'mda:read',
  /** Create and change MDAs, their revenue heads and Remita credentials. */
  'mda:write',
  /** Set the letterhead every printed document carries: the service's name and crest. ADMIN. */
  'letterhead:write',
  /** Read the audit trail and verify its hash chain. */
  'audit:read',
  /** The top bar search for a taxpayer by BTIN, e-mail or phone. */
  'taxpayer:lookup',
  /** List, search, export and open taxpayers: profile, photo, change history. */
  'taxpayer:read',
  /** Register taxpayers, edit them, upload their photo. */
  'taxpayer:write',
  /** States, LGAs, towns, occupations and professions. */
  'reference:read',
  /** Check one RRR's status with Remita (sidebar "Check RRR"). */
  'rrr:check',
  /** Check a CSV of RRRs (sidebar "Check RRR (Multiple)"). docs/product.md §6: ADMIN only. */
  'rrr:check:batch',
  /** Check an RRR's auto-registration status in EVAS. docs/product.md §6: ADMIN only. */
  'evas:check',
  /**
   * "Re-check and record" (docs/product.md §7 invoicing/repush-rrr): a status query that records a paid
   * RRR as a notification would. The name stays from SPEC's "repush RRR".
   */
  'rrr:repush',
  /** Payment history, one payment, its e-receipt, exports. MDA staff see their MDAs' only. */
  'payment:read',
  /** Raise a bill (an RRR from Remita) for a taxpayer, and cancel one not yet paid. */
  'invoice:write',
  /**
   * Take a card payment against a bill at the counter through the card gateway's terminal
   * (docs/product.md §7 card/payment, docs/card.md), and check an unanswered attempt with the
   * gateway. The revenue service's own billers: they raise the bills the payer pays.
   */
  'card:take',
  /** Reverse a paid payment, with a reason. */
  'payment:reverse',
  /** See payers who paid without a BTIN (transactions/auto-reg) and match them to a taxpayer. */
  'payment:match',
  /**
   * "Payments needing attention": bills waiting for their RRR, refused notifications, MDAs
   * whose Remita settings Remita refuses (ADR 0031). ADMIN only: what to do is an administrator's.
   */
  'payment:attention',
  /**
   * Assessments (docs/product.md §2 taxs/direct-assessment, taxs/presumptive-tax, §7 Assessment). Which
   * kinds an officer works with is ASSESSMENT_KINDS_OF (src/shared/assessments/enums.ts); these
   * say what they may do with them.
   */
  /** Compute personal income tax without storing anything (the live form, the compute route). */
  'assessment:compute',
  /** List, search, export and open assessments, their notices and objections. */
  'assessment:read',
  /** Create and edit draft assessments. */
  'assessment:create',
  /** Issue a notice of assessment, raise its bill, cancel it with a reason. */
  'assessment:issue',
  /** Capture a past year already paid outside RevDesk, with its receipts (backlog). */
  'assessment:backlog',
  /** Record a taxpayer's objection to an issued assessment. */
  'objection:record',
  /** Decide an objection: upheld (with a revised assessment), partly upheld or refused. */
  'objection:decide',
  /** Waive the penalty and interest of a late assessment, with a reason. */
  'penalty:waive',
  /** Read the trade categories of presumptive tax. */
  'trade-category:read',
  /** Create and change trade categories. */
  'trade-category:write',
  /**
   * Tax Clearance Certificates (docs/product.md §2 TCC lists, §4 approval flow, docs/architecture.md §5). Which
   * kinds an officer reads is TCC_KINDS_OF (src/shared/tcc/enums.ts).
   */
  /** List, search, export and open certificates of the kinds one reads. */
  'tcc:read',
  /** Generate, amend and resubmit a certificate of one kind. */
  'tcc:generate:direct-assessment',
  'tcc:generate:presumptive',
  'tcc:generate:exemption',
  'tcc:generate:paye',
  'tcc:generate:mda-employee',
  /** Approve or reject at one stage of the chain; each stage belongs to one user type. */
  'tcc:approve:director_assessment',
  'tcc:approve:director_collection',
  'tcc:approve:chairman',
  /** Revoke an issued certificate, with a reason (the chairman). */
  'tcc:revoke',
  /** Print an approved certificate; a reprint says COPY. */
  'tcc:print',
  /** Read SSC schedules (levies on public pay), their rows, bills and the rate table. */
  'ssc:read',
  /** Upload or enter an MDA's SSC schedule, replace an unbilled one, raise its bill. ADMIN. */
  'ssc:write',
  /**
   * MDA demand notices (docs/product.md §2 mda/generate-assessment): issue one for an MDA one holds
   * the privilege of, and cancel it with a reason. OFFICER_MDA.
   */
  'demand-notice:issue',
  /**
   * Read demand notices, their PDF, and the MDA transaction report (reporting/mda-transaction-report).
   * MDA staff read their MDAs' only (mdaScope.ts); the budget, the chairman, the executive and the
   * administrator every MDA's.
   */
  'demand-notice:read',
  /**
   * Stamp duty (docs/product.md §2 stamp-duty/all, taxs/stamp-duty; docs/tax-rules.md).
   */
  /** Compute duty, list, search, export and open instruments, download their certificates. */
  'stamp-duty:read',
  /** Assess an instrument, add its parties, bill it, stamp it, cancel it with a reason. */
  'stamp-duty:write',
  /** Keep the dated instrument-type rules and late-stamping settings. ADMIN. */
  'stamp-duty:rules',
  /**
   * POS collections (docs/pos.md): read the transactions, the Benjis dashboard and the keyword
   * report; ADMIN, the POS officers, the executive.
   */
  'pos:read',
  /** Register POS agents and terminals, reassign or stop a terminal. ADMIN. */
  'pos:manage',
  /** Assign or reject a transaction held from an unknown or inactive terminal. */
  'pos:review',
  /** Upload a provider's settlement file and confirm what it holds that RevDesk lacks; pull a day. */
  'pos:settle',
  /** Bank statements and their reconciliation with the ledger (docs/bank.md); ADMIN, EXECUTIVE. */
  'bank:read',
  /** Keep the service's collection accounts. ADMIN. */
  'bank:accounts',
  /** Fetch an account's statement from the bank. ADMIN. */
  'bank:fetch',
  /** Post an unmatched credit as a payment, pick an ambiguous credit's payment, mark one not revenue. ADMIN. */
  'bank:post',
  /** Sign off an account-day's reconciliation. ADMIN. */
  'bank:sign-off',
  /**
   * Read the revenue budget and the budget performance reports (docs/budgets.md); MDA staff
   * read their MDAs' only (mdaScope.ts).
   */
  'budget:read',
  /** Enter or import a new version of a year's revenue budget. ADMIN, DG_BUDGET. */
  'budget:write',
  /**
   * Read the collection reports and dashboards built on the collection totals (ADR 0034); MDA
   * staff read their MDAs' figures only.
   */
  'report:read',
  /** The state-wide executive dashboards: every MDA against the budget. */
  'report:executive',
  /** Produce the Joint Revenue Board return. */
  'report:jrb',
  /** Read the service's performance indicators (docs/indicators.md). */
  'indicator:read',
  /** Set an indicator's target and restate a closed month's snapshot. TCC_CHAIRMAN, ADMIN. */
  'indicator:target',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** What every officer may do, whatever their type. */
const EVERY_OFFICER = [
  'account:self',
  'mda:list',
  'taxpayer:lookup',
  'rrr:check',
  'reference:read',
] as const satisfies readonly Permission[];

/** Officers who meet taxpayers and keep the registry. */
const TAXPAYER_KEEPER = [
  ...EVERY_OFFICER,
  'taxpayer:read',
  'taxpayer:write',
] as const satisfies readonly Permission[];

/**
 * Officers who raise bills for taxpayers, take them by card at the counter, and read what they
 * paid. MDA staff raise bills too but hold no card:take: the card terminal is at the revenue
 * service's counter, not at an MDA's.
 */
const BILLER = [
  ...TAXPAYER_KEEPER,
  'payment:read',
  'invoice:write',
  'card:take',
] as const satisfies readonly Permission[];

/** Officers who assess a taxpayer of their kind (OFFICER_DA direct, OFFICER_PA presumptive). */
const ASSESSOR = [
  ...BILLER,
  'mda:read',
  'assessment:compute',
  'assessment:read',
  'assessment:create',
  'assessment:issue',
  'assessment:backlog',
  'objection:record',
  'trade-category:read',
] as const satisfies readonly Permission[];

/** Officers who read taxpayers' records to decide or print (directors, chairman, printing). */
const TAXPAYER_READER = [
  ...EVERY_OFFICER,
  'taxpayer:read',
] as const satisfies readonly Permission[];

export const ROLE_PERMISSIONS = {
  ADMIN: [
    ...BILLER,
    'officer:read',
    'officer:write',
    'mda:read',
    'mda:write',
    'letterhead:write',
    'audit:read',
    'rrr:check:batch',
    'evas:check',
    'rrr:repush',
    'payment:reverse',
    'payment:match',
    'payment:attention',
    'assessment:read',
    'trade-category:read',
    'trade-category:write',
    'tcc:read',
    'ssc:read',
    'ssc:write',
    'demand-notice:read',
    'stamp-duty:read',
    'stamp-duty:write',
    'stamp-duty:rules',
    'pos:read',
    'pos:manage',
    'pos:review',
    'pos:settle',
    'bank:read',
    'bank:accounts',
    'bank:fetch',
    'bank:post',
    'bank:sign-off',
    'budget:read',
    'budget:write',
    'report:read',
    'report:executive',
    'report:jrb',
    'indicator:read',
    'indicator:target',
  ],
  EXECUTIVE: [
    ...TAXPAYER_READER,
    'payment:read',
    'ssc:read',
    'demand-notice:read',
    'pos:read',
    'bank:read',
    'budget:read',
    'report:read',
    'report:executive',
    'report:jrb',
    'indicator:read',
  ],
  // docs/product.md §2 gives these three mda/mda-list, read-only, and taxs/payment-history.
  OFFICER_DA: [...ASSESSOR, 'tcc:read', 'tcc:generate:direct-assessment'],
  OFFICER_PAYEE: [
    ...BILLER,
    'mda:read',
    'tcc:read',
    'tcc:generate:paye',
    'tcc:generate:mda-employee',
  ],
  OFFICER_PA: [...ASSESSOR, 'tcc:read', 'tcc:generate:presumptive'],
  // docs/product.md §2: mda/generate-assessment and taxs/payment-history, for their own MDAs (mdaScope.ts).
  OFFICER_MDA: [
    ...EVERY_OFFICER,
    'payment:read',
    'invoice:write',
    'demand-notice:issue',
    'demand-notice:read',
    'budget:read',
    'report:read',
  ],
  OFFICER_MDA_ADMIN: [
    ...EVERY_OFFICER,
    'payment:read',
    'invoice:write',
    'demand-notice:read',
    'report:read',
  ],
  DG_BUDGET: [
    ...EVERY_OFFICER,
    'payment:read',
    'ssc:read',
    'demand-notice:read',
    'budget:read',
    'budget:write',
    'report:read',
  ],
  // Approvers of a TCC check what the applicant paid.
  DIRECTOR_ASSESSMENT: [
    ...TAXPAYER_READER,
    'payment:read',
    'assessment:compute',
    'assessment:read',
    'objection:decide',
    'penalty:waive',
    'trade-category:read',
    'tcc:read',
    'tcc:approve:director_assessment',
  ],
  DIRECTOR_COLLECTION: [
    ...TAXPAYER_READER,
    'payment:read',
    'assessment:read',
    'penalty:waive',
    'trade-category:read',
    'tcc:read',
    'tcc:approve:director_collection',
  ],
  ASSESSMENT_OFFICER: [
    ...BILLER,
    'mda:read',
    'assessment:compute',
    'assessment:read',
    'trade-category:read',
    'tcc:read',
    'tcc:generate:direct-assessment',
    'tcc:generate:presumptive',
    'tcc:generate:exemption',
    'tcc:generate:paye',
    'tcc:generate:mda-employee',
  ],
  PRINTING_OFFICER: [...TAXPAYER_READER, 'tcc:read', 'tcc:print'],
  TCC_CHAIRMAN: [
    ...TAXPAYER_READER,
    'payment:read',
    'assessment:read',
    'tcc:read',
    'tcc:approve:chairman',
    'tcc:revoke',
    'demand-notice:read',
    'report:read',
    'report:executive',
    'indicator:read',
    'indicator:target',
  ],
  OFFICER_BENJIS: [...EVERY_OFFICER, 'pos:read', 'pos:review', 'pos:settle'],
  OFFICER_BENJIS_READ: [...EVERY_OFFICER, 'pos:read', 'report:read'],
  OFFICER_STAMP_DUTY: [...BILLER, 'stamp-duty:read', 'stamp-duty:write'],
  INFORMAL_SECTOR_ADMIN: [
    ...TAXPAYER_READER,
    'assessment:read',
    'trade-category:read',
    'report:read',
  ],
} as const satisfies Record<UserType, readonly Permission[]>;

export function hasPermission(userType: UserType, permission: Permission): boolean {
  return (ROLE_PERMISSIONS[userType] as readonly Permission[]).includes(permission);
}

export function permissionsOf(userType: UserType): readonly Permission[] {
  return ROLE_PERMISSIONS[userType];
}
