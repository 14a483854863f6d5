import { count, eq, sql } from 'drizzle-orm';
import { permissionsOf } from '../../../shared/permissions';
import type { UserType } from '../../../shared/userTypes';
import type { Actor } from '../../auth/actor';
import type { Db } from '../client';
import { lgas, officers, taxpayers, towns } from '../schema';

export async function findOfficerIdByUsername(db: Db, username: string): Promise<string | null> {
  const [row] = await db
    .select({ id: officers.id })
    .from(officers)
    .where(sql`lower(${officers.username}) = lower(${username})`)
    .limit(1);
  return row?.id ?? null;
}

/** A state's LGAs with their towns, for placing made-up taxpayers. */
export async function selectPlacesOfState(db: Db, stateId: number) {
  const lgaRows = await db.select({ id: lgas.id }).from(lgas).where(eq(lgas.stateId, stateId));
  const townRows = await db
    .select({ id: towns.id, lgaId: towns.lgaId })
    .from(towns)
    .innerJoin(lgas, eq(lgas.id, towns.lgaId))
    .where(eq(lgas.stateId, stateId));
  return {
    stateId,
    lgas: lgaRows.map((l) => ({
      id: l.id,
      townIds: townRows.filter((t) => t.lgaId === l.id).map((t) => t.id),
    })),
  };
}

export async function countTaxpayersFromSource(db: Db, source: 'import'): Promise<number> {
  const [row] = await db.select({ n: count() }).from(taxpayers).where(eq(taxpayers.source, source));
  return row?.n ?? 0;
}

/** A demo officer as the actor of a service call (their permissions, their kinds). */
export async function actorOfUsername(db: Db, username: string): Promise<Actor | null> {
  const [row] = await db
    .select({ id: officers.id, username: officers.username, userType: officers.userType })
    .from(officers)
    .where(eq(officers.username, username))
    .limit(1);
  if (!row) return null;
  const userType = row.userType as UserType;
  return {
    officerId: row.id,
    username: row.username,
    userType,
    mdaPrivileges: [],
    permissions: permissionsOf(userType),
    sessionId: null,
    requestId: null,
    ip: null,
  };
}
