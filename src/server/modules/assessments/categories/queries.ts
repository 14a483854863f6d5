import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { TradeCategorySort } from '../../../../shared/assessments/categories';
import type { TradeCategoryRule } from '../../../../shared/assessments/enums';
import type { Db } from '../../../db/client';
import { escapeLike } from '../../../db/like';
import { tradeCategories } from '../../../db/schema';

/** The trade categories' reads and writes (routes → service → here). */

export type TradeCategoryRow = typeof tradeCategories.$inferSelect;
export type TradeCategoryValues = typeof tradeCategories.$inferInsert;

export type TradeCategoryFilter = {
  search?: string | undefined;
  isActive?: boolean | undefined;
  rule?: TradeCategoryRule | undefined;
};

function whereOf(filter: TradeCategoryFilter): SQL | undefined {
  const like = filter.search ? `%${escapeLike(filter.search)}%` : null;
  return and(
    like
      ? or(ilike(tradeCategories.name, like), ilike(tradeCategories.description, like))
      : undefined,
    filter.isActive === undefined ? undefined : eq(tradeCategories.isActive, filter.isActive),
    filter.rule ? eq(tradeCategories.rule, filter.rule) : undefined,
  );
}

const SORTS = {
  // Each ends on the id, so the order is total and pages never overlap.
  name: [asc(sql`lower(${tradeCategories.name})`), asc(tradeCategories.id)],
  '-name': [desc(sql`lower(${tradeCategories.name})`), desc(tradeCategories.id)],
  updatedAt: [asc(tradeCategories.updatedAt), asc(tradeCategories.id)],
  '-updatedAt': [desc(tradeCategories.updatedAt), desc(tradeCategories.id)],
} satisfies Record<TradeCategorySort, SQL[]>;

export function selectTradeCategories(
  db: Db,
  filter: TradeCategoryFilter,
  window: { sort: TradeCategorySort; limit: number; offset: number },
) {
  return db
    .select()
    .from(tradeCategories)
    .where(whereOf(filter))
    .orderBy(...SORTS[window.sort])
    .limit(window.limit)
    .offset(window.offset);
}

export async function countTradeCategories(db: Db, filter: TradeCategoryFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(tradeCategories).where(whereOf(filter));
  return row?.total ?? 0;
}

export async function selectTradeCategoryById(
  db: Db,
  id: string,
): Promise<TradeCategoryRow | null> {
  const [row] = await db.select().from(tradeCategories).where(eq(tradeCategories.id, id)).limit(1);
  return row ?? null;
}

/** The category whose name is this one in any case (names are unique case-insensitively). */
export async function selectTradeCategoryByName(
  db: Db,
  name: string,
): Promise<TradeCategoryRow | null> {
  const [row] = await db
    .select()
    .from(tradeCategories)
    .where(sql`lower(${tradeCategories.name}) = lower(${name})`)
    .limit(1);
  return row ?? null;
}

export async function insertTradeCategory(
  db: Db,
  values: TradeCategoryValues,
): Promise<TradeCategoryRow> {
  const [row] = await db.insert(tradeCategories).values(values).returning();
  if (!row) throw new Error('insert into trade_categories returned no row');
  return row;
}

/** Applies the change only at the version read; null when someone saved in between. */
export async function updateTradeCategoryAtVersion(
  db: Db,
  id: string,
  version: number,
  values: Partial<TradeCategoryValues>,
): Promise<TradeCategoryRow | null> {
  const [row] = await db
    .update(tradeCategories)
    .set({ ...values, version: sql`${tradeCategories.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(tradeCategories.id, id), eq(tradeCategories.version, version)))
    .returning();
  return row ?? null;
}
