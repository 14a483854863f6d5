import { asc, eq, sql } from 'drizzle-orm';
import type { ReferenceItem } from '../../../shared/reference';
import type { Db } from '../../db/client';
import {
  lgas,
  occupations,
  professionCategories,
  professionSubcategories,
  professions,
  states,
  towns,
} from '../../db/schema';

export function selectStates(db: Db): Promise<ReferenceItem[]> {
  return db
    .select({ id: states.id, name: states.name, code: states.code })
    .from(states)
    .orderBy(asc(states.name));
}

export function selectLgasOfState(db: Db, stateId: number): Promise<ReferenceItem[]> {
  return db
    .select({ id: lgas.id, name: lgas.name })
    .from(lgas)
    .where(eq(lgas.stateId, stateId))
    .orderBy(asc(lgas.name));
}

export function selectTownsOfLga(db: Db, lgaId: number): Promise<ReferenceItem[]> {
  return db
    .select({ id: towns.id, name: towns.name })
    .from(towns)
    .where(eq(towns.lgaId, lgaId))
    .orderBy(asc(towns.name));
}

export function selectOccupations(db: Db): Promise<ReferenceItem[]> {
  return db
    .select({ id: occupations.id, name: occupations.name })
    .from(occupations)
    .orderBy(asc(occupations.name));
}

export function selectProfessionCategories(db: Db): Promise<ReferenceItem[]> {
  return db
    .select({
      id: professionCategories.id,
      name: professionCategories.name,
      code: professionCategories.code,
    })
    .from(professionCategories)
    .orderBy(asc(professionCategories.name));
}

export async function selectSubcategoriesOfCategory(
  db: Db,
  categoryCode: string,
): Promise<ReferenceItem[] | null> {
  const [category] = await db
    .select({ id: professionCategories.id })
    .from(professionCategories)
    .where(eq(professionCategories.code, categoryCode));
  if (!category) return null;
  return db
    .select({
      id: professionSubcategories.id,
      name: professionSubcategories.name,
      code: professionSubcategories.code,
    })
    .from(professionSubcategories)
    .where(eq(professionSubcategories.categoryId, category.id))
    .orderBy(asc(professionSubcategories.name));
}

export async function selectProfessionsOfSubcategory(
  db: Db,
  subcategoryCode: string,
): Promise<ReferenceItem[] | null> {
  const [subcategory] = await db
    .select({ id: professionSubcategories.id })
    .from(professionSubcategories)
    .where(eq(professionSubcategories.code, subcategoryCode));
  if (!subcategory) return null;
  return db
    .select({ id: professions.id, name: professions.name, code: professions.code })
    .from(professions)
    .where(eq(professions.subcategoryId, subcategory.id))
    .orderBy(asc(professions.name));
}

export async function stateExists(db: Db, stateId: number): Promise<boolean> {
  const [row] = await db.select({ id: states.id }).from(states).where(eq(states.id, stateId));
  return row !== undefined;
}

export async function lgaExists(db: Db, lgaId: number): Promise<boolean> {
  const [row] = await db.select({ id: lgas.id }).from(lgas).where(eq(lgas.id, lgaId));
  return row !== undefined;
}

/** The place a taxpayer is registered at: each id with the id of its parent. */
export async function findPlace(db: Db, ids: { lgaId: number; townId: number | null }) {
  const [lga] = await db
    .select({ id: lgas.id, stateId: lgas.stateId })
    .from(lgas)
    .where(eq(lgas.id, ids.lgaId));
  const town =
    ids.townId === null
      ? null
      : ((
          await db
            .select({ id: towns.id, lgaId: towns.lgaId })
            .from(towns)
            .where(eq(towns.id, ids.townId))
        )[0] ?? null);
  return { lga: lga ?? null, town };
}

export async function occupationExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: occupations.id })
    .from(occupations)
    .where(eq(occupations.id, id));
  return row !== undefined;
}

export async function professionExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: professions.id })
    .from(professions)
    .where(eq(professions.id, id));
  return row !== undefined;
}

/** A reference id with its name; a profession with its sub-category's and category's codes. */
export type ReferenceNamesRow = {
  version: string | null;
  states: [number, string][];
  lgas: [number, string][];
  towns: [number, string][];
  occupations: [number, string][];
  professions: [number, string, string, string][];
};

/**
 * Every reference name with the version of the data they belong to, in ONE statement so that
 * both come from the same snapshot (ADR 0018). About 1,300 short rows.
 */
export async function selectReferenceNames(db: Db): Promise<ReferenceNamesRow> {
  const pairs = (table: string) =>
    sql`(select coalesce(json_agg(json_build_array(id, name)), '[]') from ${sql.identifier(table)})`;
  // Both drivers (node-postgres, PGlite) answer `execute` with `{ rows }`, json already parsed.
  const result = (await db.execute(sql`select
      (select version::text from reference_data_version) as version,
      ${pairs('states')} as states,
      ${pairs('lgas')} as lgas,
      ${pairs('towns')} as towns,
      ${pairs('occupations')} as occupations,
      (select coalesce(json_agg(json_build_array(p.id, p.name, s.code, c.code)), '[]')
         from professions p
         join profession_subcategories s on s.id = p.subcategory_id
         join profession_categories c on c.id = s.category_id) as professions`)) as {
    rows: ReferenceNamesRow[];
  };
  const row = result.rows[0];
  if (!row) throw new Error('the reference names query returned nothing');
  return row;
}
