import { z } from 'zod';
import { optionalText } from '../assessments/text';
import { isoDay } from '../isoDay';
import { PageQuery, pageOf } from '../pagination';
import { PAYMENT_STATUSES } from '../payments/enums';
import {
  TCC_EXEMPTION_REASONS,
  TCC_KINDS,
  TCC_PURPOSES,
  TCC_STAGES,
  TCC_STATUSES,
  TCC_YEAR_FLAGS,
} from './enums';

/** What the TCC routes answer (API contract of docs/product.md §7 TCC; JSON names fixed by the issue). */

const Kobo = z.number().int();
const OfficerRef = z.object({ id: z.uuid(), name: z.string() }).nullable();

export const TccReceipt = z.object({
  number: z.string(),
  /** YYYY-MM-DD */
  date: z.string(),
  amountKobo: Kobo,
});
export type TccReceipt = z.infer<typeof TccReceipt>;

/** One year of the three-year table (docs/tax-rules.md, Tax Clearance Certificate). */
export const TccYear = z.object({
  year: z.number().int(),
  incomeKobo: Kobo,
  taxKobo: Kobo,
  paidKobo: Kobo,
  outstandingKobo: Kobo,
  receipts: z.array(TccReceipt),
  /** Red on the page: not fully paid, or no assessment; `justification` says why it went on. */
  flag: z.enum(TCC_YEAR_FLAGS).nullable(),
  justification: z.string().nullable(),
  /** The assessments the year was built from (direct-assessment and presumptive kinds). */
  assessmentIds: z.array(z.uuid()),
  /**
   * PAYE and MDA employees: what the ledger's paid remittances matching the year add up to
   * (generate/years.ts `remittedYears`); absent on certificates made before the check.
   */
  remittedKobo: Kobo.optional(),
  /** The tax paid entered for the year has no matching remittance in the ledger (red to approvers). */
  unbacked: z.boolean().optional(),
});
export type TccYear = z.infer<typeof TccYear>;

export const TCC_ACTIONS = ['approve', 'reject', 'resubmit', 'revoke', 'print'] as const;
export type TccAction = (typeof TCC_ACTIONS)[number];

/** One row of a TCC list. */
export const TccListItem = z.object({
  id: z.uuid(),
  /** `<prefix>/TCC/<year>/<sequence>`, given when generated. */
  number: z.string(),
  kind: z.enum(TCC_KINDS),
  status: z.enum(TCC_STATUSES),
  btin: z.string(),
  name: z.string(),
  purpose: z.enum(TCC_PURPOSES),
  generatedAt: z.string(),
  generatedBy: OfficerRef,
  /** When it entered its present status: what "waiting" counts from. */
  statusChangedAt: z.string(),
  /** Whole days in the present status, in Lagos. */
  waitingDays: z.number().int(),
  /** Any year flagged in red. */
  flagged: z.boolean(),
  /** What the viewer may do with it now (separation of duties applied). */
  actions: z.array(z.enum(TCC_ACTIONS)),
});
export type TccListItem = z.infer<typeof TccListItem>;

export const TCC_HISTORY_ACTIONS = [
  'generated',
  'fee_paid',
  'approved',
  'rejected',
  'resubmitted',
  'printed',
  'revoked',
] as const;

export const TccHistoryEntry = z.object({
  id: z.uuid(),
  action: z.enum(TCC_HISTORY_ACTIONS),
  fromStatus: z.enum(TCC_STATUSES).nullable(),
  toStatus: z.enum(TCC_STATUSES),
  stage: z.enum(TCC_STAGES).nullable(),
  actor: OfficerRef,
  /** The approver's comment, the rejection's or revocation's reason, the officer's amendment note. */
  comment: z.string().nullable(),
  at: z.string(),
});
export type TccHistoryEntry = z.infer<typeof TccHistoryEntry>;

/** One evidence file of a certificate: opened with GET /tcc/{id}/evidence/{evidenceId}. */
export const TccEvidenceItem = z.object({
  id: z.uuid(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploadedBy: OfficerRef,
  uploadedAt: z.string(),
});
export type TccEvidenceItem = z.infer<typeof TccEvidenceItem>;

export const TccEvidenceParams = z.object({
  id: z.uuid({ error: 'Not a certificate id' }),
  evidenceId: z.uuid({ error: 'Not an evidence file id' }),
});

/** The person the certificate is for, as it was when generated (or last amended). */
export const TccHolder = z.object({
  name: z.string(),
  address: z.string().nullable(),
  /** NIN for individuals (docs/tax-rules.md, other facts). */
  nationalId: z.string().nullable(),
  phone: z.string().nullable(),
  hasPhoto: z.boolean(),
});

export const TccView = TccListItem.extend({
  holder: TccHolder,
  purposeDetail: z.string().nullable(),
  sourceOfIncome: z.string(),
  comment: z.string().nullable(),
  years: z.array(TccYear),
  exemption: z
    .object({ reason: z.enum(TCC_EXEMPTION_REASONS), evidenceNote: z.string() })
    .nullable(),
  employer: z.object({ btin: z.string(), name: z.string() }).nullable(),
  mda: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  staffNumber: z.string().nullable(),
  /** The processing fee, when its kind has one (then awaiting_payment until paid). */
  fee: z
    .object({
      amountKobo: Kobo,
      rrr: z.string().nullable(),
      paymentId: z.uuid().nullable(),
      paymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
    })
    .nullable(),
  issuedAt: z.string().nullable(),
  /** YYYY-MM-DD */
  expiresOn: z.string().nullable(),
  printCount: z.number().int(),
  lastPrintedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokeReason: z.string().nullable(),
  history: z.array(TccHistoryEntry),
  /**
   * Generated while the taxpayer held an approved, unexpired certificate of the kind and purpose:
   * that certificate and the officer's reason (shown at the top to every approver).
   */
  duplicate: z
    .object({
      of: z.object({ id: z.uuid(), number: z.string(), expiresOn: z.string().nullable() }),
      reason: z.string(),
    })
    .nullable(),
  /** Evidence files (PDF or image) the certificate carries, oldest first. */
  evidence: z.array(TccEvidenceItem),
  version: z.number().int(),
}).meta({ id: 'Tcc' });
export type TccView = z.infer<typeof TccView>;

/**
 * What a certificate of a kind would say for a taxpayer, before it is generated: the holder and
 * the three-year table read from their assessments and the ledger (direct-assessment and
 * presumptive; other kinds get the years to fill in), and the open certificate that would stop
 * a new one. Nothing is stored.
 */
export const TccPreviewQuery = z.object({
  kind: z.enum(TCC_KINDS),
  btin: z
    .string()
    .trim()
    .regex(/^\d{10}$/, { error: 'A BTIN is 10 digits' }),
});
export type TccPreviewQuery = z.output<typeof TccPreviewQuery>;

export const TccPreview = z
  .object({
    kind: z.enum(TCC_KINDS),
    btin: z.string(),
    holder: TccHolder,
    /** The three preceding years, oldest first; flagged ones need a justification. */
    years: z.array(TccYear),
    /** The processing fee of the kind (0: none). */
    feeKobo: Kobo,
    /** Open certificates of this kind for the taxpayer, by purpose: a second for one purpose is refused. */
    open: z.array(
      z.object({
        id: z.uuid(),
        number: z.string(),
        purpose: z.enum(TCC_PURPOSES),
        status: z.enum(TCC_STATUSES),
      }),
    ),
    /**
     * Approved (or printed), unexpired certificates of this kind the taxpayer holds, one a
     * purpose (the latest expiry): a second for that purpose needs a written `duplicateReason`.
     */
    held: z.array(
      z.object({
        id: z.uuid(),
        number: z.string(),
        purpose: z.enum(TCC_PURPOSES),
        /** YYYY-MM-DD, the last day it is valid. */
        expiresOn: z.string(),
      }),
    ),
  })
  .meta({ id: 'TccPreview' });
export type TccPreview = z.infer<typeof TccPreview>;

export const TccCreated = z
  .object({ id: z.uuid(), number: z.string(), status: z.enum(TCC_STATUSES) })
  .meta({ id: 'TccCreated' });
export type TccCreated = z.infer<typeof TccCreated>;

export const TCC_SORTS = [
  '-generatedAt',
  'generatedAt',
  '-waiting',
  'waiting',
  'number',
  '-number',
  'queue',
] as const;
/**
 * `queue`: an approver's or the printing officer's queue — what still waits (on a stage, or
 * approved and not printed) first, the longest waiting first by when it reached its present
 * status; then the rest, the same way.
 */
export type TccSort = (typeof TCC_SORTS)[number];

const isoDate = isoDay('Use a date like 2026-01-31');
const yesNo = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

export const TccListQuery = PageQuery.extend({
  /** A certificate number, a BTIN, or part of the holder's name. */
  search: optionalText(100),
  kind: z.enum(TCC_KINDS).optional(),
  /** One status or several, comma-separated (a SPEC list is a view by kind and statuses). */
  status: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const parts = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = parts.filter((s) => !(TCC_STATUSES as readonly string[]).includes(s));
      if (bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: `Unknown status: ${bad.join(', ')}` });
        return z.NEVER;
      }
      return parts as (typeof TCC_STATUSES)[number][];
    }),
  purpose: z.enum(TCC_PURPOSES).optional(),
  generatedFrom: isoDate.optional(),
  generatedTo: isoDate.optional(),
  /** Only the certificates the signed-in officer generated. */
  mine: yesNo,
  btin: z
    .string()
    .trim()
    .regex(/^\d{10}$/, { error: 'A BTIN is 10 digits' })
    .optional(),
  sort: z.enum(TCC_SORTS).default('-generatedAt'),
  format: z.enum(['csv', 'xlsx']).optional(),
});
export type TccListQuery = z.output<typeof TccListQuery>;

/** The queues a decision is made from: a stage's pending certificates, or the printing officer's. */
export const TCC_QUEUES = [...TCC_STAGES, 'print'] as const;
export type TccQueue = (typeof TCC_QUEUES)[number];

export const TccNextQuery = z.object({
  kind: z.enum(TCC_KINDS),
  queue: z.enum(TCC_QUEUES),
  /** The certificate just decided, never answered as its own next (it may still be listed). */
  after: z.uuid({ error: 'Not a certificate id' }).optional(),
});
export type TccNextQuery = z.output<typeof TccNextQuery>;

/** What waits next in a queue for the caller, as the server reads it now; null when nothing does. */
export const TccNext = z
  .object({
    next: z.object({ id: z.uuid(), number: z.string(), statusChangedAt: z.string() }).nullable(),
  })
  .meta({ id: 'TccNext' });
export type TccNext = z.infer<typeof TccNext>;

export const TccPage = pageOf(TccListItem).meta({ id: 'TccPage' });
export type TccPage = z.infer<typeof TccPage>;

export const TccIdParams = z.object({ id: z.uuid({ error: 'Not a certificate id' }) });

export const TccBulkResult = z
  .object({
    results: z.array(
      z.object({
        id: z.uuid(),
        number: z.string().nullable(),
        outcome: z.enum(['approved', 'failed']),
        status: z.enum(TCC_STATUSES).nullable(),
        /** Why it failed, in words for the officer. */
        message: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'TccBulkResult' });
export type TccBulkResult = z.infer<typeof TccBulkResult>;

/** What a certificate's QR code opens: whether it is genuine, and nothing more. */
export const PUBLIC_TCC_STATUSES = ['valid', 'revoked', 'expired', 'unknown'] as const;
export const PublicTccView = z
  .object({
    status: z.enum(PUBLIC_TCC_STATUSES),
    /** The certificate's number; null when the code names none (ADR 0032). */
    number: z.string().nullable(),
    /** `J*** O******`: enough to compare with the paper, not to learn a name. Never the BTIN (ADR 0032). */
    maskedName: z.string().nullable(),
    issuedOn: z.string().nullable(),
    expiresOn: z.string().nullable(),
    years: z.array(z.number().int()),
  })
  .meta({ id: 'PublicTcc' });
export type PublicTccView = z.infer<typeof PublicTccView>;

/** The service's public keys for checking a certificate's signed QR payload offline (ADR 0013). */
export const PublicKeyList = z
  .object({
    keys: z.array(
      z.object({
        keyId: z.string(),
        algorithm: z.literal('Ed25519'),
        /** The raw 32-byte public key, base64url. */
        publicKey: z.string(),
        /** The key that signs new certificates; older ones stay listed for those they signed. */
        current: z.boolean(),
        since: z.string(),
      }),
    ),
  })
  .meta({ id: 'PublicKeyList' });
export type PublicKeyList = z.infer<typeof PublicKeyList>;
