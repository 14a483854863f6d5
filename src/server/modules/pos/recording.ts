import { and, eq, ne, sql } from 'drizzle-orm';
import { todayInLagos } from '../../../shared/dates';
import type {
  PosArrival,
  PosProvider,
  PosTransactionState,
  PosTransactionStatus,
} from '../../../shared/pos/enums';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { mdaRevenueHeads, posTerminals, posTransactions } from '../../db/schema';
import { recordAudit } from '../audit/service';
import type { Ledger } from '../payments/ledger/ledger';

/**
 * The one rule for a POS transaction, whichever way it reached RevDesk (a push, the daily pull,
 * a settlement file an officer confirmed): docs/pos.md "Outcomes" and "Reversals".
 *
 * - Once: a transaction is named by provider, terminal, STAN and its Lagos day
 *   (pos_transactions_once_key); a second arrival, at once or later, is `duplicate`.
 * - An approved one from a known, active terminal is a `pos` payment in the ledger
 *   (recordReceivedPayment, ADR 0010), counted under the terminal's MDA and its default
 *   revenue head unless the transaction names a head of that MDA.
 * - From an unknown or inactive terminal it is `held`: kept, not revenue, until an officer
 *   assigns it (held/).
 * - A declined one is kept (the dashboard counts declines), never revenue.
 * - A reversal reverses the payment of the transaction it names: the same terminal, STAN and
 *   day, else the same RRN. One naming nothing RevDesk has is held for an officer.
 *
 * Every change is audited in the caller's transaction.
 */

export type PosTransactionInput = {
  provider: PosProvider;
  terminalId: string;
  stan: string;
  rrn: string;
  amountKobo: number;
  transactedAt: Date;
  revenueHeadCode?: string | null;
  payerName?: string | null;
  payerPhone?: string | null;
  status: PosTransactionStatus;
};

export type PosOutcome = 'recorded' | 'duplicate' | 'held' | 'declined' | 'reversed' | 'refused';

export type PosRecordingResult = {
  outcome: PosOutcome;
  /** The pos_transactions row the outcome is about; null only when refused (nothing kept). */
  transactionId: string | null;
  paymentId?: string;
  /** Why it was held or refused, in words an officer reads. */
  reason?: string;
};

export type PosRecordingDeps = {
  ledger: Pick<Ledger, 'recordReceivedPayment' | 'changeStatusByHand'>;
};

type PosTransactionRow = typeof posTransactions.$inferSelect;

/** `benjis/<terminalId>/<stan>/<yyyy-mm-dd>`: the payment's source reference (payments_received_source_key). */
export function posSourceReference(
  provider: PosProvider,
  terminalId: string,
  stan: string,
  day: string,
): string {
  return `${provider}/${terminalId}/${stan}/${day}`;
}

/** What the audit row keeps of a POS transaction. */
export function auditedPosTransaction(row: PosTransactionRow) {
  return {
    provider: row.provider,
    terminalId: row.terminalId,
    stan: row.stan,
    rrn: row.rrn,
    amountKobo: row.amountKobo,
    transactedAt: row.transactedAt.toISOString(),
    status: row.status,
    state: row.state,
    arrival: row.arrival,
    mdaId: row.mdaId,
    agentId: row.agentId,
    revenueHeadCode: row.revenueHeadCode,
    paymentId: row.paymentId,
    reviewNote: row.reviewNote,
  };
}

/** Serialises every arrival of one transaction (the same key) across connections. */
async function lockTransactionKey(tx: Db, provider: string, key: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`pos-transaction:${provider}:${key}`}))`,
  );
}

async function findByKeyForUpdate(
  tx: Db,
  provider: PosProvider,
  terminalId: string,
  stan: string,
  day: string,
): Promise<PosTransactionRow | undefined> {
  const [row] = await tx
    .select()
    .from(posTransactions)
    .where(
      and(
        eq(posTransactions.provider, provider),
        eq(posTransactions.terminalId, terminalId),
        eq(posTransactions.stan, stan),
        eq(posTransactions.transactionDay, day),
      ),
    )
    .for('update');
  return row;
}

/** The approved transaction an RRN names (not the reversal's own row), newest first. */
async function findOriginalByRrnForUpdate(
  tx: Db,
  provider: PosProvider,
  rrn: string,
): Promise<PosTransactionRow | undefined> {
  const [row] = await tx
    .select()
    .from(posTransactions)
    .where(
      and(
        eq(posTransactions.provider, provider),
        eq(posTransactions.rrn, rrn),
        ne(posTransactions.status, 'reversed'),
      ),
    )
    .orderBy(sql`${posTransactions.transactedAt} desc`)
    .limit(1)
    .for('update');
  return row;
}

/** A reversal held because it named nothing RevDesk had, waiting for its original (by RRN). */
async function findHeldReversalForUpdate(
  tx: Db,
  provider: PosProvider,
  rrn: string,
): Promise<PosTransactionRow | undefined> {
  const [row] = await tx
    .select()
    .from(posTransactions)
    .where(
      and(
        eq(posTransactions.provider, provider),
        eq(posTransactions.rrn, rrn),
        eq(posTransactions.status, 'reversed'),
        eq(posTransactions.state, 'held'),
      ),
    )
    .limit(1)
    .for('update');
  return row;
}

async function insertTransaction(
  tx: Db,
  input: PosTransactionInput,
  row: {
    state: PosTransactionState;
    arrival: PosArrival;
    mdaId?: string | null;
    agentId?: string | null;
    revenueHeadCode?: string | null;
    paymentId?: string | null;
    reviewNote?: string | null;
  },
): Promise<PosTransactionRow> {
  const [inserted] = await tx
    .insert(posTransactions)
    .values({
      provider: input.provider,
      terminalId: input.terminalId,
      stan: input.stan,
      rrn: input.rrn,
      amountKobo: input.amountKobo,
      transactedAt: input.transactedAt,
      status: input.status,
      state: row.state,
      arrival: row.arrival,
      revenueHeadCode: row.revenueHeadCode ?? input.revenueHeadCode ?? null,
      payerName: input.payerName ?? null,
      payerPhone: input.payerPhone ?? null,
      agentId: row.agentId ?? null,
      mdaId: row.mdaId ?? null,
      paymentId: row.paymentId ?? null,
      reviewNote: row.reviewNote ?? null,
    })
    .returning();
  if (!inserted) throw new Error('insert into pos_transactions returned nothing');
  return inserted;
}

async function updateTransaction(
  tx: Db,
  id: string,
  change: Partial<typeof posTransactions.$inferInsert>,
): Promise<PosTransactionRow> {
  const [updated] = await tx
    .update(posTransactions)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(posTransactions.id, id))
    .returning();
  if (!updated) throw new Error(`pos transaction ${id} vanished`);
  return updated;
}

/** The revenue head a transaction counts under: the one it names if the MDA has it (active), else the terminal's. */
async function revenueHeadFor(
  tx: Db,
  mdaId: string,
  named: string | null | undefined,
  terminalDefault: string | null,
): Promise<string | null> {
  if (named) {
    const [head] = await tx
      .select({ code: mdaRevenueHeads.code })
      .from(mdaRevenueHeads)
      .where(
        and(
          eq(mdaRevenueHeads.mdaId, mdaId),
          eq(mdaRevenueHeads.code, named),
          eq(mdaRevenueHeads.isActive, true),
        ),
      );
    if (head) return head.code;
  }
  return terminalDefault;
}

/**
 * Makes an approved transaction a payment (a held one an officer assigns comes here too):
 * records it in the ledger under `mdaId` and marks the row recorded.
 */
export async function recordAsPayment(
  tx: Db,
  deps: PosRecordingDeps,
  actor: Actor,
  row: Pick<
    PosTransactionRow,
    | 'provider'
    | 'terminalId'
    | 'stan'
    | 'rrn'
    | 'amountKobo'
    | 'transactedAt'
    | 'transactionDay'
    | 'payerName'
    | 'payerPhone'
  >,
  at: { mdaId: string; agentId: string | null; revenueHeadCode: string | null },
  arrival: PosArrival,
): Promise<{ paymentId: string }> {
  const { payment } = await deps.ledger.recordReceivedPayment(tx, actor, {
    channel: 'pos',
    sourceReference: posSourceReference(row.provider, row.terminalId, row.stan, row.transactionDay),
    arrival,
    mdaId: at.mdaId,
    amountKobo: row.amountKobo,
    paidAt: row.transactedAt,
    revenueHeadCode: at.revenueHeadCode,
    payerName: row.payerName,
    payerPhone: row.payerPhone,
    description: `POS terminal ${row.terminalId}, STAN ${row.stan}, RRN ${row.rrn}`,
  });
  return { paymentId: payment.id };
}

async function reverse(
  tx: Db,
  deps: PosRecordingDeps,
  actor: Actor,
  original: PosTransactionRow,
  reversal: PosTransactionInput,
  arrival: PosArrival,
): Promise<PosRecordingResult> {
  const naming = `STAN ${reversal.stan}, RRN ${reversal.rrn}`;
  if (original.state === 'reversed') {
    return {
      outcome: 'duplicate',
      transactionId: original.id,
      ...(original.paymentId ? { paymentId: original.paymentId } : {}),
    };
  }
  if (original.state === 'recorded' && original.paymentId) {
    await deps.ledger.changeStatusByHand(tx, actor, original.paymentId, {
      to: 'reversed',
      reason: `Reversed by the POS provider (${naming}, ${arrival}).`,
    });
    const updated = await updateTransaction(tx, original.id, { state: 'reversed' });
    await recordAudit(tx, actor, {
      action: 'pos_transaction.reversed',
      entityType: 'pos_transaction',
      entityId: updated.id,
      before: auditedPosTransaction(original),
      after: { ...auditedPosTransaction(updated), reversal: naming, arrival },
    });
    return { outcome: 'reversed', transactionId: updated.id, paymentId: original.paymentId };
  }
  if (original.state === 'held') {
    // Never revenue, and now never to be: the officer has nothing left to decide.
    const updated = await updateTransaction(tx, original.id, {
      state: 'rejected',
      reviewNote: `Reversed by the POS provider (${naming}) while held for review.`,
    });
    await recordAudit(tx, actor, {
      action: 'pos_transaction.reversed',
      entityType: 'pos_transaction',
      entityId: updated.id,
      before: auditedPosTransaction(original),
      after: { ...auditedPosTransaction(updated), reversal: naming, arrival },
    });
    return { outcome: 'reversed', transactionId: updated.id };
  }
  // Declined or rejected: no money moved, so there is nothing to reverse.
  await recordAudit(tx, actor, {
    action: 'pos_transaction.reversal_refused',
    entityType: 'pos_transaction',
    entityId: original.id,
    after: { reversal: naming, arrival, originalState: original.state },
  });
  return {
    outcome: 'refused',
    transactionId: original.id,
    reason: `The transaction this reversal names was ${original.state}; no money was recorded to reverse.`,
  };
}

export async function recordPosTransaction(
  tx: Db,
  deps: PosRecordingDeps,
  actor: Actor,
  input: PosTransactionInput,
  arrival: PosArrival,
): Promise<PosRecordingResult> {
  const day = todayInLagos(input.transactedAt);
  const key = `${input.terminalId}/${input.stan}/${day}`;
  await lockTransactionKey(tx, input.provider, key);
  // An RRN-named reversal and its original may arrive at once under different keys: both take
  // the RRN's lock too, so one sees the other's committed row.
  await lockTransactionKey(tx, input.provider, `rrn:${input.rrn}`);
  const existing = await findByKeyForUpdate(tx, input.provider, input.terminalId, input.stan, day);

  if (input.status === 'reversed') {
    if (existing && existing.status !== 'reversed') {
      return reverse(tx, deps, actor, existing, input, arrival);
    }
    if (existing) {
      return {
        outcome: 'duplicate',
        transactionId: existing.id,
        ...(existing.paymentId ? { paymentId: existing.paymentId } : {}),
      };
    }
    const original = await findOriginalByRrnForUpdate(tx, input.provider, input.rrn);
    if (original) return reverse(tx, deps, actor, original, input, arrival);
    const reason = `A reversal of RRN ${input.rrn}, which RevDesk has no transaction for: held until its original arrives or an officer decides.`;
    const held = await insertTransaction(tx, input, {
      state: 'held',
      arrival,
      reviewNote: reason,
    });
    await recordAudit(tx, actor, {
      action: 'pos_transaction.held',
      entityType: 'pos_transaction',
      entityId: held.id,
      after: auditedPosTransaction(held),
    });
    return { outcome: 'held', transactionId: held.id, reason };
  }

  if (existing) {
    return {
      outcome: 'duplicate',
      transactionId: existing.id,
      ...(existing.paymentId ? { paymentId: existing.paymentId } : {}),
    };
  }

  const [terminal] = await tx
    .select()
    .from(posTerminals)
    .where(
      and(eq(posTerminals.provider, input.provider), eq(posTerminals.terminalId, input.terminalId)),
    );

  if (input.status === 'declined') {
    const declined = await insertTransaction(tx, input, {
      state: 'declined',
      arrival,
      mdaId: terminal?.mdaId ?? null,
      agentId: terminal?.agentId ?? null,
    });
    await recordAudit(tx, actor, {
      action: 'pos_transaction.declined',
      entityType: 'pos_transaction',
      entityId: declined.id,
      after: auditedPosTransaction(declined),
    });
    return { outcome: 'declined', transactionId: declined.id };
  }

  if (!terminal?.isActive) {
    const reason = terminal
      ? `Terminal ${input.terminalId} is deactivated: held until an officer assigns it.`
      : `Terminal ${input.terminalId} is not registered in RevDesk: held until an officer assigns it.`;
    const held = await insertTransaction(tx, input, {
      state: 'held',
      arrival,
      mdaId: terminal?.mdaId ?? null,
      agentId: terminal?.agentId ?? null,
      reviewNote: reason,
    });
    await recordAudit(tx, actor, {
      action: 'pos_transaction.held',
      entityType: 'pos_transaction',
      entityId: held.id,
      after: auditedPosTransaction(held),
    });
    return { outcome: 'held', transactionId: held.id, reason };
  }

  const revenueHeadCode = await revenueHeadFor(
    tx,
    terminal.mdaId,
    input.revenueHeadCode,
    terminal.revenueHeadCode,
  );
  const pending = {
    provider: input.provider,
    terminalId: input.terminalId,
    stan: input.stan,
    rrn: input.rrn,
    amountKobo: input.amountKobo,
    transactedAt: input.transactedAt,
    transactionDay: day,
    payerName: input.payerName ?? null,
    payerPhone: input.payerPhone ?? null,
  };
  const { paymentId } = await recordAsPayment(
    tx,
    deps,
    actor,
    pending,
    { mdaId: terminal.mdaId, agentId: terminal.agentId, revenueHeadCode },
    arrival,
  );
  const recorded = await insertTransaction(tx, input, {
    state: 'recorded',
    arrival,
    mdaId: terminal.mdaId,
    agentId: terminal.agentId,
    revenueHeadCode,
    paymentId,
  });
  await recordAudit(tx, actor, {
    action: 'pos_transaction.recorded',
    entityType: 'pos_transaction',
    entityId: recorded.id,
    after: auditedPosTransaction(recorded),
  });

  const reversed = await applyHeldReversal(tx, deps, actor, recorded, arrival);
  return reversed ?? { outcome: 'recorded', transactionId: recorded.id, paymentId };
}

/**
 * A transaction just recorded — arrived, or a held one an officer assigned — whose reversal
 * came first and was held naming its RRN: the reversal is applied now, the payment reversed in
 * the ledger, so the money nets to nothing (docs/pos.md "Reversals"). Undefined when there is none.
 */
export async function applyHeldReversal(
  tx: Db,
  deps: PosRecordingDeps,
  actor: Actor,
  recorded: PosTransactionRow,
  arrival: PosArrival,
): Promise<PosRecordingResult | undefined> {
  const earlyReversal = await findHeldReversalForUpdate(tx, recorded.provider, recorded.rrn);
  if (!earlyReversal) return undefined;
  const result = await reverse(tx, deps, actor, recorded, earlyReversal, arrival);
  const applied = await updateTransaction(tx, earlyReversal.id, {
    state: 'rejected',
    reviewNote: `Applied to the transaction it names (STAN ${recorded.stan}), which was recorded after it.`,
  });
  await recordAudit(tx, actor, {
    action: 'pos_transaction.reversal_applied',
    entityType: 'pos_transaction',
    entityId: applied.id,
    before: auditedPosTransaction(earlyReversal),
    after: auditedPosTransaction(applied),
  });
  return result;
}
