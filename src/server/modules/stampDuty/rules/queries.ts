import { and, desc, eq, gte, isNotNull, lte, max, sql } from 'drizzle-orm';
import type { StampLaw } from '../../../../shared/stampDuty/enums';
import type { Db } from '../../../db/client';
import { stampInstruments, stampMprRates, stampPenaltyRules } from '../../../db/schema';

/** The queries of the late-stamping settings (ADR 0033: each change a new dated row). */

export type StampPenaltyRuleRow = typeof stampPenaltyRules.$inferSelect;
export type StampMprRateRow = typeof stampMprRates.$inferSelect;

/**
 * Two administrators adding a row to one table at once would both close the same latest row:
 * the second waits here for the first's transaction, then reads the row it added.
 */
export async function lockPenaltyRules(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('stamp-penalty-rules'))`);
}

export async function lockMprRates(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('stamp-mpr-rates'))`);
}

export async function selectLatestPenaltyRule(tx: Db, law: StampLaw) {
  const [row] = await tx
    .select()
    .from(stampPenaltyRules)
    .where(eq(stampPenaltyRules.law, law))
    .orderBy(desc(stampPenaltyRules.validFrom))
    .limit(1);
  return row ?? null;
}

export async function selectLatestMprRate(tx: Db) {
  const [row] = await tx
    .select()
    .from(stampMprRates)
    .orderBy(desc(stampMprRates.validFrom))
    .limit(1);
  return row ?? null;
}

export async function closePenaltyRule(tx: Db, id: string, validTo: string) {
  await tx.update(stampPenaltyRules).set({ validTo }).where(eq(stampPenaltyRules.id, id));
}

export async function closeMprRate(tx: Db, id: string, validTo: string) {
  await tx.update(stampMprRates).set({ validTo }).where(eq(stampMprRates.id, id));
}

export async function insertPenaltyRule(tx: Db, values: typeof stampPenaltyRules.$inferInsert) {
  const [row] = await tx.insert(stampPenaltyRules).values(values).returning();
  if (!row) throw new Error('insert into stamp_penalty_rules returned nothing');
  return row;
}

export async function insertMprRate(tx: Db, values: typeof stampMprRates.$inferInsert) {
  const [row] = await tx.insert(stampMprRates).values(values).returning();
  if (!row) throw new Error('insert into stamp_mpr_rates returned nothing');
  return row;
}

/** The latest date of execution of an instrument billed under a law (its penalty row's key). */
export async function selectLatestBilledExecution(tx: Db, law: StampLaw) {
  const [row] = await tx
    .select({ executedOn: max(stampInstruments.executedOn) })
    .from(stampInstruments)
    .where(and(eq(stampInstruments.law, law), isNotNull(stampInstruments.billedAt)));
  return row?.executedOn ?? null;
}

/** The moment the last instrument was billed (the day billed picks the MPR). */
export async function selectLatestBilling(tx: Db) {
  const [row] = await tx
    .select({ billedAt: max(stampInstruments.billedAt) })
    .from(stampInstruments);
  return row?.billedAt ?? null;
}

export async function selectPenaltyRule(tx: Db, id: string) {
  const [row] = await tx.select().from(stampPenaltyRules).where(eq(stampPenaltyRules.id, id));
  return row ?? null;
}

export async function selectMprRate(tx: Db, id: string) {
  const [row] = await tx.select().from(stampMprRates).where(eq(stampMprRates.id, id));
  return row ?? null;
}

export async function updatePenaltyRule(
  tx: Db,
  id: string,
  values: Partial<typeof stampPenaltyRules.$inferInsert>,
) {
  const [row] = await tx
    .update(stampPenaltyRules)
    .set(values)
    .where(eq(stampPenaltyRules.id, id))
    .returning();
  return row ?? null;
}

export async function updateMprRate(
  tx: Db,
  id: string,
  values: Partial<typeof stampMprRates.$inferInsert>,
) {
  const [row] = await tx
    .update(stampMprRates)
    .set(values)
    .where(eq(stampMprRates.id, id))
    .returning();
  return row ?? null;
}

/** Whether an instrument of the law executed within the days was billed (it used that penalty row). */
export async function isPenaltyPeriodBilled(
  tx: Db,
  law: StampLaw,
  from: string,
  to: string | null,
) {
  const [row] = await tx
    .select({ id: stampInstruments.id })
    .from(stampInstruments)
    .where(
      and(
        eq(stampInstruments.law, law),
        isNotNull(stampInstruments.billedAt),
        gte(stampInstruments.executedOn, from),
        to === null ? undefined : lte(stampInstruments.executedOn, to),
      ),
    )
    .limit(1);
  return row !== undefined;
}

const lagosDayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Africa/Lagos')`;

/** Whether an instrument was billed on a Lagos day within the days (it used that MPR row). */
export async function isMprPeriodBilled(tx: Db, from: string, to: string | null) {
  const [row] = await tx
    .select({ id: stampInstruments.id })
    .from(stampInstruments)
    .where(
      and(
        sql`${stampInstruments.billedAt} >= ${lagosDayStart(from)}`,
        to === null
          ? undefined
          : sql`${stampInstruments.billedAt} < ${lagosDayStart(to)} + interval '1 day'`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
