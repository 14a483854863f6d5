import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { MdaCategory, MdaSort } from '../../../shared/mdas';
import { type MdaScope, whereInMdaScope } from '../../auth/mdaScope';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { mdaRevenueHeads, mdas, officerMdaPrivileges } from '../../db/schema';

export type MdaRow = typeof mdas.$inferSelect;
export type MdaColumns = Partial<Omit<typeof mdas.$inferInsert, 'id' | 'createdAt'>>;
export type RevenueHeadRow = typeof mdaRevenueHeads.$inferSelect;
export type RevenueHeadColumns = Partial<
  Omit<typeof mdaRevenueHeads.$inferInsert, 'id' | 'mdaId' | 'createdAt'>
>;

export type MdaFilter = {
  search?: string | undefined;
  category?: MdaCategory | undefined;
  isActive?: boolean | undefined;
};

function filterCondition(scope: MdaScope, filter: MdaFilter): SQL | undefined {
  const term = filter.search ? containsPattern(filter.search) : null;
  return and(
    whereInMdaScope(scope, mdas.id),
    term
      ? or(ilike(mdas.code, term), ilike(mdas.name, term), ilike(mdas.shortName, term))
      : undefined,
    filter.category ? eq(mdas.category, filter.category) : undefined,
    filter.isActive === undefined ? undefined : eq(mdas.isActive, filter.isActive),
  );
}

/** The short list: id, code, name, by name. */
export function selectMdaEntries(db: Db, scope: MdaScope, includeInactive: boolean) {
  return db
    .select({
      id: mdas.id,
      code: mdas.code,
      name: mdas.name,
      shortName: mdas.shortName,
      isActive: mdas.isActive,
    })
    .from(mdas)
    .where(
      and(whereInMdaScope(scope, mdas.id), includeInactive ? undefined : eq(mdas.isActive, true)),
    )
    .orderBy(asc(mdas.name));
}

const ORDER: Record<MdaSort, SQL> = {
  code: asc(mdas.code),
  '-code': desc(mdas.code),
  name: asc(sql`lower(${mdas.name})`),
  '-name': desc(sql`lower(${mdas.name})`),
};

export async function selectMdaPage(
  db: Db,
  scope: MdaScope,
  filter: MdaFilter & { sort: MdaSort },
  window: { limit: number; offset: number },
): Promise<{ rows: MdaRow[]; total: number }> {
  const where = filterCondition(scope, filter);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(mdas)
      .where(where)
      .orderBy(ORDER[filter.sort], asc(mdas.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(mdas).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function findMdaById(db: Db, id: string): Promise<MdaRow | null> {
  const [row] = await db.select().from(mdas).where(eq(mdas.id, id));
  return row ?? null;
}

/** The MDA that collects with this Remita service type (a payment notification names one). */
/** The MDA with this code, in any case. A state has tens of MDAs: no index needed. */
export async function findMdaIdByCode(db: Db, code: string): Promise<string | null> {
  const [row] = await db
    .select({ id: mdas.id })
    .from(mdas)
    .where(sql`upper(${mdas.code}) = upper(${code.trim()})`)
    .limit(1);
  return row?.id ?? null;
}

export async function findMdaIdByServiceTypeId(
  db: Db,
  serviceTypeId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: mdas.id })
    .from(mdas)
    .where(sql`${serviceTypeId} = any(${mdas.remitaServiceTypeIds})`)
    .orderBy(asc(mdas.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/** Another MDA with this code, or this name in any case: what a create or rename collides with. */
export async function findMdaClash(
  db: Db,
  code: string | null,
  name: string | null,
  exceptId: string | null,
): Promise<{ code: string; name: string } | null> {
  if (code === null && name === null) return null;
  const [row] = await db
    .select({ code: mdas.code, name: mdas.name })
    .from(mdas)
    .where(
      and(
        or(
          code === null ? undefined : eq(mdas.code, code),
          name === null ? undefined : eq(sql`lower(${mdas.name})`, name.toLowerCase()),
        ),
        exceptId ? ne(mdas.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertMda(db: Db, row: typeof mdas.$inferInsert): Promise<void> {
  await db.insert(mdas).values(row);
}

export async function updateMdaRow(db: Db, id: string, changes: MdaColumns): Promise<void> {
  await db
    .update(mdas)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(mdas.id, id));
}

export function selectRevenueHeadsOf(db: Db, mdaIds: readonly string[]) {
  if (mdaIds.length === 0) return Promise.resolve([] as RevenueHeadRow[]);
  return db
    .select()
    .from(mdaRevenueHeads)
    .where(inArray(mdaRevenueHeads.mdaId, [...mdaIds]))
    .orderBy(asc(mdaRevenueHeads.code));
}

/** How many officers hold each MDA's privilege. */
export async function countOfficersOf(
  db: Db,
  mdaIds: readonly string[],
): Promise<Map<string, number>> {
  if (mdaIds.length === 0) return new Map();
  const rows = await db
    .select({ mdaId: officerMdaPrivileges.mdaId, officers: count() })
    .from(officerMdaPrivileges)
    .where(inArray(officerMdaPrivileges.mdaId, [...mdaIds]))
    .groupBy(officerMdaPrivileges.mdaId);
  return new Map(rows.map((r) => [r.mdaId, r.officers]));
}

export async function findRevenueHead(
  db: Db,
  mdaId: string,
  headId: string,
): Promise<RevenueHeadRow | null> {
  const [row] = await db
    .select()
    .from(mdaRevenueHeads)
    .where(and(eq(mdaRevenueHeads.mdaId, mdaId), eq(mdaRevenueHeads.id, headId)));
  return row ?? null;
}

export async function findRevenueHeadByCode(
  db: Db,
  mdaId: string,
  code: string,
  exceptId: string | null,
): Promise<RevenueHeadRow | null> {
  const [row] = await db
    .select()
    .from(mdaRevenueHeads)
    .where(
      and(
        eq(mdaRevenueHeads.mdaId, mdaId),
        eq(mdaRevenueHeads.code, code),
        exceptId ? ne(mdaRevenueHeads.id, exceptId) : undefined,
      ),
    );
  return row ?? null;
}

export async function insertRevenueHead(
  db: Db,
  row: typeof mdaRevenueHeads.$inferInsert,
): Promise<RevenueHeadRow> {
  const [inserted] = await db.insert(mdaRevenueHeads).values(row).returning();
  if (!inserted) throw new Error('insert into mda_revenue_heads returned nothing');
  return inserted;
}

export async function updateRevenueHeadRow(
  db: Db,
  headId: string,
  changes: RevenueHeadColumns,
): Promise<RevenueHeadRow> {
  const [updated] = await db
    .update(mdaRevenueHeads)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(mdaRevenueHeads.id, headId))
    .returning();
  if (!updated) throw new Error('update of mda_revenue_heads returned nothing');
  return updated;
}

/** Locks the MDA's row until the transaction ends: two edits of one MDA take turns. */
export async function lockMda(db: Db, id: string): Promise<MdaRow | null> {
  const [row] = await db.select().from(mdas).where(eq(mdas.id, id)).for('update');
  return row ?? null;
}

/** The ids among `ids` that name no MDA. */
export async function findUnknownMdaIds(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: mdas.id })
    .from(mdas)
    .where(inArray(mdas.id, [...ids]));
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

/** MDA names by id, for other modules (an officer's privileges). */
export async function selectMdaNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: mdas.id, name: mdas.name })
    .from(mdas)
    .where(inArray(mdas.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** MDAs whose last Remita call was refused for their settings (migration 0019), by name. */
export function selectMdasWithRemitaFault(db: Db) {
  return db
    .select({
      id: mdas.id,
      name: mdas.name,
      remitaFaultCode: mdas.remitaFaultCode,
      remitaFaultMessage: mdas.remitaFaultMessage,
      remitaFaultAt: mdas.remitaFaultAt,
    })
    .from(mdas)
    .where(sql`${mdas.remitaFaultCode} is not null`)
    .orderBy(asc(mdas.name));
}
