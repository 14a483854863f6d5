import { eq } from 'drizzle-orm';
import { todayInLagos } from '../../../shared/dates';
import { normaliseNigerianPhone } from '../../../shared/phone';
import { computeStampDuty, StampDutyInputError } from '../../../shared/stampDuty/compute';
import { INSTRUMENT_TYPE_LABELS, PARTY_ROLE_LABELS } from '../../../shared/stampDuty/enums';
import type {
  StampDutyComputation,
  StampDutyComputeInput,
  StampInstrumentDetail,
  StampInstrumentInput,
  StampPartyInput,
} from '../../../shared/stampDuty/schemas';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { stampInstruments } from '../../db/schema';
import { AppError, fieldError } from '../../errors';
import { recordAudit } from '../audit/service';
import { findTaxpayerByBtin } from '../taxpayers/record';
import {
  findInstrumentForUpdate,
  insertInstrument,
  insertParties,
  nextCertificateSequence,
  type StampInstrumentRow,
  selectInstrument,
  selectParties,
  updateInstrument,
} from './queries';
import { computationView, instrumentDetails, loadTables } from './view';

/**
 * Stamp duty instruments (docs/tax-rules.md, "Stamp duty"): assessed with their parties under
 * the law in force on the date of execution, the rule used stored with them; billed through the
 * payments ledger (bills.ts), paid by its settlement (settlement.ts), stamped with a certificate
 * number, or cancelled with a reason while unpaid. Every change is audited in its transaction.
 */

export function auditedInstrument(row: StampInstrumentRow) {
  return {
    status: row.status,
    instrumentType: row.instrumentType,
    executedOn: row.executedOn,
    considerationKobo: row.considerationKobo,
    termYears: row.termYears,
    dutyKobo: row.dutyKobo,
    penaltyKobo: row.penaltyKobo,
    law: row.law,
    ruleId: row.ruleId,
    paymentId: row.paymentId,
    certificateNumber: row.certificateNumber,
    cancelReason: row.cancelReason,
  };
}

/** The pure computation with the database's dated tables; a refusal names the field (422). */
export async function computeWithTables(
  db: Db,
  input: {
    instrumentType: StampDutyComputeInput['instrumentType'];
    considerationKobo: number;
    termYears?: number | null;
    executedOn: string;
    stampedOn: string;
  },
) {
  try {
    return computeStampDuty(await loadTables(db), input);
  } catch (error) {
    if (error instanceof StampDutyInputError) throw fieldError(error.field, error.message);
    throw error;
  }
}

type ResolvedParty = {
  role: StampPartyInput['role'];
  btin: string | null;
  name: string;
  phone: string | null;
  isCompany: boolean;
};

/** A party's taxpayer by BTIN (name and kind as registered), or the named person as typed. */
async function resolveParty(db: Db, party: StampPartyInput, path: string): Promise<ResolvedParty> {
  if (party.btin) {
    const record = await findTaxpayerByBtin(db, party.btin);
    if (!record) {
      throw fieldError(
        `${path}.btin`,
        `No taxpayer has BTIN ${party.btin}: check it, or give the party's name and phone instead`,
      );
    }
    return {
      role: party.role,
      btin: record.taxpayer.btin,
      name: record.taxpayer.displayName,
      phone: record.taxpayer.phone,
      isCompany: record.taxpayer.kind === 'corporate',
    };
  }
  return {
    role: party.role,
    btin: null,
    name: (party.name ?? '').trim(),
    phone: normaliseNigerianPhone(party.phone ?? ''),
    isCompany: false,
  };
}

export function createStampDutyService({ db }: { db: Db }) {
  async function detailOf(id: string): Promise<StampInstrumentDetail> {
    const row = await selectInstrument(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'No stamp duty instrument has this id.');
    const [detail] = await instrumentDetails(db, [row]);
    if (!detail) throw new Error(`instrument ${id} cannot be read back`);
    return detail;
  }

  return {
    detailOf,

    async compute(_actor: Actor, input: StampDutyComputeInput): Promise<StampDutyComputation> {
      const today = todayInLagos();
      const executedOn = input.executedOn ?? today;
      return computationView(
        await computeWithTables(db, {
          ...input,
          executedOn,
          stampedOn: input.stampedOn ?? (executedOn > today ? executedOn : today),
        }),
      );
    },

    async createInstrument(
      actor: Actor,
      input: StampInstrumentInput,
    ): Promise<StampInstrumentDetail> {
      const result = await computeWithTables(db, {
        ...input,
        stampedOn: todayInLagos(),
      });
      const parties: ResolvedParty[] = [];
      for (const [i, party] of input.parties.entries()) {
        parties.push(await resolveParty(db, party, `parties.${i}`));
      }
      if (!parties.some((p) => p.role === result.chargedPartyRole)) {
        throw fieldError(
          'parties',
          `${INSTRUMENT_TYPE_LABELS[input.instrumentType]}: the duty is charged to the ${PARTY_ROLE_LABELS[result.chargedPartyRole].toLowerCase()}; add a party with that role`,
        );
      }
      const id = await db.transaction(async (tx) => {
        const row = await insertInstrument(tx, {
          instrumentType: input.instrumentType,
          executedOn: input.executedOn,
          considerationKobo: input.considerationKobo,
          termYears: result.rule.kind === 'lease_tiers' ? (input.termYears ?? null) : null,
          description: input.description,
          dutyKobo: result.dutyKobo,
          penaltyKobo: result.penaltyKobo,
          law: result.law,
          chargedPartyRole: result.chargedPartyRole,
          ruleId: 'id' in result.rule ? (result.rule.id as string) : null,
          rule: { ...result.rule, id: 'id' in result.rule ? (result.rule.id as string) : null },
          exemption: result.exemption,
          possiblyFederal: parties.some((p) => p.isCompany),
          createdBy: actor.officerId,
        });
        await insertParties(
          tx,
          parties.map((p, position) => ({ ...p, instrumentId: row.id, position })),
        );
        await recordAudit(tx, actor, {
          action: 'stamp_duty.assessed',
          entityType: 'stamp_instrument',
          entityId: row.id,
          after: { ...auditedInstrument(row), parties },
        });
        return row.id;
      });
      return detailOf(id);
    },

    /** A party added while the instrument is not yet billed (SPEC's add/instrument/party). */
    async addParty(
      actor: Actor,
      id: string,
      input: StampPartyInput,
    ): Promise<StampInstrumentDetail> {
      const party = await resolveParty(db, input, 'party');
      await db.transaction(async (tx) => {
        const row = await findInstrumentForUpdate(tx, id);
        if (!row) throw new AppError('NOT_FOUND', 'No stamp duty instrument has this id.');
        if (row.status !== 'assessed') {
          throw new AppError(
            'CONFLICT',
            `Parties are added before the instrument is billed; this one is ${row.status}.`,
            { details: { status: row.status } },
          );
        }
        const existing = await selectParties(tx, [id]);
        await insertParties(tx, [{ ...party, instrumentId: id, position: existing.length }]);
        if (party.isCompany && !row.possiblyFederal) {
          await updateInstrument(tx, id, { possiblyFederal: true });
        }
        await recordAudit(tx, actor, {
          action: 'stamp_duty.party_added',
          entityType: 'stamp_instrument',
          entityId: id,
          after: party,
        });
      });
      return detailOf(id);
    },

    /**
     * Cancels an instrument not yet paid, with a reason; a bill still pending is cancelled with
     * it (its settlement then finds the instrument cancelled and leaves it so).
     */
    async cancel(
      actor: Actor,
      id: string,
      reason: string,
      cancelBill: (tx: Db, paymentId: string) => Promise<void>,
    ) {
      await db.transaction(async (tx) => {
        const row = await findInstrumentForUpdate(tx, id);
        if (!row) throw new AppError('NOT_FOUND', 'No stamp duty instrument has this id.');
        if (row.status !== 'assessed' && row.status !== 'billed') {
          throw new AppError(
            'CONFLICT',
            row.status === 'cancelled'
              ? 'This instrument is cancelled already.'
              : `This instrument is ${row.status}: an instrument is not cancelled once paid.`,
            { details: { status: row.status } },
          );
        }
        const updated = await updateInstrument(tx, id, {
          status: 'cancelled',
          cancelReason: reason,
          cancelledAt: new Date(),
        });
        if (!updated) throw new Error(`instrument ${id} vanished under its lock`);
        await recordAudit(tx, actor, {
          action: 'stamp_duty.cancelled',
          entityType: 'stamp_instrument',
          entityId: id,
          before: auditedInstrument(row),
          after: auditedInstrument(updated),
        });
        if (row.status === 'billed' && row.paymentId) await cancelBill(tx, row.paymentId);
      });
      return detailOf(id);
    },

    /**
     * Stamps a paid instrument (or one not chargeable, which owes nothing): a certificate number
     * SD-<year>-<sequence>. Under the row lock: of two officers stamping at once, one stamps and
     * the other is told it is stamped already (409).
     */
    async stamp(actor: Actor, id: string) {
      await db.transaction(async (tx) => {
        const row = await findInstrumentForUpdate(tx, id);
        if (!row) throw new AppError('NOT_FOUND', 'No stamp duty instrument has this id.');
        const owesNothing = row.status === 'assessed' && row.dutyKobo + row.penaltyKobo === 0;
        if (row.status !== 'paid' && !owesNothing) {
          throw new AppError(
            'CONFLICT',
            row.status === 'stamped'
              ? `This instrument is stamped already: certificate ${row.certificateNumber}.`
              : `An instrument is stamped once its duty is paid; this one is ${row.status}.`,
            { details: { status: row.status, certificateNumber: row.certificateNumber } },
          );
        }
        const sequence = await nextCertificateSequence(tx);
        const year = todayInLagos().slice(0, 4);
        const certificateNumber = `SD-${year}-${String(sequence).padStart(7, '0')}`;
        const updated = await updateInstrument(
          tx,
          id,
          {
            status: 'stamped',
            certificateNumber,
            stampedAt: new Date(),
            stampedBy: actor.officerId,
          },
          eq(stampInstruments.status, row.status),
        );
        if (!updated) throw new Error(`instrument ${id} changed under its lock`);
        await recordAudit(tx, actor, {
          action: 'stamp_duty.stamped',
          entityType: 'stamp_instrument',
          entityId: id,
          before: auditedInstrument(row),
          after: auditedInstrument(updated),
        });
      });
      return detailOf(id);
    },
  };
}
