import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';

/** The officer's sessions that still open RevDesk: not revoked, not past their end, not idle too long. */
export async function selectLiveSessions(
  db: Db,
  officerId: string,
  window: { now: Date; idleMs: number },
) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.officerId, officerId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, window.now),
        gt(sessions.lastSeenAt, new Date(window.now.getTime() - window.idleMs)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(100);
}
