import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { bankAccounts, mdas } from '../../../db/schema';

/** The collection accounts table (docs/bank.md "Collection accounts"); rules are in service.ts. */

export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type BankAccountListRow = { account: BankAccountRow; mdaName: string | null };

export function selectBankAccounts(
  db: Db,
  filter: { includeInactive: boolean },
): Promise<BankAccountListRow[]> {
  return db
    .select({ account: bankAccounts, mdaName: mdas.name })
    .from(bankAccounts)
    .leftJoin(mdas, eq(mdas.id, bankAccounts.mdaId))
    .where(filter.includeInactive ? undefined : eq(bankAccounts.isActive, true))
    .orderBy(asc(bankAccounts.name), asc(bankAccounts.accountNumber));
}

export async function selectBankAccountByNumber(
  db: Db,
  accountNumber: string,
  options: { forUpdate?: boolean } = {},
): Promise<BankAccountListRow | null> {
  const query = db
    .select({ account: bankAccounts, mdaName: mdas.name })
    .from(bankAccounts)
    .leftJoin(mdas, eq(mdas.id, bankAccounts.mdaId))
    .where(eq(bankAccounts.accountNumber, accountNumber));
  const [row] = await (options.forUpdate ? query.for('update', { of: bankAccounts }) : query);
  return row ?? null;
}

/** The MDA's name, or null when there is no such MDA. */
export async function selectMdaName(db: Db, mdaId: string): Promise<string | null> {
  const [row] = await db.select({ name: mdas.name }).from(mdas).where(eq(mdas.id, mdaId));
  return row?.name ?? null;
}

/** Inserts the account; null when its number is held already (the unique index). */
export async function insertBankAccount(
  db: Db,
  row: typeof bankAccounts.$inferInsert,
): Promise<BankAccountRow | null> {
  const [inserted] = await db
    .insert(bankAccounts)
    .values(row)
    .onConflictDoNothing({ target: bankAccounts.accountNumber })
    .returning();
  return inserted ?? null;
}

export async function updateBankAccount(
  db: Db,
  id: string,
  set: Partial<Pick<BankAccountRow, 'name' | 'mdaId' | 'matchWindowDays' | 'isActive'>>,
): Promise<BankAccountRow> {
  const [updated] = await db
    .update(bankAccounts)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(bankAccounts.id, id))
    .returning();
  if (!updated) throw new Error(`bank account ${id} vanished inside its transaction`);
  return updated;
}
