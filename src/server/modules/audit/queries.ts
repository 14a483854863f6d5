import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';

export async function insertAuditEvent(
  db: Db,
  row: typeof auditEvents.$inferInsert,
): Promise<void> {
  await db.insert(auditEvents).values(row);
}

/** The audit rows of one entity, newest first. */
export async function selectEntityEvents(
  db: Db,
  entityType: string,
  entityId: string,
  window: { limit: number; offset: number },
) {
  const where = and(eq(auditEvents.entityType, entityType), eq(auditEvents.entityId, entityId));
  const [items, totals] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(auditEvents).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}
