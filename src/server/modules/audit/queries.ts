import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';

/** The chain columns are the trigger's to fill (migration 0006), never the caller's. */
export type AuditEventInsert = Omit<
  typeof auditEvents.$inferInsert,
  'id' | 'chainSeq' | 'prevHash' | 'hash'
>;

export async function insertAuditEvent(db: Db, row: AuditEventInsert): Promise<void> {
  // NOT NULL is checked after BEFORE triggers, so the chain trigger's values satisfy it.
  await db.insert(auditEvents).values(row as typeof auditEvents.$inferInsert);
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
