import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';

/**
 * The registry-quality figure's kept tables (migration registry_kept_values, docs/indicators.md
 * "Likely duplicate taxpayers"): `taxpayer_match_values` against a recount from `taxpayers`,
 * and `taxpayer_last_activity` against one from taxpayers, payments and assessments. The
 * recounts are the migration's views, the same expressions the triggers apply.
 */
export type RegistryKeptDifference = {
  table: 'taxpayer_match_values' | 'taxpayer_last_activity';
  /** `rule value` or the BTIN. */
  key: string;
  kept: string | null;
  recount: string | null;
};

/** Up to `limit` rows where a kept table and its recount differ; none when they agree. */
export async function verifyRegistryKept(db: Db, limit = 20): Promise<RegistryKeptDifference[]> {
  const result = (await db.execute(sql`
    (select 'taxpayer_match_values' as table, concat_ws(' ', coalesce(k.rule, r.rule),
            nullif(coalesce(k.value, r.value), '')) as key, k.holders::text as kept, r.holders::text as recount
       from taxpayer_match_values k
       full join taxpayer_match_values_recount r on r.rule = k.rule and r.value = k.value
      where k.holders is distinct from r.holders
      limit ${limit})
    union all
    (select 'taxpayer_last_activity', coalesce(k.btin, r.btin),
            case when k.btin is not null then concat_ws(' ', k.registered_on, k.active_on) end,
            case when r.btin is not null then concat_ws(' ', r.registered_on, r.active_on) end
       from taxpayer_last_activity k
       full join taxpayer_last_activity_recount r on r.btin = k.btin
      where k.btin is null or r.btin is null or k.registered_on <> r.registered_on
         or k.active_on is distinct from r.active_on
      limit ${limit})`)) as unknown as { rows: RegistryKeptDifference[] };
  return result.rows;
}

/**
 * Empties both tables and fills them again from their recounts, in one transaction that holds
 * writers to taxpayers, payments and assessments off until it commits (a few seconds at a
 * million taxpayers; the payments scan is the last-activity recount's).
 */
export async function rebuildRegistryKept(db: Db): Promise<{ values: number; taxpayers: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table taxpayers, payments, assessments in share row exclusive mode`);
    await tx.execute(sql`delete from taxpayer_match_values`);
    await tx.execute(sql`delete from taxpayer_last_activity`);
    await tx.execute(sql`
      insert into taxpayer_match_values (rule, value, holders)
      select rule, value, holders from taxpayer_match_values_recount order by rule, value`);
    await tx.execute(sql`
      insert into taxpayer_last_activity (btin, registered_on, active_on)
      select btin, registered_on, active_on from taxpayer_last_activity_recount order by btin`);
    const [values] = await tx.select({ n: sql<string>`count(*)` }).from(sql`taxpayer_match_values`);
    const [activity] = await tx
      .select({ n: sql<string>`count(*)` })
      .from(sql`taxpayer_last_activity`);
    return { values: Number(values?.n ?? 0), taxpayers: Number(activity?.n ?? 0) };
  });
}
