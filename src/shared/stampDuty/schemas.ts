import { z } from 'zod';
import { AssessmentBtin } from '../assessments/input';
import { optionalText, requiredText } from '../assessments/text';
import { todayInLagos } from '../dates';
import { PG_INTEGER_MAX } from '../ids';
import { isoDay } from '../isoDay';
import { PageQuery, pageOf } from '../pagination';
import { PaymentView } from '../payments/views';
import { PhoneInput } from '../taxpayers/input';
import {
  INSTRUMENT_STATUSES,
  INSTRUMENT_TYPES,
  MAX_CONSIDERATION_KOBO,
  PARTY_ROLES,
  STAMP_EXEMPTION_KINDS,
  STAMP_INSTRUMENT_SORTS,
  STAMP_LAWS,
  STAMP_RULE_KINDS,
} from './enums';

/**
 * What the stamp duty routes take and answer (API contract); the web forms parse with the same
 * schemas. No component ids on bodies with defaults (see assessments/input.ts).
 */

const ConsiderationKobo = z
  .int({ error: 'Enter the consideration in whole kobo (no fractions)' })
  .min(0, { error: 'The consideration cannot be negative' })
  .max(MAX_CONSIDERATION_KOBO, {
    error: 'The consideration is over ₦1 trillion: check the figure',
  });

const TermYears = z
  .int({ error: 'Enter the lease term in whole years' })
  .min(1, { error: 'A lease is at least one year' })
  .max(999, { error: 'A lease term is at most 999 years' });

const day = isoDay('Enter a date as YYYY-MM-DD');

/** Not after today in Lagos: an instrument not yet executed is not stamped. */
const ExecutedOn = day.refine((d) => d <= todayInLagos(), {
  error: 'The date of execution cannot be in the future',
});

const InstrumentTypeField = z.enum(INSTRUMENT_TYPES, {
  error: `Choose an instrument type: ${INSTRUMENT_TYPES.join(', ')}`,
});

export const StampDutyComputeInput = z.object({
  instrumentType: InstrumentTypeField,
  considerationKobo: ConsiderationKobo,
  termYears: TermYears.optional(),
  executedOn: ExecutedOn.optional(),
  /** The day the duty is to be paid; today when absent (the penalty runs to it). */
  stampedOn: day.optional(),
});
export type StampDutyComputeInput = z.output<typeof StampDutyComputeInput>;

export const LeaseTierView = z.object({ overYears: z.number().int(), ratePpm: z.number().int() });

export const StampDutyRuleView = z
  .object({
    id: z.uuid().nullable(),
    instrumentType: z.enum(INSTRUMENT_TYPES),
    name: z.string(),
    law: z.enum(STAMP_LAWS),
    kind: z.enum(STAMP_RULE_KINDS),
    ratePpm: z.number().int().nullable(),
    flatKobo: z.number().int().nullable(),
    leaseTiers: z.array(LeaseTierView).nullable(),
    exemptionKind: z.enum(STAMP_EXEMPTION_KINDS),
    exemptionThresholdKobo: z.number().int().nullable(),
    chargedPartyRole: z.enum(PARTY_ROLES),
    validFrom: z.string(),
    validTo: z.string().nullable(),
    toConfirm: z.boolean(),
    source: z.string(),
  })
  .meta({ id: 'StampDutyRule' });
export type StampDutyRuleView = z.infer<typeof StampDutyRuleView>;

export const StampDutyComputation = z
  .object({
    dutyKobo: z.number().int(),
    penaltyKobo: z.number().int(),
    rule: StampDutyRuleView,
    law: z.enum(STAMP_LAWS),
    lawName: z.string(),
    chargedPartyRole: z.enum(PARTY_ROLES),
    exemption: z.string().nullable(),
    daysLate: z.number().int(),
    latePenaltyKobo: z.number().int(),
    interestKobo: z.number().int(),
    interestAnnualBasisPoints: z.number().int(),
    penaltyToConfirm: z.boolean(),
    totalKobo: z.number().int(),
  })
  .meta({ id: 'StampDutyComputation' });
export type StampDutyComputation = z.infer<typeof StampDutyComputation>;

/** A party: a registered taxpayer by BTIN, or a named person with a phone. */
export const StampPartyInput = z
  .object({
    role: z.enum(PARTY_ROLES, { error: `Choose a role: ${PARTY_ROLES.join(', ')}` }),
    btin: AssessmentBtin.optional(),
    name: optionalText(200),
    phone: PhoneInput.optional(),
  })
  .refine((p) => p.btin !== undefined || (!!p.name && p.phone !== undefined), {
    error: 'Give the party’s BTIN, or a name and a phone number',
  });
export type StampPartyInput = z.output<typeof StampPartyInput>;

export const StampInstrumentInput = z.object({
  instrumentType: InstrumentTypeField,
  executedOn: ExecutedOn,
  considerationKobo: ConsiderationKobo,
  termYears: TermYears.optional(),
  description: requiredText(3, 1_000, 'Describe the instrument (at least 3 characters)'),
  parties: z
    .array(StampPartyInput)
    .min(2, { error: 'An instrument has at least two parties' })
    .max(50, { error: 'At most 50 parties' }),
});
export type StampInstrumentInput = z.output<typeof StampInstrumentInput>;

/** The scan of an instrument: a PDF, JPEG or PNG of at most 5 MB (a deed of a few pages). */
export const STAMP_SCAN_MAX_BYTES = 5 * 1024 * 1024;
export const STAMP_SCAN_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

export const StampPartyView = z.object({
  id: z.uuid(),
  role: z.enum(PARTY_ROLES),
  btin: z.string().nullable(),
  name: z.string(),
  phone: z.string().nullable(),
  /** A company party: the instrument may be the federal service's (docs/tax-rules.md). */
  isCompany: z.boolean(),
  isCharged: z.boolean(),
});
export type StampPartyView = z.infer<typeof StampPartyView>;

export const StampInstrumentView = z
  .object({
    id: z.uuid(),
    instrumentType: z.enum(INSTRUMENT_TYPES),
    executedOn: z.string(),
    considerationKobo: z.number().int(),
    termYears: z.number().int().nullable(),
    description: z.string(),
    status: z.enum(INSTRUMENT_STATUSES),
    dutyKobo: z.number().int(),
    penaltyKobo: z.number().int(),
    totalKobo: z.number().int(),
    law: z.enum(STAMP_LAWS),
    chargedPartyRole: z.enum(PARTY_ROLES),
    rule: StampDutyRuleView,
    exemption: z.string().nullable(),
    possiblyFederal: z.boolean(),
    certificateNumber: z.string().nullable(),
    stampedAt: z.string().nullable(),
    stampedByName: z.string().nullable(),
    cancelReason: z.string().nullable(),
    paymentId: z.uuid().nullable(),
    rrr: z.string().nullable(),
    receiptNumber: z.string().nullable(),
    paidAt: z.string().nullable(),
    partyNames: z.string(),
    /** The instrument's scan (`GET …/{id}/scan`): its content type, null when none is attached. */
    scanContentType: z.enum(STAMP_SCAN_TYPES).nullable(),
    version: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'StampInstrument' });
export type StampInstrumentView = z.infer<typeof StampInstrumentView>;

export const StampInstrumentDetail = StampInstrumentView.extend({
  parties: z.array(StampPartyView),
}).meta({ id: 'StampInstrumentDetail' });
export type StampInstrumentDetail = z.infer<typeof StampInstrumentDetail>;

export const StampInstrumentListQuery = PageQuery.extend({
  status: z.enum(INSTRUMENT_STATUSES).optional(),
  instrumentType: z.enum(INSTRUMENT_TYPES).optional(),
  /** A certificate number, a BTIN, or part of a party's name or the description. */
  search: optionalText(100),
  executedFrom: day.optional(),
  executedTo: day.optional(),
  sort: z.enum(STAMP_INSTRUMENT_SORTS).default('-createdAt'),
  format: z.enum(['csv', 'xlsx']).optional(),
});
export type StampInstrumentListQuery = z.output<typeof StampInstrumentListQuery>;

export const StampInstrumentPage = pageOf(StampInstrumentView).meta({ id: 'StampInstrumentPage' });
export type StampInstrumentPage = z.infer<typeof StampInstrumentPage>;

export const StampInstrumentIdParams = z.object({ id: z.uuid({ error: 'Not an instrument id' }) });

export const StampBillInput = z.object({
  mdaId: z.uuid({ error: 'Choose the MDA the bill is paid to' }).optional(),
  revenueHeadCode: z.string().trim().min(1).max(20).optional(),
});
export type StampBillInput = z.output<typeof StampBillInput>;

export const StampBillView = z
  .object({ instrument: StampInstrumentDetail, bill: PaymentView })
  .meta({ id: 'StampBill' });
export type StampBillView = z.infer<typeof StampBillView>;

export const StampedView = z
  .object({
    id: z.uuid(),
    certificateNumber: z.string(),
    status: z.literal('stamped'),
    instrument: StampInstrumentDetail,
  })
  .meta({ id: 'StampedInstrument' });

export const StampCancelInput = z.object({
  reason: requiredText(5, 500, 'Say why the instrument is cancelled (at least 5 characters)'),
});

/**
 * The public check of a stamp certificate by its code (ADR 0032): masked names, the days, the
 * verdict. A bare certificate number answers only `PublicMatch` (src/shared/publicCheck.ts).
 */
/**
 * The public check's answer (ADR 0032). By the code under the QR code, every field; by the bare
 * certificate number (the contract's `{certificateNumber}`), the verdict and the number only,
 * so walking the sequential numbers learns nothing of any instrument or party.
 */
export const PublicStampCheck = z
  .object({
    status: z.enum(['valid', 'cancelled']),
    certificateNumber: z.string(),
    instrumentType: z.enum(INSTRUMENT_TYPES).optional(),
    instrumentTypeLabel: z.string().optional(),
    executedOn: z.string().optional(),
    stampedOn: z.string().optional(),
    /** Masked names, first names too (src/shared/publicCode.ts). */
    parties: z.array(z.object({ role: z.enum(PARTY_ROLES), name: z.string() })).optional(),
    dutyKobo: z.number().int().optional(),
  })
  .meta({ id: 'PublicStampCheck' });
export type PublicStampCheck = z.infer<typeof PublicStampCheck>;

export const StampPenaltyRuleView = z.object({
  law: z.enum(STAMP_LAWS),
  graceDays: z.number().int(),
  penaltyBasisPoints: z.number().int(),
  interestBasis: z.enum(['mpr', 'fixed']),
  interestAnnualBasisPoints: z.number().int().nullable(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  toConfirm: z.boolean(),
  source: z.string(),
});

export const StampMprRateView = z.object({
  annualBasisPoints: z.number().int(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  toConfirm: z.boolean(),
  source: z.string(),
});

export const StampDutyRuleTables = z
  .object({
    items: z.array(StampDutyRuleView.extend({ version: z.number().int() })),
    penalties: z.array(StampPenaltyRuleView.extend({ id: z.uuid() })),
    mprRates: z.array(StampMprRateView.extend({ id: z.uuid() })),
  })
  .meta({ id: 'StampDutyRuleTables' });
export type StampDutyRuleTables = z.infer<typeof StampDutyRuleTables>;

/** An administrator's change of one dated rule (send the version read: 409 when changed since). */
export const StampDutyRuleUpdate = z.object({
  name: requiredText(3, 200, 'Name the rule (at least 3 characters)'),
  ratePpm: z.int().min(0).max(1_000_000).nullable(),
  flatKobo: z.int().min(0).max(100_000_000_000).nullable(),
  leaseTiers: z
    .array(
      LeaseTierView.extend({
        overYears: z.int().min(0).max(999),
        ratePpm: z.int().min(0).max(1_000_000),
      }),
    )
    .max(10)
    .nullable(),
  exemptionKind: z.enum(STAMP_EXEMPTION_KINDS),
  exemptionThresholdKobo: z.int().min(0).max(MAX_CONSIDERATION_KOBO).nullable(),
  chargedPartyRole: z.enum(PARTY_ROLES),
  validFrom: day,
  validTo: day.nullable(),
  toConfirm: z.boolean(),
  source: requiredText(3, 500, 'Name the source of the rule, or say it is to confirm'),
  version: z.int().min(1).max(PG_INTEGER_MAX),
});
export type StampDutyRuleUpdate = z.output<typeof StampDutyRuleUpdate>;

export const StampDutyRuleIdParams = z.object({ id: z.uuid({ error: 'Not a rule id' }) });

const sourceText = requiredText(3, 500, 'Name the source of the figure, or say it is to confirm');

/** The figures of a late-stamping penalty row, and what says where they come from. */
const penaltyFigures = {
  graceDays: z.int().min(0).max(366),
  /** A one-off share of the unpaid duty: 0 to 100 %. */
  penaltyBasisPoints: z.int().min(0).max(10_000),
  interestBasis: z.enum(['mpr', 'fixed']),
  interestAnnualBasisPoints: z.int().min(0).max(10_000).nullable(),
  toConfirm: z.boolean(),
  source: sourceText,
};

function checkInterest(
  input: { interestBasis: 'mpr' | 'fixed'; interestAnnualBasisPoints: number | null },
  ctx: z.RefinementCtx,
) {
  if (input.interestBasis === 'fixed' && input.interestAnnualBasisPoints === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['interestAnnualBasisPoints'],
      message: 'A fixed interest needs its rate a year',
    });
  }
  if (input.interestBasis === 'mpr' && input.interestAnnualBasisPoints !== null) {
    ctx.addIssue({
      code: 'custom',
      path: ['interestAnnualBasisPoints'],
      message: 'Interest at the Monetary Policy Rate takes no rate of its own',
    });
  }
}

/**
 * A new late-stamping penalty row for a law (ADR 0033: a change is a new dated row). It starts
 * inside the period of the law's latest row, which then ends the day before.
 */
export const StampPenaltyRuleInput = z
  .object({ law: z.enum(STAMP_LAWS), ...penaltyFigures, validFrom: day })
  .superRefine(checkInterest);
export type StampPenaltyRuleInput = z.output<typeof StampPenaltyRuleInput>;

/**
 * The correction of a mistake in a penalty row (ADR 0033): its figures while no billed
 * instrument was charged under it, its source and "to confirm" always; never its law or dates.
 */
export const StampPenaltyRuleCorrection = z.object(penaltyFigures).superRefine(checkInterest);
export type StampPenaltyRuleCorrection = z.output<typeof StampPenaltyRuleCorrection>;

/** A new Monetary Policy Rate from a day (the Central Bank's announcement). */
export const StampMprRateInput = z.object({
  /** 27.5 % = 2,750; at most 100 %. */
  annualBasisPoints: z.int().min(0).max(10_000),
  validFrom: day,
  toConfirm: z.boolean(),
  source: sourceText,
});
export type StampMprRateInput = z.output<typeof StampMprRateInput>;

/** The correction of a mistake in an MPR row: as a penalty row's (its day stays). */
export const StampMprRateCorrection = StampMprRateInput.omit({ validFrom: true });
export type StampMprRateCorrection = z.output<typeof StampMprRateCorrection>;

export const StampRateIdParams = z.object({ id: z.uuid({ error: 'Not a row id' }) });
