import { formatKoboAsNaira } from '../money';
import type { PaymentChannel } from '../payments/enums';

/**
 * The service's performance indicators (docs/indicators.md): what each measures, in words a
 * non-specialist reads, and the TADAT indicator it speaks to. The keys are the contract of
 * GET /api/v1/indicators; the ones not built yet are listed so the contract names them all.
 */
export const INDICATOR_KEYS = [
  'arrears-stock',
  'arrears-over-a-year',
  'on-time-payment',
  'electronic-payment',
  'objections-within-90-days',
  'suspense-value',
  'tcc-within-14-days',
  'registry-duplicates',
] as const;
export type IndicatorKey = (typeof INDICATOR_KEYS)[number];

/** share: 0–1; naira: integer kobo; count: a number of records; days: a number of days. */
export const INDICATOR_UNITS = ['share', 'naira', 'count', 'days'] as const;
export type IndicatorUnit = (typeof INDICATOR_UNITS)[number];

export type IndicatorDefinition = {
  key: IndicatorKey;
  label: string;
  unit: IndicatorUnit;
  /** Whether a higher figure is the better one (the card says whether the target is met). */
  higherIsBetter: boolean;
  definition: string;
  /** The TADAT indicator, as the TADAT framework (tadat.org, Field Guide 2019) numbers it. */
  tadatRef: string;
  /** The page listing the records it counts, where one exists. */
  drillDown: string | null;
};

/** The indicators built so far, in the order the page shows them. */
export const INDICATORS: readonly IndicatorDefinition[] = [
  // Arrears and on-time payment (src/server/modules/indicators/figures/arrears.ts).
  {
    key: 'arrears-stock',
    label: 'Tax arrears',
    unit: 'share',
    higherIsBetter: false,
    definition:
      'Tax billed and past its due date but not yet paid at the end of the month — assessments, MDA demand notices and stamp duty bills — as a share of all the money collected in the 12 months to that day; with how long it has been owed and how much became owed or was collected in the month.',
    tadatRef: 'P5-15 Stock and flow of tax arrears',
    drillDown: '/birs/reporting/mda-transaction-report?status=overdue',
  },
  {
    key: 'arrears-over-a-year',
    label: 'Arrears over a year old',
    unit: 'share',
    higherIsBetter: false,
    definition:
      'Of the tax owed and unpaid at the end of the month, the share by value that fell due more than a year (365 days) before: the arrears least likely to be collected.',
    tadatRef: 'P5-15 Stock and flow of tax arrears (arrears over 12 months old)',
    drillDown: '/birs/reporting/mda-transaction-report?status=overdue&sort=dueOn',
  },
  {
    key: 'on-time-payment',
    label: 'Paid on time',
    unit: 'share',
    higherIsBetter: true,
    definition:
      'Of the assessments and MDA demand notices whose due date fell in the month, the share paid in full by the end of their due date — by number, and by value below. A part payment is not paid in full.',
    tadatRef: 'P5-14 Timeliness of payments',
    drillDown: '/birs/reporting/mda-transaction-report?sort=dueOn',
  },
  {
    key: 'electronic-payment',
    label: 'Paid electronically',
    unit: 'share',
    higherIsBetter: true,
    definition:
      'Of the money collected in the month (net of reversals), the share by value that came through Remita, a card, a POS terminal or a bank transfer rather than over the counter by hand.',
    tadatRef: 'P5-12 Use of electronic payment methods',
    drillDown: '/birs/reporting/collection-by-mda',
  },
  {
    key: 'suspense-value',
    label: 'Money in suspense',
    unit: 'naira',
    higherIsBetter: false,
    definition:
      'Bank credits to the collection accounts that are not yet matched to a payment or posted as one (unmatched or ambiguous), with a value date on or before the end of the month: their value, their number and how long they have waited.',
    tadatRef: 'P8 Efficient revenue management: revenue accounting (indicator number to confirm)',
    drillDown: '/birs/transactions/post-transactions',
  },
  {
    key: 'objections-within-90-days',
    label: 'Objections decided within 90 days',
    unit: 'share',
    higherIsBetter: true,
    definition:
      'Of the objections decided in the month, the share decided within 90 days of being filed (counting Lagos calendar days; day 90 is within), with the shares within 30 and 60 days, the median days and the share upheld or partly upheld.',
    tadatRef:
      'P7 Effective tax dispute resolution: time taken to resolve disputes (indicator number to confirm)',
    drillDown: '/birs/taxs/objections',
  },
  {
    key: 'tcc-within-14-days',
    label: 'Certificates within 14 days',
    unit: 'share',
    higherIsBetter: true,
    definition:
      'Of the tax clearance certificates the chairman approved in the month, the share approved within 14 days of being requested (Lagos calendar days; day 14 is within), as the law asks for two weeks; with the median days to approval and to printing, and how long certificates wait with each approver.',
    tadatRef:
      'P3 Supporting voluntary compliance, the nearest: no TADAT indicator names certificates (to confirm)',
    drillDown: '/birs/taxs/completed-tcc-da',
  },
  {
    key: 'registry-duplicates',
    label: 'Likely duplicate taxpayers',
    unit: 'count',
    higherIsBetter: false,
    definition:
      'Registered taxpayers that share a NIN, a phone number or an e-mail address with another, or the same name and date of birth: each taxpayer in such a group counted once (a pair is 2). With the records missing a national ID or a phone number.',
    tadatRef: 'P1-1 Accurate and reliable taxpayer information',
    drillDown: '/birs/taxpayer/individual-taxpayer',
  },
];

export function definitionOf(key: string): IndicatorDefinition | undefined {
  return INDICATORS.find((i) => i.key === key);
}

/** The channels counted as electronic payment: every one but money taken by hand. */
export const ELECTRONIC_CHANNELS: readonly PaymentChannel[] = ['remita', 'card', 'pos', 'bank'];

/** A figure as the page and the export write it: 45.7 %, ₦1,250.00, 12, 33 days; "—" when none. */
export function formatIndicatorValue(value: number | null, unit: IndicatorUnit): string {
  if (value === null) return '—';
  switch (unit) {
    case 'share':
      return `${(value * 100).toFixed(1)} %`;
    case 'naira':
      return formatKoboAsNaira(Math.round(value));
    case 'count':
      return Math.round(value).toLocaleString('en-NG');
    case 'days':
      return `${Number.isInteger(value) ? value : value.toFixed(1)} days`;
  }
}

/** The largest target each unit takes: a share is at most 1, money and counts a trillion. */
export const TARGET_MAX: Record<IndicatorUnit, number> = {
  share: 1,
  naira: 1e15,
  count: 1e9,
  days: 3650,
};
