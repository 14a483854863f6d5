import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedOn } from '../db/prepared';
import { officers, sessions } from '../db/schema';

export async function insertSession(db: Db, row: typeof sessions.$inferInsert) {
  const [session] = await db.insert(sessions).values(row).returning();
  if (!session) throw new Error('insert into sessions returned nothing');
  return session;
}

/** The live (not revoked) session with this token hash, and its officer: on every request. */
export async function findSessionByTokenHash(db: Db, tokenHash: string) {
  const query = preparedOn(db, 'session_by_token_hash', (on, name) =>
    on
      .select({
        sessionId: sessions.id,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        officerId: officers.id,
        username: officers.username,
        userType: officers.userType,
        isActive: officers.isActive,
        mdaPrivileges: sql<
          string[]
        >`array(select p.mda_id::text from officer_mda_privileges p where p.officer_id = ${officers.id} order by 1)`,
      })
      .from(sessions)
      .innerJoin(officers, eq(officers.id, sessions.officerId))
      .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute({ tokenHash });
  return row ?? null;
}

export async function touchSession(db: Db, sessionId: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, sessionId));
}

export async function revokeSessionRow(db: Db, sessionId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of an officer but `exceptSessionId`; answers how many. */
export async function revokeOfficerSessionRows(
  db: Db,
  officerId: string,
  reason: string,
  exceptSessionId: string | null,
): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(
        eq(sessions.officerId, officerId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}
