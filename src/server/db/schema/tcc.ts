import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  TCC_EXEMPTION_REASONS,
  TCC_KINDS,
  TCC_PURPOSES,
  TCC_STAGES,
  TCC_STATUSES,
} from '../../../shared/tcc/enums';
import { TCC_HISTORY_ACTIONS } from '../../../shared/tcc/views';
import { jobs } from './jobs';
import { mdas } from './mdas';
import { officers } from './officers';
import { taxpayers } from './taxpayers';

export const tccKind = pgEnum('tcc_kind', TCC_KINDS);
export const tccStatus = pgEnum('tcc_status', TCC_STATUSES);
export const tccStage = pgEnum('tcc_stage', TCC_STAGES);
export const tccPurpose = pgEnum('tcc_purpose', TCC_PURPOSES);
export const tccExemptionReason = pgEnum('tcc_exemption_reason', TCC_EXEMPTION_REASONS);
export const tccHistoryAction = pgEnum('tcc_history_action', TCC_HISTORY_ACTIONS);

/**
 * Tax Clearance Certificates, five kinds in one table (docs/architecture.md §5): every docs/product.md §2 list is a
 * view of it by kind and status. `years` is the three-year table as built when generated (or
 * last resubmitted): what the approvers saw is what is printed.
 */
export const tccs = pgTable(
  'tccs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `<prefix>/TCC/<year>/<sequence>`, given when generated. */
    number: text('number').notNull(),
    /**
     * The unguessable code its verification address carries, in its QR code and typed (ADR 0032):
     * ten characters of PUBLIC_CODE_ALPHABET, drawn by revdesk_public_code() (migration).
     */
    publicCode: text('public_code').notNull().default(sql`revdesk_public_code()`),
    kind: tccKind('kind').notNull(),
    status: tccStatus('status').notNull(),
    btin: text('btin')
      .notNull()
      .references(() => taxpayers.btin),
    /** The holder as when generated or last amended: name, address, national id, phone (TccHolder). */
    holder: jsonb('holder').notNull(),
    /** lower(holder name), for the lists' name search. */
    holderName: text('holder_name').notNull(),
    purpose: tccPurpose('purpose').notNull(),
    purposeDetail: text('purpose_detail'),
    sourceOfIncome: text('source_of_income').notNull(),
    comment: text('comment'),
    /** The three-year table (TccYear[]), justifications of flagged years included. */
    years: jsonb('years').notNull(),
    flagged: boolean('flagged').notNull().default(false),
    exemptionReason: tccExemptionReason('exemption_reason'),
    evidenceNote: text('evidence_note'),
    employerBtin: text('employer_btin').references(() => taxpayers.btin),
    mdaId: uuid('mda_id').references(() => mdas.id),
    staffNumber: text('staff_number'),
    /** The bulk upload it came from (mda-employee). */
    jobId: uuid('job_id').references(() => jobs.id),
    /** The processing fee of its kind when generated; its bill is the ledger row linked by type `tcc`. */
    feeKobo: bigint('fee_kobo', { mode: 'number' }).notNull().default(0),
    feePaymentId: uuid('fee_payment_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    expiresOn: date('expires_on', { mode: 'string' }),
    /** What the QR code carries: `<payload>.<signature>` (ADR 0013), made when the chairman approves. */
    signedPayload: text('signed_payload'),
    signingKeyId: text('signing_key_id'),
    printCount: integer('print_count').notNull().default(0),
    lastPrintedAt: timestamp('last_printed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => officers.id),
    revokeReason: text('revoke_reason'),
    /**
     * A second certificate of the kind and purpose while one approved and unexpired exists
     * (docs/architecture.md §5, duplicates): the one it duplicates, and the officer's written
     * reason, shown at the top of the certificate to every approver.
     */
    duplicateOf: uuid('duplicate_of').references((): AnyPgColumn => tccs.id),
    duplicateReason: text('duplicate_reason'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => officers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tccs_number_key').on(t.number),
    uniqueIndex('tccs_public_code_key').on(t.publicCode),
    // One open certificate per taxpayer, kind and purpose (TCC_OPEN_STATUSES).
    uniqueIndex('tccs_open_key')
      .on(t.btin, t.kind, t.purpose)
      .where(
        sql`${t.status} in ('awaiting_payment', 'pending_director_assessment', 'pending_director_collection', 'pending_chairman', 'rejected_director_assessment', 'rejected_director_collection', 'rejected_chairman')`,
      ),
    index('tccs_kind_status_idx').on(t.kind, t.status, sql`${t.createdAt} desc`, sql`${t.id} desc`),
    // A list of several statuses (completed, all, open) newest first: tccs_kind_status_idx gives
    // each status in order but not their merge, so the page sorted every row of the statuses;
    // walking the kind newest first and skipping other statuses reads about the page
    // (bench/README.md, TCC lists).
    index('tccs_kind_created_idx').on(t.kind, sql`${t.createdAt} desc`, sql`${t.id} desc`),
    index('tccs_status_changed_idx').on(t.status, t.statusChangedAt),
    index('tccs_btin_idx').on(t.btin),
    // The Joint Revenue Board return counts the certificates issued in a month or quarter by
    // kind (docs/jrb-return.md): a range of issued_at, read from the index alone.
    index('tccs_issued_idx').on(t.issuedAt, t.kind).where(sql`${t.issuedAt} is not null`),
    // "Only mine" (the generate page's own list): one officer's certificates of one kind, newest
    // first, read in order (bench/README.md, TCC lists).
    index('tccs_created_by_idx').on(
      t.createdBy,
      t.kind,
      sql`${t.createdAt} desc`,
      sql`${t.id} desc`,
    ),
    // The name search is `holder_name ILIKE '%word%'` per typed word (lists/queries.ts): only a
    // trigram index serves an unanchored pattern; a btree could not (bench/README.md, TCC lists).
    index('tccs_holder_name_trgm_idx').using('gin', sql`${t.holderName} gin_trgm_ops`),
    index('tccs_job_idx').on(t.jobId),
    check(
      'tccs_duplicate_has_reason',
      sql`(${t.duplicateOf} is null) = (${t.duplicateReason} is null)`,
    ),
    check('tccs_fee_not_negative', sql`${t.feeKobo} >= 0`),
    check(
      'tccs_issued_has_dates',
      sql`${t.status} not in ('approved', 'printed') or (${t.issuedAt} is not null and ${t.expiresOn} is not null and ${t.signedPayload} is not null)`,
    ),
    check(
      'tccs_revoked_has_reason',
      sql`${t.status} <> 'revoked' or (${t.revokedAt} is not null and ${t.revokeReason} is not null)`,
    ),
  ],
);

/** Every transition of a certificate, in order: its history on the page (the audit trail has each too). */
export const tccHistory = pgTable(
  'tcc_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tccId: uuid('tcc_id')
      .notNull()
      .references(() => tccs.id),
    action: tccHistoryAction('action').notNull(),
    fromStatus: tccStatus('from_status'),
    toStatus: tccStatus('to_status').notNull(),
    stage: tccStage('stage'),
    actorId: uuid('actor_id').references(() => officers.id),
    comment: text('comment'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tcc_history_tcc_idx').on(t.tccId, t.at)],
);

/**
 * Evidence files a certificate carries (a PDF or an image: a letter, a payslip, an ID), seen by
 * every approver. The bytes are in stored_files under `fileKey` (ADR 0016); a refused file is
 * never kept (docs/decisions/0030-jobs-and-uploads.md).
 */
export const tccEvidence = pgTable(
  'tcc_evidence',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tccId: uuid('tcc_id')
      .notNull()
      .references(() => tccs.id),
    fileKey: text('file_key').notNull(),
    /** The name the officer's file had (shown and offered on download). */
    fileName: text('file_name').notNull(),
    /** What its bytes are: application/pdf, image/jpeg, image/png or image/webp. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => officers.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tcc_evidence_tcc_idx').on(t.tccId, t.uploadedAt)],
);

/** The last certificate sequence given per year: numbers restart every January. */
export const tccCounters = pgTable('tcc_counters', {
  year: smallint('year').primaryKey(),
  lastSequence: integer('last_sequence').notNull(),
});

/**
 * The public keys that ever signed a certificate (ADR 0013). The private key is configuration;
 * its public half is recorded here when first used, so a rotated key stays listed for the
 * certificates it signed.
 */
export const tccSigningKeys = pgTable('tcc_signing_keys', {
  keyId: text('key_id').primaryKey(),
  /** Raw 32-byte Ed25519 public key, base64url. */
  publicKey: text('public_key').notNull(),
  firstUsedAt: timestamp('first_used_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row of a bulk MDA-employee upload and its outcome (the job machinery of the RRR batch).
 * A row is processed once: its outcome is written only while still empty.
 */
export const tccBatchRows = pgTable(
  'tcc_batch_rows',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id),
    lineNumber: integer('line_number').notNull(),
    /** The row as read from the file (the generate input it becomes, or what was wrong). */
    data: jsonb('data').notNull(),
    /** `generated` or `failed`; null until processed. */
    outcome: text('outcome'),
    message: text('message'),
    tccId: uuid('tcc_id').references(() => tccs.id),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.lineNumber] })],
);
