import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { IndicatorKey } from '../../../shared/indicators/definitions';
import type { IndicatorFact } from '../../../shared/indicators/schemas';
import type { Db } from '../../db/client';
import { indicatorRestatements, indicatorSnapshots, indicatorTargets } from '../../db/schema';

/**
 * The first month the service has a record in (docs/indicators.md): its first collection day,
 * bank statement line or objection, each read through an index's first entry. Null: none yet.
 */
export async function selectFirstMonth(db: Db): Promise<string | null> {
  const result = (await db.execute(sql`
    select to_char(least(
      (select min(day) from collection_daily_totals),
      (select min(month) from collection_monthly_totals),
      (select min(value_date) from bank_statement_lines),
      (select min((filed_at at time zone 'Africa/Lagos')::date) from objections)
    ), 'YYYY-MM') as first`)) as unknown as { rows: { first: string | null }[] };
  return result.rows[0]?.first ?? null;
}

export type SnapshotRow = typeof indicatorSnapshots.$inferSelect;

/** The stored snapshots of the keys in the months [from, to] (first days of months). */
export async function selectSnapshots(
  db: Db,
  keys: readonly IndicatorKey[],
  from: string,
  to: string,
): Promise<SnapshotRow[]> {
  return db
    .select()
    .from(indicatorSnapshots)
    .where(
      and(
        inArray(indicatorSnapshots.key, [...keys]),
        gte(indicatorSnapshots.month, from),
        lte(indicatorSnapshots.month, to),
      ),
    );
}

/** Stores a closed month's figure unless one is already stored: a snapshot is taken once. */
export async function insertSnapshot(
  db: Db,
  row: { month: string; key: IndicatorKey; value: number | null; facts: IndicatorFact[] },
): Promise<boolean> {
  const inserted = await db
    .insert(indicatorSnapshots)
    .values({ month: row.month, key: row.key, value: row.value, detail: row.facts })
    .onConflictDoNothing()
    .returning({ key: indicatorSnapshots.key });
  return inserted.length > 0;
}

export async function lockSnapshot(
  db: Db,
  key: IndicatorKey,
  month: string,
): Promise<SnapshotRow | undefined> {
  const [row] = await db
    .select()
    .from(indicatorSnapshots)
    .where(and(eq(indicatorSnapshots.key, key), eq(indicatorSnapshots.month, month)))
    .for('update');
  return row;
}

export async function updateSnapshot(
  db: Db,
  key: IndicatorKey,
  month: string,
  figure: { value: number | null; facts: IndicatorFact[] },
): Promise<void> {
  await db
    .update(indicatorSnapshots)
    .set({ value: figure.value, detail: figure.facts, computedAt: new Date() })
    .where(and(eq(indicatorSnapshots.key, key), eq(indicatorSnapshots.month, month)));
}

export async function insertRestatement(
  db: Db,
  row: typeof indicatorRestatements.$inferInsert,
): Promise<void> {
  await db.insert(indicatorRestatements).values(row);
}

/** A month's restatements of the keys, newest first. */
export async function selectRestatements(db: Db, keys: readonly IndicatorKey[], month: string) {
  return db
    .select()
    .from(indicatorRestatements)
    .where(
      and(inArray(indicatorRestatements.key, [...keys]), eq(indicatorRestatements.month, month)),
    )
    .orderBy(desc(indicatorRestatements.restatedAt));
}

/**
 * Each key's target in force on `day` (ADR 0033): the newest row from that day or before, the
 * one written later winning a tie.
 */
export async function selectTargetsOn(db: Db, day: string): Promise<Map<string, number>> {
  const rows = await db
    .selectDistinctOn([indicatorTargets.key], {
      key: indicatorTargets.key,
      value: indicatorTargets.value,
    })
    .from(indicatorTargets)
    .where(lte(indicatorTargets.validFrom, day))
    .orderBy(
      indicatorTargets.key,
      desc(indicatorTargets.validFrom),
      desc(indicatorTargets.createdAt),
    );
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function insertTarget(db: Db, row: typeof indicatorTargets.$inferInsert) {
  const [inserted] = await db.insert(indicatorTargets).values(row).returning();
  return inserted;
}
