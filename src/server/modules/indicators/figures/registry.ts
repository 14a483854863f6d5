import { sql } from 'drizzle-orm';
import type { IndicatorFact } from '../../../../shared/indicators/schemas';
import { TAXPAYER_KINDS } from '../../../../shared/taxpayers/enums';
import type { Db } from '../../../db/client';

/**
 * Registry quality (`registry-duplicates`, docs/indicators.md): how many registered taxpayers
 * are likely the same person or company as another. Two taxpayers are likely duplicates when
 * they share a NIN (an individual's `nin`, or the national tax ID when the NIN column is empty),
 * a phone number, an e-mail address, or (individuals) the same first name, last name and date
 * of birth, the rules the registration form warns on (taxpayers/duplicates.ts).
 *
 * The value counts taxpayers, not pairs: every taxpayer in a group of two or more sharing a
 * value is counted, once however many groups it is in (a pair is 2, a group of three is 3).
 * Only taxpayers registered by the day measured count.
 *
 * How it scales (docs/indicators.md, "How it scales"): nothing here reads the whole registry.
 * `taxpayer_match_values` (kept by triggers on taxpayers, migration registry_kept_values) names
 * the values held by two or more through its partial index; each one's holders are found through
 * an index on taxpayers (LATERAL, so the plan is always a loop of index reads, never a hash of
 * the table) and counted again among those registered by the day, as a group of two in the
 * registry may be one by then. The registered count is `taxpayer_counts` less those registered
 * after the day, and the two gaps are kept counters less the same late rows: for the open month
 * that is nobody, for a closed month computed near its end a few days' registrations, read
 * through taxpayers_kind_created_idx (every kind named, so the index's
 * leading column is bound and each kind is one range read). Taxpayers without activity in three years are read from
 * `taxpayer_last_activity` through its own index.
 */
type Row = {
  registered: string;
  duplicates: string;
  by_nin: string;
  by_phone: string;
  by_email: string;
  by_name: string;
  groups: string;
  no_national_id: string;
  no_phone: string;
  inactive: string;
};

/** The figure's one statement, for the day `asOf` (exported for the bench's EXPLAIN). */
export function registryStatement(asOf: string) {
  // Written out where it is used, not a CTE: the planner then estimates how many registered
  // after it (none for the current month) and reads the late ones by index, where a CTE's value
  // is unknown when planning and a third of the registry is assumed (a sequential scan).
  const bound = sql`(${asOf}::date + 1)::timestamp at time zone 'Africa/Lagos'`;
  return sql`
    with shared as materialized (
      select rule, value from taxpayer_match_values
       where holders > 1 and rule in ('nin', 'phone', 'email', 'name')),
    members as materialized (
      select s.rule, s.value, t.id
        from shared s,
             lateral (select id, created_at from taxpayers
                       where kind = 'individual' and coalesce(nin, national_tax_id) = s.value) t
       where s.rule = 'nin' and t.created_at < ${bound}
      union all
      select s.rule, s.value, t.id
        from shared s,
             lateral (select id, created_at from taxpayers where phone = s.value) t
       where s.rule = 'phone' and t.created_at < ${bound}
      union all
      select s.rule, s.value, t.id
        from shared s,
             lateral (select id, created_at from taxpayers where email = s.value) t
       where s.rule = 'email' and t.created_at < ${bound}
      union all
      select s.rule, s.value, t.id
        from shared s,
             lateral (select id, created_at from taxpayers
                       where kind = 'individual' and date_of_birth is not null
                         and date_of_birth = split_part(s.value, chr(31), 1)::date
                         and lower(first_name) = split_part(s.value, chr(31), 2)
                         and lower(last_name) = split_part(s.value, chr(31), 3)) t
       where s.rule = 'name' and t.created_at < ${bound}),
    grouped as materialized (
      select rule, value from members group by rule, value having count(*) > 1),
    dup as materialized (
      select m.id, m.rule from members m join grouped g using (rule, value)),
    late as materialized (
      select nin, national_tax_id, cac_number, phone from taxpayers
       where kind in (${sql.join(
         TAXPAYER_KINDS.map((k) => sql`${k}::taxpayer_kind`),
         sql`, `,
       )}) and created_at >= ${bound}),
    kept as (
      select rule, holders from taxpayer_match_values
       where value = '' and rule in ('no-national-id', 'no-phone'))
    select ((select coalesce(sum(total), 0) from taxpayer_counts)
            - (select count(*) from late))::text as registered,
           (select count(distinct id) from dup)::text as duplicates,
           (select count(*) from dup where rule = 'nin')::text as by_nin,
           (select count(*) from dup where rule = 'phone')::text as by_phone,
           (select count(*) from dup where rule = 'email')::text as by_email,
           (select count(*) from dup where rule = 'name')::text as by_name,
           (select count(*) from grouped)::text as groups,
           (coalesce((select holders from kept where rule = 'no-national-id'), 0)
            - (select count(*) from late
                where nin is null and national_tax_id is null and cac_number is null))::text
             as no_national_id,
           (coalesce((select holders from kept where rule = 'no-phone'), 0)
            - (select count(*) from late where phone is null))::text as no_phone,
           (select count(*) from taxpayer_last_activity
             where greatest(registered_on, active_on)
                   <= (${asOf}::date - interval '3 years')::date)::text as inactive`;
}

export async function registryDuplicates(
  db: Db,
  _month: string,
  asOf: string,
): Promise<{ value: number | null; facts: IndicatorFact[] }> {
  const result = (await db.execute(registryStatement(asOf))) as unknown as {
    rows: Row[];
  };
  const row = result.rows[0];
  const count = (k: keyof Row) => Number(row?.[k] ?? 0);
  return {
    value: count('duplicates'),
    facts: [
      { label: 'Registered taxpayers', value: count('registered'), unit: 'count' },
      { label: 'Groups of likely duplicates', value: count('groups'), unit: 'count' },
      { label: 'Sharing a NIN', value: count('by_nin'), unit: 'count' },
      { label: 'Sharing a phone number', value: count('by_phone'), unit: 'count' },
      { label: 'Sharing an e-mail address', value: count('by_email'), unit: 'count' },
      { label: 'Same name and date of birth', value: count('by_name'), unit: 'count' },
      { label: 'Missing a national ID', value: count('no_national_id'), unit: 'count' },
      { label: 'Missing a phone number', value: count('no_phone'), unit: 'count' },
      { label: 'No assessment or payment in 3 years', value: count('inactive'), unit: 'count' },
    ],
  };
}
