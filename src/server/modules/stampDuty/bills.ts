import { todayInLagos } from '../../../shared/dates';
import { INSTRUMENT_TYPE_LABELS } from '../../../shared/stampDuty/enums';
import { inForceOn, latePenaltyOf } from '../../../shared/stampDuty/rules';
import type { StampBillInput, StampBillView } from '../../../shared/stampDuty/schemas';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { AppError, fieldError } from '../../errors';
import { recordAudit } from '../audit/service';
import { createMdaService } from '../mdas/service';
import type { PaymentDeps } from '../payments/deps';
import { createInvoiceService } from '../payments/invoices/service';
import { createLedger } from '../payments/ledger/ledger';
import {
  findInstrumentForUpdate,
  selectInstrument,
  selectParties,
  updateInstrument,
} from './queries';
import { auditedInstrument, createStampDutyService } from './service';
import { loadTables } from './view';

/**
 * An instrument's bill (RRR), raised through the payments' invoices service as the
 * assessments' bill is (assessments/money/bills.ts): the duty stored at assessment plus the
 * late-stamping penalty computed on the day billed (docs/tax-rules.md), charged to the party
 * the law names. One bill per instrument: it moves `assessed` → `billed` under the row lock,
 * so of two officers billing at once one bills and the other gets 409.
 */
export function createStampBillService(deps: PaymentDeps) {
  const invoices = createInvoiceService(deps);
  const ledger = createLedger({
    receiptPrefix: deps.config.receiptPrefix,
    settlements: deps.settlements,
  });
  const mdas = createMdaService({ db: deps.db, secrets: deps.secrets });
  const instruments = createStampDutyService({ db: deps.db });

  async function billingTarget(actor: Actor, input: StampBillInput) {
    // Stamp duty is the revenue service's own revenue: its MDA (code BIRS, the demo seed's and
    // the service's) unless the officer names another; else the first the officer may bill for.
    const choices = input.mdaId ? [] : (await mdas.listMdas(actor, {})).items;
    const mdaId = input.mdaId ?? (choices.find((m) => m.code === 'BIRS') ?? choices[0])?.id;
    if (!mdaId) throw fieldError('mdaId', 'Choose the MDA the bill is paid to');
    if (input.revenueHeadCode) return { mdaId, revenueHeadCode: input.revenueHeadCode };
    const mda = await mdas.getMda(actor, mdaId);
    const head = mda.revenueHeads
      .filter((h) => h.isActive)
      .sort((a, b) => a.code.localeCompare(b.code))[0];
    if (!head) throw fieldError('revenueHeadCode', `${mda.name} has no active revenue head`);
    return { mdaId, revenueHeadCode: head.code };
  }

  function notBillable(status: string): AppError {
    return new AppError(
      'CONFLICT',
      status === 'billed'
        ? 'This instrument is billed already: give the payer its RRR, or cancel the instrument.'
        : `An instrument is billed once, while assessed; this one is ${status}.`,
      { details: { status } },
    );
  }

  return {
    async raiseBill(actor: Actor, id: string, input: StampBillInput): Promise<StampBillView> {
      const row = await selectInstrument(deps.db, id);
      if (!row) throw new AppError('NOT_FOUND', 'No stamp duty instrument has this id.');
      if (row.status !== 'assessed') throw notBillable(row.status);
      const tables = await loadTables(deps.db);
      const today = todayInLagos();
      const penaltyRule = inForceOn(tables.penalties, row.executedOn);
      const mpr = inForceOn(tables.mprRates, today);
      if (!penaltyRule || (penaltyRule.interestBasis === 'mpr' && !mpr)) {
        throw new AppError(
          'RULE_VIOLATION',
          'No late-stamping setting is in force for this instrument: an administrator sets one.',
        );
      }
      // The duty is the one assessed (the rule stored with it); the penalty runs to today.
      const late = latePenaltyOf(penaltyRule, mpr?.annualBasisPoints ?? 0, {
        dutyKobo: row.dutyKobo,
        executedOn: row.executedOn,
        stampedOn: today,
      });
      const amountKobo = row.dutyKobo + late.totalKobo;
      if (amountKobo < 100) {
        throw new AppError(
          'RULE_VIOLATION',
          'This instrument owes no duty (not chargeable): stamp it without a bill.',
        );
      }
      const parties = await selectParties(deps.db, [id]);
      const payer = parties.find((p) => p.role === row.chargedPartyRole);
      if (!payer) {
        throw fieldError('parties', `Add the ${row.chargedPartyRole} the duty is charged to`);
      }
      const target = await billingTarget(actor, input);
      const bill = await invoices.raiseInvoice(
        actor,
        {
          btin: payer.btin ?? '',
          mdaId: target.mdaId,
          revenueHeadCode: target.revenueHeadCode,
          amountKobo,
          description: `Stamp duty: ${INSTRUMENT_TYPE_LABELS[row.instrumentType]} executed ${row.executedOn}`,
          type: 'stamp-duty',
        },
        {
          subject: { kind: 'stamp_duty', id },
          ...(payer.btin ? {} : { payer: { name: payer.name, phone: payer.phone } }),
          beforeRecord: async (tx) => {
            const locked = await findInstrumentForUpdate(tx, id);
            if (!locked) throw new AppError('NOT_FOUND', 'No stamp duty instrument has this id.');
            if (locked.status !== 'assessed') throw notBillable(locked.status);
          },
          afterRecord: async (tx, recorded) => {
            const updated = await updateInstrument(tx, id, {
              status: 'billed',
              paymentId: recorded.id,
              penaltyKobo: late.totalKobo,
              billedAt: new Date(),
            });
            if (!updated) throw new Error(`instrument ${id} vanished under its lock`);
            await recordAudit(tx, actor, {
              action: 'stamp_duty.billed',
              entityType: 'stamp_instrument',
              entityId: id,
              before: auditedInstrument(row),
              after: { ...auditedInstrument(updated), daysLate: late.daysLate, amountKobo },
            });
          },
        },
      );
      return { instrument: await instruments.detailOf(id), bill };
    },

    /** Cancels the instrument's pending bill in the caller's transaction (cancel of the instrument). */
    cancelBill(tx: Db, actor: Actor, paymentId: string, reason: string) {
      return ledger.changeStatusByHand(tx, actor, paymentId, { to: 'cancelled', reason });
    },
  };
}
