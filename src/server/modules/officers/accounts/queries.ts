import { and, asc, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { officerMdaPrivileges, officers } from '../../../db/schema';

/**
 * Locks every active ADMIN row and answers their ids. Two administrators deactivating each
 * other at once: the second waits for the first, then sees it gone (READ COMMITTED re-checks
 * a locked row's WHERE after the wait), so one active administrator always remains.
 */
export async function lockActiveAdminIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: officers.id })
    .from(officers)
    .where(and(eq(officers.userType, 'ADMIN'), eq(officers.isActive, true)))
    .orderBy(asc(officers.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** Another officer (not `exceptId`) already uses this username or e-mail, case-insensitively. */
export async function findUsernameOrEmailOwner(
  db: Db,
  input: { username?: string; email?: string },
  exceptId: string | null = null,
) {
  const matches = [
    input.username ? sql`lower(${officers.username}) = lower(${input.username})` : undefined,
    input.email ? sql`lower(${officers.email}) = lower(${input.email})` : undefined,
  ].filter((m): m is SQL => m !== undefined);
  if (matches.length === 0) return null;
  const [row] = await db
    .select({ username: officers.username, email: officers.email })
    .from(officers)
    .where(and(or(...matches), exceptId ? ne(officers.id, exceptId) : undefined))
    .limit(1);
  return row ?? null;
}

/** Inserts an officer; the Officer ID (OFF-000001…) comes from officer_number_seq. */
export async function insertOfficer(
  db: Db,
  row: Omit<typeof officers.$inferInsert, 'officerId'>,
  mdaIds: readonly string[],
): Promise<string> {
  const officerId = sql<string>`'OFF-' || lpad(nextval('officer_number_seq')::text, 6, '0')`;
  const [inserted] = await db
    .insert(officers)
    .values({ ...row, officerId })
    .returning({ id: officers.id });
  if (!inserted) throw new Error('insert into officers returned nothing');
  await replaceMdaPrivileges(db, inserted.id, mdaIds);
  return inserted.id;
}

export async function replaceMdaPrivileges(
  db: Db,
  officerId: string,
  mdaIds: readonly string[],
): Promise<void> {
  await db.delete(officerMdaPrivileges).where(eq(officerMdaPrivileges.officerId, officerId));
  if (mdaIds.length > 0) {
    await db.insert(officerMdaPrivileges).values(mdaIds.map((mdaId) => ({ officerId, mdaId })));
  }
}
