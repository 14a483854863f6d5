import { and, asc, between, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  bankAccounts,
  bankReconciliationSignOffs,
  bankStatementLines,
  mdas,
  officers,
  payments,
} from '../../../db/schema';
import { BANK_SETTLED_CHANNELS } from '../matching/match';

/** Both drivers (node-postgres, PGlite) answer `execute` with `{ rows }`. */
type SumRows = { rows: { day: string; count: string | number; amount_kobo: string | number }[] };

/** The reconciliation's sums, per day, read by index; the only file here that talks to Drizzle. */

/** Credits by value date and state (bank_statement_lines_account_day_idx). */
export async function selectCreditSums(db: Db, accountId: string, from: string, to: string) {
  const rows = await db
    .select({
      day: bankStatementLines.valueDate,
      state: bankStatementLines.state,
      count: sql<string>`count(*)`,
      amountKobo: sql<string>`coalesce(sum(${bankStatementLines.amountKobo}), 0)`,
    })
    .from(bankStatementLines)
    .where(
      and(
        eq(bankStatementLines.accountId, accountId),
        between(bankStatementLines.valueDate, from, to),
        eq(bankStatementLines.direction, 'credit'),
      ),
    )
    .groupBy(bankStatementLines.valueDate, bankStatementLines.state);
  return rows.map((r) => ({ ...r, count: Number(r.count), amountKobo: Number(r.amountKobo) }));
}

/** The distinct paid payments the credits of each value date hold. */
export async function selectLinkedPaymentSums(db: Db, accountId: string, from: string, to: string) {
  const result = (await db.execute(sql`
    select held.value_date::text as day, count(*) as count, coalesce(sum(p.amount_kobo), 0) as amount_kobo
    from (
      select distinct value_date, payment_id from bank_statement_lines
      where account_id = ${accountId} and value_date between ${from} and ${to}
        and direction = 'credit' and state = 'matched' and payment_id is not null
    ) held
    join payments p on p.id = held.payment_id and p.status = 'paid'
    group by held.value_date`)) as unknown as SumRows;
  return result.rows.map((r) => ({
    day: r.day,
    count: Number(r.count),
    amountKobo: Number(r.amount_kobo),
  }));
}

/**
 * Whose unheld payments an account expects (docs/bank-matching.md "Reconciliation"): its MDA's,
 * or — a general account — those of every MDA without an active account of its own. Each MDA's
 * unheld payments are expected by one account only: of the accounts of the same MDA (or of the
 * general ones), the active one created first (ties by account number); the others' ledger
 * side is only the payments their credits hold.
 */
export type LedgerExpectation = { mdaId: string } | { mdasWithoutAccount: true } | null;

export async function selectLedgerExpectation(
  db: Db,
  account: { id: string; mdaId: string | null },
): Promise<LedgerExpectation> {
  const [first] = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(account.mdaId ? eq(bankAccounts.mdaId, account.mdaId) : isNull(bankAccounts.mdaId))
    .orderBy(
      desc(bankAccounts.isActive),
      asc(bankAccounts.createdAt),
      asc(bankAccounts.accountNumber),
    )
    .limit(1);
  if (first?.id !== account.id) return null;
  return account.mdaId ? { mdaId: account.mdaId } : { mdasWithoutAccount: true };
}

/** The payments an expectation names: its MDA's, or those of MDAs without an active account. */
function expectedMdaOf(
  expected: Exclude<LedgerExpectation, null>,
  mdaId: SQL | typeof payments.mdaId = payments.mdaId,
): SQL {
  return 'mdaId' in expected
    ? sql`${mdaId} = ${expected.mdaId}`
    : sql`not exists (select 1 from bank_accounts a where a.mda_id = ${mdaId} and a.is_active)`;
}

/**
 * The expected paid payments of each Lagos day, through a channel that settles into a bank
 * account, that no credit holds (payments_mda_payment_date_idx or payments_payment_date_idx,
 * bank_statement_lines_payment_idx).
 */
export async function selectUnlinkedPaymentSums(
  db: Db,
  expected: Exclude<LedgerExpectation, null>,
  from: string,
  to: string,
) {
  const channels = sql.join(
    BANK_SETTLED_CHANNELS.map((c) => sql`${c}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    select p.payment_date::text as day, count(*) as count, coalesce(sum(p.amount_kobo), 0) as amount_kobo
    from payments p
    where ${expectedMdaOf(expected, sql`p.mda_id`)} and p.payment_date between ${from} and ${to}
      and p.status = 'paid' and p.channel in (${channels})
      and not exists (select 1 from bank_statement_lines l where l.payment_id = p.id)
    group by p.payment_date`)) as unknown as SumRows;
  return result.rows.map((r) => ({
    day: r.day,
    count: Number(r.count),
    amountKobo: Number(r.amount_kobo),
  }));
}

export async function selectSignOffs(db: Db, accountId: string, from: string, to: string) {
  return db
    .select({
      day: bankReconciliationSignOffs.day,
      figures: bankReconciliationSignOffs.figures,
      signedOffBy: officers.username,
      signedOffAt: bankReconciliationSignOffs.signedOffAt,
      changes: bankReconciliationSignOffs.changes,
    })
    .from(bankReconciliationSignOffs)
    .innerJoin(officers, eq(officers.id, bankReconciliationSignOffs.signedOffBy))
    .where(
      and(
        eq(bankReconciliationSignOffs.accountId, accountId),
        between(bankReconciliationSignOffs.day, from, to),
      ),
    );
}

/** Signs a day off once: false when it was signed off already. */
export async function insertSignOff(
  tx: Db,
  row: { accountId: string; day: string; figures: unknown; signedOffBy: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(bankReconciliationSignOffs)
    .values(row)
    .onConflictDoNothing()
    .returning({ day: bankReconciliationSignOffs.day });
  return inserted.length > 0;
}

export async function findMdaName(db: Db, mdaId: string | null): Promise<string | null> {
  if (!mdaId) return null;
  const [row] = await db
    .select({ name: mdas.name })
    .from(mdas)
    .where(inArray(mdas.id, [mdaId]));
  return row?.name ?? null;
}

/** The unheld payments of one day of an MDA, largest first (the same rule as selectUnlinkedPaymentSums). */
export async function selectUnlinkedPayments(
  db: Db,
  expected: Exclude<LedgerExpectation, null>,
  day: string,
  limit: number,
) {
  const unheld = and(
    expectedMdaOf(expected),
    eq(payments.paymentDate, day),
    eq(payments.status, 'paid'),
    inArray(payments.channel, [...BANK_SETTLED_CHANNELS]),
    sql`not exists (select 1 from bank_statement_lines l where l.payment_id = ${payments.id})`,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: payments.id,
        receiptNumber: payments.receiptNumber,
        rrr: payments.rrr,
        amountKobo: payments.amountKobo,
        payerName: payments.payerName,
        channel: payments.channel,
      })
      .from(payments)
      .where(unheld)
      .orderBy(desc(payments.amountKobo), asc(payments.id))
      .limit(limit),
    db.select({ n: sql<string>`count(*)` }).from(payments).where(unheld),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
