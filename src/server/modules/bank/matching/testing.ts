import { randomInt, randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { bankAccounts, bankStatementLines, mdaRevenueHeads, payments } from '../../../db/schema';

/** A world for the matcher's and the reconciliation's tests: accounts, lines and payments inserted directly. */

export async function createBankAccount(
  db: Db,
  input: { mdaId: string | null; matchWindowDays?: number },
): Promise<{ id: string; accountNumber: string; mdaId: string | null }> {
  const accountNumber = `9${randomInt(100_000_000, 999_999_999)}`;
  const [row] = await db
    .insert(bankAccounts)
    .values({
      bank: 'fidelity',
      accountNumber,
      name: `Test collections ${accountNumber}`,
      mdaId: input.mdaId,
      matchWindowDays: input.matchWindowDays ?? 3,
    })
    .returning({
      id: bankAccounts.id,
      accountNumber: bankAccounts.accountNumber,
      mdaId: bankAccounts.mdaId,
    });
  if (!row) throw new Error('insert into bank_accounts returned nothing');
  return row;
}

export type TestLine = {
  valueDate: string;
  amountKobo: number;
  narration: string;
  direction?: 'credit' | 'debit';
  bankReference?: string;
};

export async function insertLines(
  db: Db,
  accountId: string,
  lines: readonly TestLine[],
): Promise<string[]> {
  if (lines.length === 0) return [];
  const rows = await db
    .insert(bankStatementLines)
    .values(
      lines.map((l) => ({
        accountId,
        bankReference: l.bankReference ?? `FT${randomUUID().slice(0, 12).toUpperCase()}`,
        valueDate: l.valueDate,
        direction: l.direction ?? 'credit',
        amountKobo: l.amountKobo,
        narration: l.narration,
        state: (l.direction ?? 'credit') === 'credit' ? ('unmatched' as const) : null,
      })),
    )
    .returning({ id: bankStatementLines.id });
  return rows.map((r) => r.id);
}

/** The stored lines, in the order of `ids` (undefined for an id not stored). */
export async function linesOf(db: Db, ids: readonly string[]) {
  const rows = await db
    .select()
    .from(bankStatementLines)
    .where(inArray(bankStatementLines.id, [...ids]));
  return ids.map((id) => rows.find((r) => r.id === id));
}

/** A paid payment on a Lagos day (mid-morning there). */
export async function insertPaidPayment(
  db: Db,
  input: {
    mdaId: string;
    amountKobo: number;
    day: string;
    rrr?: string | null;
    channel?: 'remita' | 'card' | 'bank' | 'pos' | 'manual';
  },
): Promise<{ id: string; receiptNumber: string }> {
  const [row] = await db
    .insert(payments)
    .values({
      receiptNumber: `TST/${input.day.slice(0, 4)}/${randomUUID().replace(/\D/g, '').padEnd(9, '7').slice(0, 9)}`,
      rrr: input.rrr ?? null,
      amountKobo: input.amountKobo,
      mdaId: input.mdaId,
      channel: input.channel ?? 'remita',
      status: 'paid',
      arrival: 'notification',
      paidAt: new Date(`${input.day}T10:00:00+01:00`),
    })
    .returning({ id: payments.id, receiptNumber: payments.receiptNumber });
  if (!row?.receiptNumber) throw new Error('insert into payments returned nothing');
  return { id: row.id, receiptNumber: row.receiptNumber };
}

/** An RRR no other test has: twelve digits. */
export function uniqueRrr(): string {
  return `${randomInt(100_000, 999_999)}${randomInt(100_000, 999_999)}`;
}

/** An active revenue head of the MDA. */
export async function createRevenueHead(db: Db, mdaId: string, code = '12020401'): Promise<string> {
  await db.insert(mdaRevenueHeads).values({ mdaId, code, name: `Head ${code}` });
  return code;
}
