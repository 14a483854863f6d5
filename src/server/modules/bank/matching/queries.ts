import { and, asc, between, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { bankAccounts, bankStatementLines, payments } from '../../../db/schema';
import { BANK_SETTLED_CHANNELS, type MatchPayment } from './match';

/** The matcher's reads and writes (docs/bank-matching.md); the only file here that talks to Drizzle. */

export type MatchedAccount = { id: string; mdaId: string | null; matchWindowDays: number };

export async function findAccountForMatching(
  db: Db,
  accountId: string,
): Promise<MatchedAccount | null> {
  const [row] = await db
    .select({
      id: bankAccounts.id,
      mdaId: bankAccounts.mdaId,
      matchWindowDays: bankAccounts.matchWindowDays,
    })
    .from(bankAccounts)
    .where(eq(bankAccounts.id, accountId));
  return row ?? null;
}

/**
 * Serialises matching and an officer's pick: both give a payment to a credit, and a split's
 * parts share their payment, which the unique index alone cannot guard.
 */
export async function lockMatching(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('bank-statement-matching'))`);
}

export type LineForMatching = {
  id: string;
  direction: 'credit' | 'debit';
  bankReference: string;
  valueDate: string;
  amountKobo: number;
  narration: string;
  state: 'matched' | 'ambiguous' | 'unmatched' | 'not-revenue' | null;
  paymentId: string | null;
  rule: string | null;
  candidatePaymentIds: string[] | null;
  stateReason: string | null;
  decidedBy: string | null;
};

const lineColumns = {
  id: bankStatementLines.id,
  direction: bankStatementLines.direction,
  bankReference: bankStatementLines.bankReference,
  valueDate: bankStatementLines.valueDate,
  amountKobo: bankStatementLines.amountKobo,
  narration: bankStatementLines.narration,
  state: bankStatementLines.state,
  paymentId: bankStatementLines.paymentId,
  rule: bankStatementLines.rule,
  candidatePaymentIds: bankStatementLines.candidatePaymentIds,
  stateReason: bankStatementLines.stateReason,
  decidedBy: bankStatementLines.decidedBy,
};

/** The ids in value-date order, so each batch spans few days and its candidates a short range. */
export async function selectLineOrder(
  db: Db,
  accountId: string,
  ids: readonly string[],
): Promise<Array<{ id: string; valueDate: string; bankReference: string }>> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: bankStatementLines.id,
      valueDate: bankStatementLines.valueDate,
      bankReference: bankStatementLines.bankReference,
    })
    .from(bankStatementLines)
    .where(
      and(eq(bankStatementLines.accountId, accountId), inArray(bankStatementLines.id, [...ids])),
    );
}

export async function selectLinesForUpdate(
  tx: Db,
  accountId: string,
  ids: readonly string[],
): Promise<LineForMatching[]> {
  if (ids.length === 0) return [];
  return tx
    .select(lineColumns)
    .from(bankStatementLines)
    .where(
      and(eq(bankStatementLines.accountId, accountId), inArray(bankStatementLines.id, [...ids])),
    )
    .for('update');
}

/** The credits of some days of an account: a split's parts may sit outside the batch. */
export async function selectCreditsOfDaysForUpdate(
  tx: Db,
  accountId: string,
  days: readonly string[],
): Promise<LineForMatching[]> {
  if (days.length === 0) return [];
  return tx
    .select(lineColumns)
    .from(bankStatementLines)
    .where(
      and(
        eq(bankStatementLines.accountId, accountId),
        inArray(bankStatementLines.valueDate, [...days]),
        eq(bankStatementLines.direction, 'credit'),
      ),
    )
    .for('update');
}

/** The credits a reversing debit could name: the same amount, up to a month before it. */
export async function selectReversalTargetsForUpdate(
  tx: Db,
  accountId: string,
  debit: { valueDate: string; amountKobo: number; from: string },
): Promise<LineForMatching[]> {
  return tx
    .select(lineColumns)
    .from(bankStatementLines)
    .where(
      and(
        eq(bankStatementLines.accountId, accountId),
        between(bankStatementLines.valueDate, debit.from, debit.valueDate),
        eq(bankStatementLines.direction, 'credit'),
        eq(bankStatementLines.amountKobo, debit.amountKobo),
      ),
    )
    .for('update');
}

const paymentColumns = {
  id: payments.id,
  amountKobo: payments.amountKobo,
  mdaId: payments.mdaId,
  paymentDate: payments.paymentDate,
  rrr: payments.rrr,
  receiptNumber: payments.receiptNumber,
  status: payments.status,
  channel: payments.channel,
};

/** Payments an RRR or receipt number names (payments_rrr_key, payments_receipt_number_key). */
export async function selectPaymentsByReference(
  db: Db,
  rrrs: readonly string[],
  receiptNumbers: readonly string[],
): Promise<MatchPayment[]> {
  const conditions = [
    ...(rrrs.length > 0 ? [inArray(payments.rrr, [...rrrs])] : []),
    ...(receiptNumbers.length > 0 ? [inArray(payments.receiptNumber, [...receiptNumbers])] : []),
  ];
  if (conditions.length === 0) return [];
  return db
    .select(paymentColumns)
    .from(payments)
    .where(or(...conditions));
}

/**
 * Paid payments of these amounts in a range of Lagos days, of an MDA (payments_mda_payment_date_idx)
 * or of any (payments_payment_date_idx), through a channel that settles into a bank account.
 */
export async function selectPaymentsByAmountAndDays(
  db: Db,
  filter: { mdaId: string | null; from: string; to: string; amounts: readonly number[] },
): Promise<MatchPayment[]> {
  if (filter.amounts.length === 0) return [];
  return db
    .select(paymentColumns)
    .from(payments)
    .where(
      and(
        filter.mdaId === null ? undefined : eq(payments.mdaId, filter.mdaId),
        gte(payments.paymentDate, filter.from),
        lte(payments.paymentDate, filter.to),
        inArray(payments.amountKobo, [...filter.amounts]),
        eq(payments.status, 'paid'),
        inArray(payments.channel, [...BANK_SETTLED_CHANNELS]),
      ),
    )
    .orderBy(asc(payments.paymentDate), asc(payments.id));
}

/** Which of these payments a credit other than `exceptLineIds` holds (bank_statement_lines_payment_idx). */
export async function selectTakenPayments(
  db: Db,
  paymentIds: readonly string[],
  exceptLineIds: ReadonlySet<string>,
): Promise<Set<string>> {
  if (paymentIds.length === 0) return new Set();
  const rows = await db
    .select({ id: bankStatementLines.id, paymentId: bankStatementLines.paymentId })
    .from(bankStatementLines)
    .where(inArray(bankStatementLines.paymentId, [...paymentIds]));
  return new Set(
    rows.filter((r) => !exceptLineIds.has(r.id) && r.paymentId).map((r) => r.paymentId as string),
  );
}

export type LineChange = {
  id: string;
  state: 'matched' | 'ambiguous' | 'unmatched' | 'not-revenue' | null;
  paymentId: string | null;
  rule: string | null;
  candidatePaymentIds: string[] | null;
  stateReason: string | null;
};

/** Writes many lines' new standing in one statement. */
export async function updateLines(tx: Db, changes: readonly LineChange[]): Promise<void> {
  if (changes.length === 0) return;
  const values = sql.join(
    changes.map(
      (c) =>
        sql`(${c.id}::uuid, ${c.state}::statement_line_state, ${c.paymentId}::uuid, ${c.rule}::text, ${
          c.candidatePaymentIds ? `{${c.candidatePaymentIds.join(',')}}` : null
        }::uuid[], ${c.stateReason}::text)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update bank_statement_lines as l
    set state = v.state, payment_id = v.payment_id, rule = v.rule,
        candidate_payment_ids = v.candidates, state_reason = v.reason, updated_at = now()
    from (values ${values}) as v(id, state, payment_id, rule, candidates, reason)
    where l.id = v.id`);
}

/**
 * The credits of the range still unmatched or ambiguous that no officer decided, by
 * `bank_statement_lines_state_idx`; `limit` + 1 at most, so the caller tells "too many".
 */
export async function selectUndecidedIds(
  db: Db,
  accountId: string,
  range: { from: string; to: string; limit: number },
): Promise<string[]> {
  const rows = await db
    .select({ id: bankStatementLines.id })
    .from(bankStatementLines)
    .where(
      and(
        eq(bankStatementLines.accountId, accountId),
        inArray(bankStatementLines.state, ['unmatched', 'ambiguous']),
        between(bankStatementLines.valueDate, range.from, range.to),
        isNull(bankStatementLines.decidedBy),
      ),
    )
    .limit(range.limit + 1);
  return rows.map((r) => r.id);
}

/** How the given lines stand now, counted by state. */
export async function countStates(
  db: Db,
  ids: readonly string[],
): Promise<Array<{ state: string | null; count: number }>> {
  const counts = new Map<string | null, number>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select({ state: bankStatementLines.state, count: sql<number>`count(*)::int` })
      .from(bankStatementLines)
      .where(inArray(bankStatementLines.id, ids.slice(i, i + 1000)))
      .groupBy(bankStatementLines.state);
    for (const row of rows) counts.set(row.state, (counts.get(row.state) ?? 0) + row.count);
  }
  return [...counts].map(([state, count]) => ({ state, count }));
}
