import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { uploadSlots } from '../db/schema';

/**
 * The upload slots (one upload at a time per officer, src/server/db/schema/jobs.ts). The only
 * file of the upload path talking to Drizzle.
 */

/** A slot held this long was left by a crashed instance: reading a file takes seconds. */
const STALE_AFTER_SECONDS = 300;

/** Takes the officer's slot; the token gives it back, null when another upload holds it. */
export async function takeUploadSlot(db: Db, officerId: string): Promise<string | null> {
  const token = randomUUID();
  const rows = await db
    .insert(uploadSlots)
    .values({ officerId, token })
    .onConflictDoUpdate({
      target: uploadSlots.officerId,
      set: { token, takenAt: sql`now()` },
      setWhere: sql`${uploadSlots.takenAt} < now() - make_interval(secs => ${STALE_AFTER_SECONDS})`,
    })
    .returning({ token: uploadSlots.token });
  return rows[0]?.token === token ? token : null;
}

export async function releaseUploadSlot(db: Db, officerId: string, token: string): Promise<void> {
  await db
    .delete(uploadSlots)
    .where(and(eq(uploadSlots.officerId, officerId), eq(uploadSlots.token, token)));
}
