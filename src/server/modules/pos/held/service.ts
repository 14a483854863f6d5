import { and, count, desc, eq, sql, sum } from 'drizzle-orm';
import type {
  AssignHeldPosBody,
  HeldPosDecision,
  HeldPosListQuery,
  HeldPosTransactionPage,
  RejectHeldPosBody,
} from '../../../../shared/pos/held';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { payments, posTerminals, posTransactions } from '../../../db/schema';
import { AppError, fieldError } from '../../../errors';
import { recordAudit } from '../../audit/service';
import { createLedger } from '../../payments/ledger/ledger';
import type { PosDeps } from '../deps';
import { applyHeldReversal, auditedPosTransaction, recordAsPayment } from '../recording';
import { findMdaName, findTerminalByProviderId, hasRevenueHead } from '../terminals/queries';

/**
 * Transactions held for review (docs/pos.md "Held transactions"): from a terminal RevDesk does
 * not know or has deactivated, never revenue until an officer assigns one — to a registered
 * terminal, or to an MDA and revenue head — which records it in the ledger as the push would
 * have; or rejects it with a reason. The row is locked: two officers at once give one decision
 * and one 409.
 */

export function createHeldPosService(deps: Pick<PosDeps, 'db' | 'config' | 'settlements'>) {
  const { db } = deps;
  const ledger = createLedger({
    receiptPrefix: deps.config.receiptPrefix,
    settlements: deps.settlements,
  });

  async function lockHeld(tx: Db, id: string) {
    const [row] = await tx
      .select()
      .from(posTransactions)
      .where(eq(posTransactions.id, id))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', 'No such POS transaction.');
    if (row.state !== 'held') {
      throw new AppError(
        'CONFLICT',
        `This transaction is ${row.state} already; another officer may have decided it.`,
        { details: { state: row.state } },
      );
    }
    return row;
  }

  return {
    async listHeld(_actor: Actor, query: HeldPosListQuery): Promise<HeldPosTransactionPage> {
      const where = and(
        eq(posTransactions.state, 'held'),
        query.terminalId
          ? eq(posTransactions.terminalId, query.terminalId.toUpperCase())
          : undefined,
      );
      const rows = await db
        .select({ t: posTransactions, registeredId: posTerminals.id })
        .from(posTransactions)
        .leftJoin(
          posTerminals,
          and(
            eq(posTerminals.provider, posTransactions.provider),
            eq(posTerminals.terminalId, posTransactions.terminalId),
          ),
        )
        .where(where)
        .orderBy(desc(posTransactions.transactedAt), desc(posTransactions.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      const [totals] = await db
        .select({ n: count(), kobo: sum(posTransactions.amountKobo).mapWith(Number) })
        .from(posTransactions)
        .where(where);
      return {
        items: rows.map(({ t, registeredId }) => ({
          id: t.id,
          terminalId: t.terminalId,
          isTerminalRegistered: registeredId !== null,
          stan: t.stan,
          rrn: t.rrn,
          amountKobo: t.amountKobo,
          transactedAt: t.transactedAt.toISOString(),
          status: t.status,
          revenueHeadCode: t.revenueHeadCode,
          payerName: t.payerName,
          payerPhone: t.payerPhone,
          reviewNote: t.reviewNote,
          createdAt: t.createdAt.toISOString(),
        })),
        page: query.page,
        pageSize: query.pageSize,
        total: totals?.n ?? 0,
        totals: { amountKobo: totals?.kobo ?? 0, count: totals?.n ?? 0 },
      };
    },

    async assign(actor: Actor, id: string, input: AssignHeldPosBody): Promise<HeldPosDecision> {
      return db.transaction(async (tx) => {
        const held = await lockHeld(tx, id);
        if (held.status !== 'approved') {
          throw new AppError(
            'RULE_VIOLATION',
            'Only an approved transaction can be recorded as revenue; reject this one instead.',
          );
        }
        let place: { mdaId: string; agentId: string | null; revenueHeadCode: string | null };
        if (input.terminalId) {
          const terminal = await findTerminalByProviderId(tx, input.terminalId.toUpperCase());
          if (!terminal) throw fieldError('terminalId', 'No registered terminal has this id');
          place = {
            mdaId: terminal.mdaId,
            agentId: terminal.agentId,
            revenueHeadCode: terminal.revenueHeadCode,
          };
        } else {
          const mdaId = input.mdaId as string;
          const code = input.revenueHeadCode as string;
          if (!(await findMdaName(tx, mdaId)))
            throw fieldError('mdaId', 'Choose an MDA from the list');
          if (!(await hasRevenueHead(tx, mdaId, code))) {
            throw fieldError('revenueHeadCode', 'The MDA has no revenue head with this code');
          }
          place = { mdaId, agentId: null, revenueHeadCode: code };
        }
        const { paymentId } = await recordAsPayment(
          tx,
          { ledger },
          actor,
          held,
          place,
          held.arrival,
        );
        const [updated] = await tx
          .update(posTransactions)
          .set({
            state: 'recorded',
            paymentId,
            mdaId: place.mdaId,
            agentId: place.agentId,
            revenueHeadCode: place.revenueHeadCode,
            reviewNote: input.reason,
            reviewedBy: actor.officerId,
            reviewedAt: sql`now()`,
            updatedAt: new Date(),
          })
          .where(eq(posTransactions.id, id))
          .returning();
        if (!updated) throw new Error(`pos transaction ${id} vanished`);
        await recordAudit(tx, actor, {
          action: 'pos_transaction.assigned',
          entityType: 'pos_transaction',
          entityId: id,
          before: auditedPosTransaction(held),
          after: { ...auditedPosTransaction(updated), assignedTo: input.terminalId ?? null },
        });
        // Its reversal came first and was held naming its RRN: applied now, as for a
        // transaction recorded on arrival (docs/pos.md "Reversals").
        const reversed = await applyHeldReversal(tx, { ledger }, actor, updated, held.arrival);
        const [payment] = await tx
          .select({ receiptNumber: payments.receiptNumber })
          .from(payments)
          .where(eq(payments.id, paymentId));
        return {
          id,
          state: reversed ? 'reversed' : updated.state,
          paymentId,
          receiptNumber: payment?.receiptNumber ?? null,
        };
      });
    },

    async reject(actor: Actor, id: string, input: RejectHeldPosBody): Promise<HeldPosDecision> {
      return db.transaction(async (tx) => {
        const held = await lockHeld(tx, id);
        const [updated] = await tx
          .update(posTransactions)
          .set({
            state: 'rejected',
            reviewNote: input.reason,
            reviewedBy: actor.officerId,
            reviewedAt: sql`now()`,
            updatedAt: new Date(),
          })
          .where(eq(posTransactions.id, id))
          .returning();
        if (!updated) throw new Error(`pos transaction ${id} vanished`);
        await recordAudit(tx, actor, {
          action: 'pos_transaction.rejected',
          entityType: 'pos_transaction',
          entityId: id,
          before: auditedPosTransaction(held),
          after: auditedPosTransaction(updated),
        });
        return { id, state: updated.state, paymentId: null, receiptNumber: null };
      });
    },
  };
}
