import {
  REMATCH_MAX_LINES,
  type RematchInput,
  type RematchResult,
} from '../../../../shared/bank/matching';
import { addDays, dayInFigures } from '../../../../shared/dates';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import { recordAudit } from '../../audit/service';
import { noteChangesToSignedOffDays } from '../reconciliation/signOffChanges';
import { type MatchDecision, type MatchLine, matchLines, receiptNumbersIn, rrrsIn } from './match';
import {
  countStates,
  findAccountForMatching,
  type LineChange,
  type LineForMatching,
  lockMatching,
  type MatchedAccount,
  selectCreditsOfDaysForUpdate,
  selectLineOrder,
  selectLinesForUpdate,
  selectPaymentsByAmountAndDays,
  selectPaymentsByReference,
  selectReversalTargetsForUpdate,
  selectTakenPayments,
  selectUndecidedIds,
  updateLines,
} from './queries';

/**
 * Lines matched per transaction: a month of 100,000 lines runs as 200 short transactions, each
 * holding its lines' row locks for a moment, not one that holds 100,000 until the end.
 */
export const MATCH_BATCH_SIZE = 500;

/** How far back a reversing debit looks for the credit it reverses. */
const REVERSAL_LOOKBACK_DAYS = 31;

/**
 * Matches stored statement lines of one account against the ledger (docs/bank-matching.md):
 * sets the state, rule, payment and candidates of each credit still unmatched or ambiguous and
 * not decided by an officer, and takes out the credits the debits among them reverse. Lines of
 * other accounts and lines an officer decided are left as they are.
 *
 * Pass the database itself for a large set: each batch of MATCH_BATCH_SIZE lines (in value-date
 * order) is its own transaction, audited in it. Passed a transaction, the batches are savepoints
 * of it. Candidate payments are read by index for each batch (by RRR, by receipt number, by MDA
 * and day), never one query per line.
 */
export async function matchStatementLines(
  tx: Db,
  actor: Actor,
  accountId: string,
  lineIds: readonly string[],
): Promise<void> {
  const account = await findAccountForMatching(tx, accountId);
  if (!account) throw new AppError('NOT_FOUND', 'No collection account has this id.');
  const order: Array<{ id: string; valueDate: string; bankReference: string }> = [];
  for (let i = 0; i < lineIds.length; i += 1000) {
    order.push(...(await selectLineOrder(tx, accountId, lineIds.slice(i, i + 1000))));
  }
  order.sort((a, b) =>
    a.valueDate === b.valueDate
      ? a.bankReference.localeCompare(b.bankReference)
      : a.valueDate.localeCompare(b.valueDate),
  );
  for (let i = 0; i < order.length; i += MATCH_BATCH_SIZE) {
    const batch = order.slice(i, i + MATCH_BATCH_SIZE).map((l) => l.id);
    await tx.transaction((batchTx) => matchBatch(batchTx, actor, account, batch));
  }
}

/**
 * "Match again" (docs/bank-matching.md "Matching again"): the rules run anew over the range's
 * credits still unmatched or ambiguous that no officer decided, so a payment recorded after the
 * statement was fetched finds its credit. Run while the officer waits: it reads no bank, and
 * only the open credits — at most REMATCH_MAX_LINES, beyond which a shorter range is asked for.
 * Each batch's changes are audited in it (`bank_statement.matched`, as after a fetch); the
 * request itself, with what it found, is audited last (`bank_statement.rematched`).
 */
export async function rematchRange(
  db: Db,
  actor: Actor,
  accountId: string,
  range: RematchInput,
): Promise<RematchResult> {
  const ids = await selectUndecidedIds(db, accountId, { ...range, limit: REMATCH_MAX_LINES });
  if (ids.length > REMATCH_MAX_LINES) {
    throw new AppError(
      'RULE_VIOLATION',
      `More than ${REMATCH_MAX_LINES.toLocaleString('en-NG')} credits from ${dayInFigures(range.from)} to ${dayInFigures(range.to)} are still open; match them again a few days at a time.`,
    );
  }
  await matchStatementLines(db, actor, accountId, ids);
  const counts = new Map((await countStates(db, ids)).map((c) => [c.state, c.count]));
  const result: RematchResult = {
    looked: ids.length,
    matched: counts.get('matched') ?? 0,
    ambiguous: counts.get('ambiguous') ?? 0,
    unmatched: counts.get('unmatched') ?? 0,
    notRevenue: counts.get('not-revenue') ?? 0,
  };
  await db.transaction((tx) =>
    recordAudit(tx, actor, {
      action: 'bank_statement.rematched',
      entityType: 'bank_account',
      entityId: accountId,
      after: { from: range.from, to: range.to, ...result },
    }),
  );
  return result;
}

function toMatchLine(row: LineForMatching): MatchLine {
  return {
    id: row.id,
    direction: row.direction,
    bankReference: row.bankReference,
    valueDate: row.valueDate,
    amountKobo: row.amountKobo,
    narration: row.narration,
    state: row.state,
    decidedByOfficer: row.decidedBy !== null,
    paymentId: row.paymentId,
  };
}

const isOpen = (l: LineForMatching) =>
  l.direction === 'credit' &&
  l.decidedBy === null &&
  (l.state === 'unmatched' || l.state === 'ambiguous');

async function matchBatch(
  tx: Db,
  actor: Actor,
  account: MatchedAccount,
  ids: readonly string[],
): Promise<void> {
  await lockMatching(tx);
  const batch = await selectLinesForUpdate(tx, account.id, ids);
  const inBatch = new Set(batch.map((l) => l.id));
  const loaded = new Map(batch.map((l) => [l.id, l]));
  const add = (rows: LineForMatching[]) => {
    for (const row of rows) if (!loaded.has(row.id)) loaded.set(row.id, row);
  };

  // The credits the batch's reversing debits may name.
  for (const debit of batch) {
    if (debit.direction !== 'debit') continue;
    if (!/\b(reversal|reversed|rvsl|rev)\b/i.test(debit.narration)) continue;
    add(
      await selectReversalTargetsForUpdate(tx, account.id, {
        valueDate: debit.valueDate,
        amountKobo: debit.amountKobo,
        from: addDays(debit.valueDate, -REVERSAL_LOOKBACK_DAYS),
      }),
    );
  }

  const open = batch.filter(isOpen);
  const rrrs = [...new Set(open.flatMap((l) => rrrsIn(l.narration)))];
  const receipts = [...new Set(open.flatMap((l) => receiptNumbersIn(l.narration)))];
  const byReference = await selectPaymentsByReference(tx, rrrs, receipts);

  // A split's other parts: the day's credits, when a named payment is larger than its credit.
  const splitDays = new Set<string>();
  for (const line of open) {
    const refs = [...rrrsIn(line.narration), ...receiptNumbersIn(line.narration)];
    if (
      byReference.some(
        (p) =>
          (refs.includes(p.rrr ?? '') || refs.includes(p.receiptNumber ?? '')) &&
          p.amountKobo > line.amountKobo,
      )
    ) {
      splitDays.add(line.valueDate);
    }
  }
  add(await selectCreditsOfDaysForUpdate(tx, account.id, [...splitDays]));

  const days = open.map((l) => l.valueDate).sort();
  const byAmount =
    open.length === 0
      ? []
      : await selectPaymentsByAmountAndDays(tx, {
          mdaId: account.mdaId,
          from: addDays(days[0] as string, -account.matchWindowDays),
          to: addDays(days.at(-1) as string, account.matchWindowDays),
          amounts: [...new Set(open.map((l) => l.amountKobo))],
        });
  const candidates = new Map([...byReference, ...byAmount].map((p) => [p.id, p]));
  const taken = await selectTakenPayments(tx, [...candidates.keys()], new Set(loaded.keys()));

  const lines = [...loaded.values()];
  const { decisions, reversals } = matchLines({
    lines: lines.map(toMatchLine),
    payments: [...candidates.values()],
    taken,
    mdaId: account.mdaId,
    windowDays: account.matchWindowDays,
  });

  // Decisions about lines outside the batch are kept only for a split's parts and reversals:
  // the others were decided without their own candidates.
  const changes: LineChange[] = [];
  for (const decision of decisions) {
    const row = loaded.get(decision.lineId);
    if (!row) continue;
    const kept =
      inBatch.has(decision.lineId) ||
      decision.state === 'not-revenue' ||
      (decision.state === 'matched' && decision.rule === 'split');
    if (!kept) continue;
    const change = changeOf(row, decision);
    if (change) changes.push(change);
  }
  for (const reversal of reversals) {
    const debit = loaded.get(reversal.debitId);
    if (!debit) continue;
    const note = `Reverses the credit ${reversal.creditReference}.`;
    if (debit.rule !== 'reversal' || debit.stateReason !== note) {
      changes.push({
        id: debit.id,
        state: null,
        paymentId: null,
        rule: 'reversal',
        candidatePaymentIds: null,
        stateReason: note,
      });
    }
  }
  if (changes.length === 0) return;

  // Payments given up first, then taken: one payment moving from a reversed credit to another
  // must not meet itself in the unique index.
  await updateLines(
    tx,
    changes.filter((c) => c.paymentId === null),
  );
  await updateLines(
    tx,
    changes.filter((c) => c.paymentId !== null),
  );
  await noteChangesToSignedOffDays(
    tx,
    actor,
    account.id,
    changes.flatMap((c) => {
      const row = loaded.get(c.id);
      if (row?.direction !== 'credit') return [];
      return [
        {
          day: row.valueDate,
          lineId: c.id,
          what: `matcher: ${row.state} → ${c.state}${c.rule ? ` (${c.rule})` : ''}`,
          reason: c.stateReason ?? 'Matched by the rules after the sign-off.',
        },
      ];
    }),
  );
  await recordAudit(tx, actor, {
    action: 'bank_statement.matched',
    entityType: 'bank_account',
    entityId: account.id,
    after: {
      lines: changes.map((c) => ({
        lineId: c.id,
        state: c.state,
        rule: c.rule,
        paymentId: c.paymentId,
        candidatePaymentIds: c.candidatePaymentIds,
      })),
    },
  });
}

/** The line's new standing, or null when the decision leaves it as it is. */
function changeOf(row: LineForMatching, decision: MatchDecision): LineChange | null {
  const next: LineChange =
    decision.state === 'matched'
      ? {
          id: row.id,
          state: 'matched',
          paymentId: decision.paymentId,
          rule: decision.rule,
          candidatePaymentIds: null,
          stateReason: null,
        }
      : decision.state === 'ambiguous'
        ? {
            id: row.id,
            state: 'ambiguous',
            paymentId: null,
            rule: null,
            candidatePaymentIds: decision.candidatePaymentIds,
            stateReason: null,
          }
        : decision.state === 'unmatched'
          ? {
              id: row.id,
              state: 'unmatched',
              paymentId: null,
              rule: null,
              candidatePaymentIds: null,
              stateReason: null,
            }
          : {
              id: row.id,
              state: 'not-revenue',
              paymentId: null,
              rule: 'reversed',
              candidatePaymentIds: null,
              stateReason: decision.reason,
            };
  const same =
    row.state === next.state &&
    row.paymentId === next.paymentId &&
    row.rule === next.rule &&
    row.stateReason === next.stateReason &&
    (row.candidatePaymentIds ?? []).join(',') === (next.candidatePaymentIds ?? []).join(',');
  return same ? null : next;
}
