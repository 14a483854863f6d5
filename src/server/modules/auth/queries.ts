import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { officers } from '../../db/schema';

/** The credential side of an officer: what sign-in needs and nothing else leaves this module. */
export async function findCredentialsByLogin(db: Db, login: string) {
  const [row] = await db
    .select({
      id: officers.id,
      username: officers.username,
      isActive: officers.isActive,
      passwordHash: officers.passwordHash,
      mustChangePassword: officers.mustChangePassword,
    })
    .from(officers)
    .where(
      or(
        sql`lower(${officers.username}) = lower(${login})`,
        sql`lower(${officers.email}) = lower(${login})`,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findCredentialsById(db: Db, id: string) {
  const [row] = await db
    .select({ id: officers.id, username: officers.username, passwordHash: officers.passwordHash })
    .from(officers)
    .where(eq(officers.id, id))
    .limit(1);
  return row ?? null;
}

export async function setPasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db
    .update(officers)
    .set({ passwordHash, mustChangePassword: false, updatedAt: sql`now()` })
    .where(eq(officers.id, id));
}
