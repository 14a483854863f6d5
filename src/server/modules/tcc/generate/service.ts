import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { AssessmentBillInput } from '../../../../shared/assessments/input';
import { todayInLagos } from '../../../../shared/dates';
import type { PaymentView } from '../../../../shared/payments';
import { isAmendable, RESUBMITTED_STATUS } from '../../../../shared/tcc/chain';
import {
  TCC_KIND_LABELS,
  TCC_OPEN_STATUSES,
  TCC_PAYMENT_TYPE,
  TCC_PURPOSE_LABELS,
  TCC_STATUS_LABELS,
  type TccKind,
  type TccPurpose,
} from '../../../../shared/tcc/enums';
import {
  type TccGenerateInput,
  type TccJustification,
  type TccResubmitInput,
  yearsCovered,
} from '../../../../shared/tcc/input';
import type {
  TccCreated,
  TccPreview,
  TccPreviewQuery,
  TccView,
  TccYear,
} from '../../../../shared/tcc/views';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import { mdas, payments, taxpayers, tccs } from '../../../db/schema';
import { AppError, fieldError } from '../../../errors';
import { recordAudit } from '../../audit/service';
import { createMdaService } from '../../mdas/service';
import type { PaymentDeps } from '../../payments/deps';
import { createInvoiceService } from '../../payments/invoices/service';
import { assertMayGenerate, auditedTcc, canReadKind, formatTccNumber, notFound } from '../common';
import {
  findTcc,
  findTccForUpdate,
  insertTcc,
  insertTccHistory,
  type TccRow,
  takeTccSequence,
  transitionTcc,
} from '../queries';
import type { TccHolderRecord } from '../view';
import { tccViewOf } from '../view';
import { tccFeeOn } from './settings';
import {
  blankYears,
  enteredYears,
  exemptYears,
  isRedYear,
  justify,
  ledgerYears,
  readsLedger,
  remittedYears,
} from './years';

/**
 * Generating certificates (docs/product.md §7 TCC generate calls; §2 the officers' TCC pages;
 * docs/architecture.md §5): the holder and the three-year table, the one-open-per-purpose rule, the number,
 * the processing fee and its bill, and the officer's resubmission of a rejected certificate.
 */

type TaxpayerRow = typeof taxpayers.$inferSelect;

/** The unique index of open certificates (migration 0011): one per taxpayer, kind and purpose. */
const OPEN_KEY = 'tccs_open_key';

function holderOf(taxpayer: TaxpayerRow): TccHolderRecord {
  return {
    name: taxpayer.displayName,
    address: taxpayer.address,
    nationalId: taxpayer.nin ?? taxpayer.nationalTaxId,
    phone: taxpayer.phone,
    hasPhoto: Boolean(taxpayer.photoKey),
  };
}

async function findTaxpayer(db: Db, btin: string): Promise<TaxpayerRow | null> {
  const [row] = await db.select().from(taxpayers).where(eq(taxpayers.btin, btin)).limit(1);
  return row ?? null;
}

/** The certificate's holder: a registered individual (404 unknown BTIN, 422 for a company). */
async function individualHolder(db: Db, btin: string, kind: TccKind): Promise<TaxpayerRow> {
  const taxpayer = await findTaxpayer(db, btin);
  if (!taxpayer) throw new AppError('TAXPAYER_NOT_FOUND', `No taxpayer has BTIN ${btin}.`);
  if (taxpayer.kind !== 'individual') {
    throw new AppError(
      'RULE_VIOLATION',
      `BTIN ${btin} is a company (${taxpayer.displayName}): a ${TCC_KIND_LABELS[kind].toLowerCase()} certificate is for an individual.`,
      { details: { field: 'btin' } },
    );
  }
  return taxpayer;
}

async function openCertificates(db: Db, btin: string, kind: TccKind) {
  return db
    .select({ id: tccs.id, number: tccs.number, purpose: tccs.purpose, status: tccs.status })
    .from(tccs)
    .where(
      and(eq(tccs.btin, btin), eq(tccs.kind, kind), inArray(tccs.status, [...TCC_OPEN_STATUSES])),
    );
}

/**
 * The approved (or printed) certificate of this kind and purpose the taxpayer still holds on
 * `today`: a second is refused unless the officer writes why (docs/architecture.md §5, duplicates).
 */
async function heldCertificate(
  db: Db,
  btin: string,
  kind: TccKind,
  purpose: TccPurpose,
  today: string,
) {
  const [held] = await db
    .select({ id: tccs.id, number: tccs.number, expiresOn: tccs.expiresOn })
    .from(tccs)
    .where(
      and(
        eq(tccs.btin, btin),
        eq(tccs.kind, kind),
        eq(tccs.purpose, purpose),
        inArray(tccs.status, ['approved', 'printed']),
        gte(tccs.expiresOn, today),
      ),
    )
    .orderBy(desc(tccs.expiresOn), desc(tccs.issuedAt))
    .limit(1);
  return held ?? null;
}

/** Every purpose's held certificate of this kind on `today` (what `heldCertificate` would find). */
async function heldCertificates(db: Db, btin: string, kind: TccKind, today: string) {
  const rows = await db
    .select({
      id: tccs.id,
      number: tccs.number,
      purpose: tccs.purpose,
      expiresOn: tccs.expiresOn,
    })
    .from(tccs)
    .where(
      and(
        eq(tccs.btin, btin),
        eq(tccs.kind, kind),
        inArray(tccs.status, ['approved', 'printed']),
        gte(tccs.expiresOn, today),
      ),
    )
    .orderBy(desc(tccs.expiresOn), desc(tccs.issuedAt));
  const byPurpose = new Map<
    TccPurpose,
    { id: string; number: string; purpose: TccPurpose; expiresOn: string }
  >();
  for (const row of rows) {
    // An issued certificate always has its expiry (check constraint tccs_issued_has_dates).
    if (!byPurpose.has(row.purpose) && row.expiresOn) {
      byPurpose.set(row.purpose, { ...row, expiresOn: row.expiresOn });
    }
  }
  return [...byPurpose.values()];
}

function duplicateRefusal(
  held: { id: string; number: string; expiresOn: string | null },
  purpose: TccPurpose,
): AppError {
  return new AppError(
    'DUPLICATE_CERTIFICATE',
    `The taxpayer already holds certificate ${held.number} for ${TCC_PURPOSE_LABELS[purpose].toLowerCase()}, approved and valid until ${held.expiresOn}. Print a copy of it, or write why a second one is needed.`,
    {
      details: {
        field: 'duplicateReason',
        number: held.number,
        id: held.id,
        expiresOn: held.expiresOn,
      },
    },
  );
}

function openConflict(number: string | null, purpose: TccPurpose): AppError {
  return new AppError(
    'CONFLICT',
    number
      ? `Certificate ${number} for ${TCC_PURPOSE_LABELS[purpose].toLowerCase()} is still open for this taxpayer: finish or amend it instead of generating another.`
      : `A certificate of this kind for ${TCC_PURPOSE_LABELS[purpose].toLowerCase()} is still open for this taxpayer.`,
    { details: { number } },
  );
}

/** The justifications a stored table carries (what a resubmission keeps unless it sends new ones). */
function justificationsOf(years: readonly TccYear[]): TccJustification[] {
  return years
    .filter((y) => y.justification)
    .map((y) => ({ year: y.year, text: y.justification as string }));
}

export type TccBill = { tcc: TccView; bill: PaymentView };

export function createTccGenerateService(deps: PaymentDeps) {
  const { db, config } = deps;

  /** The years of the table for `kind`, before justification; each rule's 422 named. */
  async function tableFor(input: TccGenerateInput, years: readonly number[]): Promise<TccYear[]> {
    if (input.kind === 'paye' || input.kind === 'mda-employee') {
      return remittedYears(db, enteredYears(input.years, years), {
        btin: input.btin,
        employerBtin: input.kind === 'paye' ? input.employerBtin : null,
      });
    }
    if (input.kind === 'exemption') return exemptYears(years);
    return ledgerYears(db, input.btin, input.kind, years);
  }

  /** PAYE: the employer is a registered company; MDA employee: the MDA exists. */
  async function checkEmployer(input: TccGenerateInput): Promise<void> {
    if (input.kind === 'paye') {
      const employer = await findTaxpayer(db, input.employerBtin);
      if (!employer) {
        throw fieldError('employerBtin', `No taxpayer has BTIN ${input.employerBtin}`);
      }
      if (employer.kind !== 'corporate') {
        throw fieldError(
          'employerBtin',
          `BTIN ${input.employerBtin} is an individual; the employer is a registered company`,
        );
      }
      if (input.employerBtin === input.btin) {
        throw fieldError('employerBtin', 'The employee cannot be their own employer');
      }
    }
    if (input.kind === 'mda-employee') {
      const [mda] = await db
        .select({ id: mdas.id })
        .from(mdas)
        .where(eq(mdas.id, input.mdaId))
        .limit(1);
      if (!mda) throw new AppError('NOT_FOUND', 'No MDA has this id.');
    }
  }

  /**
   * Where a fee's bill is paid: the MDA and revenue head asked for; without them, as an
   * assessment's bill (money/bills.ts), the first active MDA the officer may bill for and its
   * first active revenue head by code.
   */
  async function billingTarget(actor: Actor, tx: Db, input: AssessmentBillInput) {
    const mdaService = createMdaService({ db: tx, secrets: deps.secrets });
    const mdaId = input.mdaId ?? (await mdaService.listMdas(actor, {})).items[0]?.id;
    if (!mdaId) throw fieldError('mdaId', 'Choose the MDA the fee is paid to');
    if (input.revenueHeadCode) return { mdaId, revenueHeadCode: input.revenueHeadCode };
    const mda = await mdaService.getMda(actor, mdaId);
    const head = mda.revenueHeads
      .filter((h) => h.isActive)
      .sort((a, b) => a.code.localeCompare(b.code))[0];
    if (!head) throw fieldError('revenueHeadCode', `${mda.name} has no active revenue head`);
    return { mdaId, revenueHeadCode: head.code };
  }

  /**
   * Raises the fee's RRR under the certificate's row lock, so two officers pressing "Raise bill"
   * together raise one bill (the second sees the first's pending bill: 409). The Remita call
   * happens inside the lock; the bill is recorded in the same transaction (a savepoint of it).
   */
  async function billFee(
    actor: Actor,
    id: string,
    input: AssessmentBillInput,
  ): Promise<PaymentView> {
    return db.transaction(async (tx) => {
      const row = await findTccForUpdate(tx, id);
      if (!row) throw notFound();
      if (row.feeKobo === 0) {
        throw new AppError('RULE_VIOLATION', `Certificate ${row.number} carries no fee.`);
      }
      if (row.status !== 'awaiting_payment') {
        throw new AppError(
          'CONFLICT',
          `The fee of certificate ${row.number} is paid: it is ${TCC_STATUS_LABELS[row.status].toLowerCase()}.`,
        );
      }
      const [open] = await tx
        .select({ rrr: payments.rrr, status: payments.status })
        .from(payments)
        .where(
          and(
            eq(payments.subjectKind, 'tcc'),
            eq(payments.subjectId, row.id),
            inArray(payments.status, ['pending', 'paid']),
          ),
        )
        .limit(1);
      if (open) {
        throw new AppError(
          'CONFLICT',
          `The fee of certificate ${row.number} has a ${open.status} bill already (${open.rrr ? `RRR ${open.rrr}` : 'RRR pending confirmation'}).`,
          { details: { rrr: open.rrr } },
        );
      }
      const target = await billingTarget(actor, tx, input);
      const invoices = createInvoiceService({ ...deps, db: tx });
      return invoices.raiseInvoice(
        actor,
        {
          btin: row.btin,
          mdaId: target.mdaId,
          revenueHeadCode: target.revenueHeadCode,
          amountKobo: row.feeKobo,
          description: `TCC processing fee ${row.number}`,
          type: TCC_PAYMENT_TYPE,
        },
        { subject: { kind: 'tcc', id: row.id } },
      );
    });
  }

  return {
    /**
     * What a certificate of `kind` would say for a taxpayer: nothing stored. The years of
     * PAYE, MDA-employee and exemption certificates are empty rows for the officer to fill. The
     * certificates still open and those held (approved, unexpired) are named, so the form warns
     * before the officer submits rather than after a refusal.
     */
    async preview(actor: Actor, query: TccPreviewQuery, now = new Date()): Promise<TccPreview> {
      assertMayGenerate(actor, query.kind);
      const taxpayer = await individualHolder(db, query.btin, query.kind);
      const today = todayInLagos(now);
      const years = yearsCovered(today);
      const [table, feeKobo, open, held] = await Promise.all([
        readsLedger(query.kind)
          ? ledgerYears(db, query.btin, query.kind, years)
          : Promise.resolve(blankYears(years)),
        tccFeeOn(db, query.kind, today),
        openCertificates(db, query.btin, query.kind),
        heldCertificates(db, query.btin, query.kind, today),
      ]);
      return {
        kind: query.kind,
        btin: taxpayer.btin,
        holder: holderOf(taxpayer),
        years: table,
        feeKobo,
        open,
        held,
      };
    },

    /**
     * Generates a certificate: checks, number, holder snapshot, history and audit in one
     * transaction. With a fee it waits for payment and its bill is raised at once; when Remita
     * cannot raise it, the certificate stays awaiting payment, the failure is in the audit
     * trail and the officer raises the bill again (POST /tcc/{id}/bill).
     */
    async generate(
      actor: Actor,
      input: TccGenerateInput,
      options: { jobId?: string; now?: Date } = {},
    ): Promise<TccCreated> {
      assertMayGenerate(actor, input.kind);
      const now = options.now ?? new Date();
      const taxpayer = await individualHolder(db, input.btin, input.kind);
      await checkEmployer(input);
      const today = todayInLagos(now);
      const years = yearsCovered(today);
      const table = justify(await tableFor(input, years), input.justifications);
      const feeKobo = await tccFeeOn(db, input.kind, today);
      const holder = holderOf(taxpayer);

      const duplicateReason = input.duplicateReason?.trim() || null;
      let row: TccRow;
      try {
        row = await db.transaction(async (tx) => {
          const open = (await openCertificates(tx, input.btin, input.kind)).find(
            (o) => o.purpose === input.purpose,
          );
          if (open) throw openConflict(open.number, input.purpose);
          const held = await heldCertificate(tx, input.btin, input.kind, input.purpose, today);
          if (held && !duplicateReason) throw duplicateRefusal(held, input.purpose);
          const year = Number(today.slice(0, 4));
          const sequence = await takeTccSequence(tx, year);
          const inserted = await insertTcc(tx, {
            number: formatTccNumber(config.receiptPrefix, year, sequence),
            kind: input.kind,
            status: feeKobo > 0 ? 'awaiting_payment' : 'pending_director_assessment',
            btin: taxpayer.btin,
            holder,
            holderName: holder.name.toLowerCase(),
            purpose: input.purpose,
            purposeDetail: input.purposeDetail || null,
            sourceOfIncome: input.sourceOfIncome,
            comment: input.comment || null,
            years: table,
            flagged: table.some(isRedYear),
            duplicateOf: held ? held.id : null,
            duplicateReason: held ? duplicateReason : null,
            exemptionReason: input.kind === 'exemption' ? input.exemptionReason : null,
            evidenceNote: input.kind === 'exemption' ? input.evidenceNote : null,
            employerBtin: input.kind === 'paye' ? input.employerBtin : null,
            mdaId: input.kind === 'mda-employee' ? input.mdaId : null,
            staffNumber: input.kind === 'mda-employee' ? input.staffNumber || null : null,
            jobId: options.jobId ?? null,
            feeKobo,
            createdBy: actor.officerId,
            // The service's clock (the demo seed's day of generation), not the database's.
            createdAt: now,
            updatedAt: now,
            statusChangedAt: now,
          });
          await insertTccHistory(tx, {
            tccId: inserted.id,
            action: 'generated',
            fromStatus: null,
            toStatus: inserted.status,
            actorId: actor.officerId,
            comment: input.comment || null,
            at: now,
          });
          await recordAudit(tx, actor, {
            action: 'tcc.generated',
            entityType: 'tcc',
            entityId: inserted.id,
            after: held
              ? { ...auditedTcc(inserted), duplicateOfNumber: held.number }
              : auditedTcc(inserted),
          });
          return inserted;
        });
      } catch (err) {
        // Two officers generating for one purpose at once: the unique index keeps one, and the
        // other is told which certificate the first made.
        if (isUniqueViolation(err, OPEN_KEY)) {
          const other = (await openCertificates(db, input.btin, input.kind)).find(
            (o) => o.purpose === input.purpose,
          );
          throw openConflict(other?.number ?? null, input.purpose);
        }
        throw err;
      }

      if (row.status === 'awaiting_payment') {
        try {
          await billFee(actor, row.id, {});
        } catch (err) {
          // What an officer can act on (no Remita service on the MDA, Remita down, no MDA to
          // bill): kept in the audit trail and shown by the page as a fee without an RRR.
          // Anything else is a fault and goes up.
          if (!(err instanceof AppError)) throw err;
          await recordAudit(db, actor, {
            action: 'tcc.fee_bill_failed',
            entityType: 'tcc',
            entityId: row.id,
            after: { number: row.number, code: err.code, error: err.message },
          });
        }
      }
      return { id: row.id, number: row.number, status: row.status };
    },

    /**
     * A rejected certificate amended and sent back to the first stage (docs/architecture.md §5): absent
     * fields stay, direct-assessment and presumptive years are read again from the ledger, the
     * flagged years need their justification again. Compare-and-set on the status: 409 when
     * someone moved it first.
     */
    async resubmit(
      actor: Actor,
      id: string,
      input: TccResubmitInput,
      now = new Date(),
    ): Promise<TccView> {
      const row = await findTcc(db, id);
      if (!row || !canReadKind(actor, row.kind)) throw notFound();
      assertMayGenerate(actor, row.kind);
      if (!isAmendable(row.status)) {
        throw new AppError(
          'CONFLICT',
          `Only a rejected certificate is amended and resubmitted; ${row.number} is ${TCC_STATUS_LABELS[row.status].toLowerCase()}.`,
        );
      }
      // The holder is read again: a wrong address or name is a common reason for a rejection,
      // corrected on the taxpayer's record before the certificate goes back.
      const holder = holderOf(await individualHolder(db, row.btin, row.kind));
      const stored = row.years as TccYear[];
      const years = stored.map((y) => y.year);
      if (input.years && row.kind !== 'paye' && row.kind !== 'mda-employee') {
        throw fieldError(
          'years',
          `The years of a ${TCC_KIND_LABELS[row.kind].toLowerCase()} certificate are not entered by hand`,
        );
      }
      let table: TccYear[];
      if (readsLedger(row.kind)) table = await ledgerYears(db, row.btin, row.kind, years);
      else if (input.years) table = enteredYears(input.years, years);
      else table = stored.map((y) => ({ ...y, justification: null }));
      if (row.kind === 'paye' || row.kind === 'mda-employee') {
        table = await remittedYears(db, table, { btin: row.btin, employerBtin: row.employerBtin });
      }
      table = justify(table, input.justifications ?? justificationsOf(stored));

      const purpose = input.purpose ?? row.purpose;
      const purposeDetail =
        input.purposeDetail !== undefined ? input.purposeDetail || null : row.purposeDetail;
      if (purpose === 'other' && !purposeDetail) {
        throw fieldError('purposeDetail', 'Say what the certificate is for');
      }
      const exemption =
        row.kind === 'exemption'
          ? {
              exemptionReason: input.exemptionReason ?? row.exemptionReason,
              evidenceNote: input.evidenceNote ?? row.evidenceNote,
            }
          : {};

      const today = todayInLagos(now);
      try {
        await db.transaction(async (tx) => {
          // The duplicate rule of generation, checked again: the purpose may have changed, or a
          // certificate for it been approved while this one was rejected. A reason the officer
          // wrote earlier stands only for the certificate it was written about.
          const held = await heldCertificate(tx, row.btin, row.kind, purpose, today);
          const duplicateReason =
            input.duplicateReason?.trim() ||
            (held && row.duplicateOf === held.id ? row.duplicateReason : null);
          if (held && !duplicateReason) throw duplicateRefusal(held, purpose);
          const moved = await transitionTcc(
            tx,
            row.id,
            row.status,
            {
              status: RESUBMITTED_STATUS,
              holder,
              holderName: holder.name.toLowerCase(),
              purpose,
              purposeDetail,
              sourceOfIncome: input.sourceOfIncome ?? row.sourceOfIncome,
              comment: input.comment !== undefined ? input.comment || null : row.comment,
              years: table,
              flagged: table.some(isRedYear),
              duplicateOf: held ? held.id : null,
              duplicateReason: held ? duplicateReason : null,
              ...exemption,
            },
            now,
          );
          if (!moved) {
            throw new AppError(
              'CONFLICT',
              `Certificate ${row.number} was changed by someone else meanwhile; reload it.`,
            );
          }
          await insertTccHistory(tx, {
            tccId: row.id,
            action: 'resubmitted',
            fromStatus: row.status,
            toStatus: moved.status,
            actorId: actor.officerId,
            comment: input.note,
            at: now,
          });
          await recordAudit(tx, actor, {
            action: 'tcc.resubmitted',
            entityType: 'tcc',
            entityId: row.id,
            before: auditedTcc(row),
            after: held
              ? { ...auditedTcc(moved), note: input.note, duplicateOfNumber: held.number }
              : { ...auditedTcc(moved), note: input.note },
          });
        });
      } catch (err) {
        if (isUniqueViolation(err, OPEN_KEY)) {
          const other = (await openCertificates(db, row.btin, row.kind)).find(
            (o) => o.purpose === purpose && o.id !== row.id,
          );
          throw openConflict(other?.number ?? null, purpose);
        }
        throw err;
      }
      return tccViewOf(db, actor, row.id, now);
    },

    /** Raises the fee's bill again when none is open (409 when one is pending or paid). */
    async raiseFeeBill(
      actor: Actor,
      id: string,
      input: AssessmentBillInput = {},
    ): Promise<TccBill> {
      const row = await findTcc(db, id);
      if (!row || !canReadKind(actor, row.kind)) throw notFound();
      assertMayGenerate(actor, row.kind);
      const bill = await billFee(actor, id, input);
      return { tcc: await tccViewOf(db, actor, id), bill };
    },
  };
}

export type TccGenerateService = ReturnType<typeof createTccGenerateService>;
