import { sql } from 'drizzle-orm';
import type { IndicatorFact } from '../../../shared/indicators/schemas';
import type { Db } from '../../db/client';

/**
 * Registry quality (`registry-duplicates`, docs/indicators.md): how many registered taxpayers
 * are likely the same person or company as another. Two taxpayers are likely duplicates when
 * they share a NIN (an individual's `nin`, or the national tax ID when the NIN column is empty),
 * a phone number, an e-mail address, or (individuals) the same first name, last name and date
 * of birth, the rules the registration form warns on (taxpayers/duplicates.ts).
 *
 * The value counts taxpayers, not pairs: every taxpayer in a group of two or more sharing a
 * value is counted, once however many groups it is in (a pair is 2, a group of three is 3).
 * Only taxpayers registered by the month's end count.
 *
 * How it scales (docs/indicators.md, "How it scales"): one scan of taxpayers hashed into each
 * rule's groups; it runs on a page view for the current month only (a closed month is its
 * snapshot, snapshots.ts). Measured far over the page's budget at 200,000 taxpayers: the
 * trigger-kept table of rule values that docs/indicators.md describes is the planned fix.
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
};

export async function registryDuplicates(
  db: Db,
  _month: string,
  asOf: string,
): Promise<{ value: number | null; facts: IndicatorFact[] }> {
  const result = (await db.execute(sql`
    with registered as materialized (
      select id, kind, nin, national_tax_id, cac_number, phone, email,
             first_name, last_name, date_of_birth
        from taxpayers
       where created_at < (${asOf}::date + 1)::timestamp at time zone 'Africa/Lagos'),
    keyed as (
      select id, 'nin' as rule, coalesce(nin, national_tax_id) as value
        from registered
       where kind = 'individual' and coalesce(nin, national_tax_id) is not null
      union all
      select id, 'phone', phone from registered where phone is not null
      union all
      select id, 'email', email from registered where email is not null
      union all
      select id, 'name', concat_ws(' ', date_of_birth, lower(first_name), lower(last_name))
        from registered
       where kind = 'individual' and date_of_birth is not null),
    shared as (
      select rule, value from keyed group by rule, value having count(*) > 1),
    members as (
      select k.id, k.rule from keyed k join shared s using (rule, value))
    select (select count(*) from registered)::text as registered,
           (select count(distinct id) from members)::text as duplicates,
           (select count(*) from members where rule = 'nin')::text as by_nin,
           (select count(*) from members where rule = 'phone')::text as by_phone,
           (select count(*) from members where rule = 'email')::text as by_email,
           (select count(*) from members where rule = 'name')::text as by_name,
           (select count(*) from shared)::text as groups,
           (select count(*) from registered
             where nin is null and national_tax_id is null and cac_number is null)::text
             as no_national_id,
           (select count(*) from registered where phone is null)::text as no_phone`)) as unknown as {
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
    ],
  };
}
