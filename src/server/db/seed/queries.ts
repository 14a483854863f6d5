import { count, eq, sql } from 'drizzle-orm';
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
