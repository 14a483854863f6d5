import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { officers } from '../schema';

export async function findOfficerIdByUsername(db: Db, username: string): Promise<string | null> {
  const [row] = await db
    .select({ id: officers.id })
    .from(officers)
    .where(sql`lower(${officers.username}) = lower(${username})`)
    .limit(1);
  return row?.id ?? null;
}
