import { and, asc, between, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { StatementLineListQuery } from '../../../../shared/bank/matching';
import type { Db } from '../../../db/client';
import {
  bankAccounts,
  bankStatementLines,
  mdaRevenueHeads,
  mdas,
  officers,
  payments,
  taxpayers,
} from '../../../db/schema';

/** Statement lines as the page lists them and officers decide them; the only file here that talks to Drizzle. */

export type AccountRow = typeof bankAccounts.$inferSelect;
export type LineRow = typeof bankStatementLines.$inferSelect;

export async function findAccountByNumber(
  db: Db,
  accountNumber: string,
): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.accountNumber, accountNumber));
  return row ?? null;
}

export async function findAccountById(db: Db, id: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.id, id));
  return row ?? null;
}

function whereOf(accountId: string, query: StatementLineListQuery): SQL | undefined {
  return and(
    eq(bankStatementLines.accountId, accountId),
    between(bankStatementLines.valueDate, query.from, query.to),
    eq(bankStatementLines.direction, query.direction),
    query.state && query.direction === 'credit'
      ? eq(bankStatementLines.state, query.state)
      : undefined,
  );
}

export async function selectLinePage(db: Db, accountId: string, query: StatementLineListQuery) {
  return db
    .select({
      line: bankStatementLines,
      receiptNumber: payments.receiptNumber,
      decidedBy: officers.username,
    })
    .from(bankStatementLines)
    .leftJoin(payments, eq(payments.id, bankStatementLines.paymentId))
    .leftJoin(officers, eq(officers.id, bankStatementLines.decidedBy))
    .where(whereOf(accountId, query))
    .orderBy(
      asc(bankStatementLines.valueDate),
      asc(bankStatementLines.bankReference),
      asc(bankStatementLines.id),
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
}

export async function selectLineTotals(db: Db, accountId: string, query: StatementLineListQuery) {
  const [row] = await db
    .select({
      count: sql<string>`count(*)`,
      amountKobo: sql<string>`coalesce(sum(${bankStatementLines.amountKobo}), 0)`,
    })
    .from(bankStatementLines)
    .where(whereOf(accountId, query));
  return { count: Number(row?.count ?? 0), amountKobo: Number(row?.amountKobo ?? 0) };
}

/** The range's credits by state (bank_statement_lines_state_idx). */
export async function selectStateTotals(
  db: Db,
  accountId: string,
  range: { from: string; to: string },
) {
  return db
    .select({
      state: bankStatementLines.state,
      count: sql<string>`count(*)`,
      amountKobo: sql<string>`coalesce(sum(${bankStatementLines.amountKobo}), 0)`,
    })
    .from(bankStatementLines)
    .where(
      and(
        eq(bankStatementLines.accountId, accountId),
        between(bankStatementLines.valueDate, range.from, range.to),
        eq(bankStatementLines.direction, 'credit'),
      ),
    )
    .groupBy(bankStatementLines.state);
}

/** Payments as an ambiguous credit's candidates show them. */
export async function selectCandidates(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: payments.id,
      receiptNumber: payments.receiptNumber,
      rrr: payments.rrr,
      amountKobo: payments.amountKobo,
      paymentDate: payments.paymentDate,
      payerName: payments.payerName,
      mdaName: mdas.name,
      channel: payments.channel,
      status: payments.status,
    })
    .from(payments)
    .innerJoin(mdas, eq(mdas.id, payments.mdaId))
    .where(inArray(payments.id, [...ids]));
}

export async function findLineForUpdate(tx: Db, id: string): Promise<LineRow | null> {
  const [row] = await tx
    .select()
    .from(bankStatementLines)
    .where(eq(bankStatementLines.id, id))
    .for('update');
  return row ?? null;
}

export async function findLineView(db: Db, id: string) {
  const [row] = await db
    .select({
      line: bankStatementLines,
      receiptNumber: payments.receiptNumber,
      decidedBy: officers.username,
    })
    .from(bankStatementLines)
    .leftJoin(payments, eq(payments.id, bankStatementLines.paymentId))
    .leftJoin(officers, eq(officers.id, bankStatementLines.decidedBy))
    .where(eq(bankStatementLines.id, id));
  return row ?? null;
}

/** The other parts of a split credit: the lines matched to the same payment by the split rule. */
export async function selectSplitPartsForUpdate(tx: Db, paymentId: string): Promise<LineRow[]> {
  return tx
    .select()
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.paymentId, paymentId), eq(bankStatementLines.rule, 'split')))
    .for('update');
}

/** Whether any credit holds the payment (bank_statement_lines_payment_idx). */
export async function isPaymentHeld(db: Db, paymentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bankStatementLines.id })
    .from(bankStatementLines)
    .where(eq(bankStatementLines.paymentId, paymentId))
    .limit(1);
  return row !== undefined;
}

export async function updateLine(
  tx: Db,
  id: string,
  values: Partial<
    Pick<
      LineRow,
      | 'state'
      | 'paymentId'
      | 'rule'
      | 'candidatePaymentIds'
      | 'stateReason'
      | 'decidedBy'
      | 'decidedAt'
    >
  >,
): Promise<LineRow> {
  const [row] = await tx
    .update(bankStatementLines)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(bankStatementLines.id, id))
    .returning();
  if (!row) throw new Error('update of bank_statement_lines returned nothing');
  return row;
}

export async function findMda(db: Db, id: string) {
  const [row] = await db
    .select({ id: mdas.id, name: mdas.name, isActive: mdas.isActive })
    .from(mdas)
    .where(eq(mdas.id, id));
  return row ?? null;
}

export async function findActiveRevenueHead(db: Db, mdaId: string, code: string) {
  const [row] = await db
    .select({
      code: mdaRevenueHeads.code,
      name: mdaRevenueHeads.name,
      isActive: mdaRevenueHeads.isActive,
    })
    .from(mdaRevenueHeads)
    .where(and(eq(mdaRevenueHeads.mdaId, mdaId), eq(mdaRevenueHeads.code, code)));
  return row ?? null;
}

export async function findTaxpayerName(db: Db, btin: string) {
  const [row] = await db
    .select({ btin: taxpayers.btin, name: taxpayers.displayName })
    .from(taxpayers)
    .where(eq(taxpayers.btin, btin));
  return row ?? null;
}

/** The bank payments recorded for a credit's source reference and its re-posts (`…#2`). */
export async function selectPostedPayments(db: Db, sourceReference: string) {
  return db
    .select({ id: payments.id, status: payments.status, sourceReference: payments.sourceReference })
    .from(payments)
    .where(
      and(
        eq(payments.channel, 'bank'),
        sql`(${payments.sourceReference} = ${sourceReference} or starts_with(${payments.sourceReference}, ${`${sourceReference}#`}))`,
      ),
    );
}
