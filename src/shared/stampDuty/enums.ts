/**
 * The closed lists of stamp duty (docs/tax-rules.md, "Stamp duty"), shared by the database
 * enums, the API and the screens.
 */

/** The instrument types RevDesk stamps; each has one dated rule per law (stamp_duty_rules). */
export const INSTRUMENT_TYPES = [
  'conveyance',
  'lease',
  'mortgage',
  'insurance_policy',
  'agreement',
  'agreement_under_hand',
  'guarantee',
  'receipt',
] as const;
export type InstrumentType = (typeof INSTRUMENT_TYPES)[number];

export const INSTRUMENT_TYPE_LABELS = {
  conveyance: 'Conveyance / transfer on sale',
  lease: 'Lease',
  mortgage: 'Mortgage, bond or debenture',
  insurance_policy: 'Policy of insurance',
  agreement: 'Agreement or contract',
  agreement_under_hand: 'Agreement under hand',
  guarantee: 'Guarantee',
  receipt: 'Receipt (₦10,000 or more)',
} as const satisfies Record<InstrumentType, string>;

/** A party's part in the instrument; the law names the one charged (the rule's `chargedPartyRole`). */
export const PARTY_ROLES = [
  'transferor',
  'transferee',
  'lessor',
  'lessee',
  'mortgagor',
  'mortgagee',
  'insurer',
  'insured',
  'guarantor',
  'party',
] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];

export const PARTY_ROLE_LABELS = {
  transferor: 'Transferor',
  transferee: 'Transferee',
  lessor: 'Lessor',
  lessee: 'Lessee',
  mortgagor: 'Mortgagor',
  mortgagee: 'Mortgagee',
  insurer: 'Insurer',
  insured: 'Insured',
  guarantor: 'Guarantor',
  party: 'Party',
} as const satisfies Record<PartyRole, string>;

/**
 * `assessed` (duty computed and stored) → `billed` (an RRR raised) → `paid` (the ledger settled
 * the bill) → `stamped` (a certificate number). `cancelled` with a reason, never once paid.
 */
export const INSTRUMENT_STATUSES = ['assessed', 'billed', 'paid', 'stamped', 'cancelled'] as const;
export type InstrumentStatus = (typeof INSTRUMENT_STATUSES)[number];

export const INSTRUMENT_STATUS_LABELS = {
  assessed: 'Assessed',
  billed: 'Billed',
  paid: 'Paid',
  stamped: 'Stamped',
  cancelled: 'Cancelled',
} as const satisfies Record<InstrumentStatus, string>;

/**
 * How a rule charges: a share of the consideration, a fixed amount, or (a lease) a share that
 * depends on the term in years.
 */
export const STAMP_RULE_KINDS = ['percent', 'flat', 'lease_tiers'] as const;
export type StampRuleKind = (typeof STAMP_RULE_KINDS)[number];

/**
 * When an instrument is not chargeable: its value at or below a threshold (NTA 2025 Ninth
 * Schedule, a conveyance of ₦10 m or less), below one (a receipt under ₦10,000), or a lease's
 * annual value (total rent ÷ term) below one (NTA 2025 s.135).
 */
export const STAMP_EXEMPTION_KINDS = [
  'none',
  'value_at_or_below',
  'value_below',
  'annual_value_below',
] as const;
export type StampExemptionKind = (typeof STAMP_EXEMPTION_KINDS)[number];

/** The two laws of docs/tax-rules.md, by the date of execution. */
export const STAMP_LAWS = ['SDA', 'NTA2025'] as const;
export type StampLaw = (typeof STAMP_LAWS)[number];

export const STAMP_LAW_LABELS = {
  SDA: 'Stamp Duties Act as amended by the Finance Acts 2019/2020',
  NTA2025: 'Nigeria Tax Act 2025, Ninth Schedule',
} as const satisfies Record<StampLaw, string>;

/** The largest consideration taken (₦1 trillion): anything above is a typing error. */
export const MAX_CONSIDERATION_KOBO = 100_000_000_000_000;

export const STAMP_INSTRUMENT_SORTS = [
  'executedOn',
  '-executedOn',
  'createdAt',
  '-createdAt',
  'duty',
  '-duty',
] as const;
