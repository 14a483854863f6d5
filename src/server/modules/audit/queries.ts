import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';

export async function insertAuditEvent(
  db: Db,
  row: typeof auditEvents.$inferInsert,
): Promise<void> {
  await db.insert(auditEvents).values(row);
}
