import { and, asc, count, desc, eq, ilike, ne, not, or, type SQL, sql } from 'drizzle-orm';
import type { OfficerListQuery } from '../../../../shared/officers';
import { isSignInThrottled } from '../../../auth/signInThrottle';
import type { Db } from '../../../db/client';
import { driverRows } from '../../../db/driverRows';
import { containsPattern } from '../../../db/like';
import { PlaceholderFilter } from '../../../db/placeholderFilter';
import { builtOnce } from '../../../db/prepared';
import { officers } from '../../../db/schema';
import { type OfficerDriverRow, officerColumns, officerDriverColumns } from '../queries';

const SORT_COLUMNS = {
  // Each ends on the id, in the same direction, so the order is total and an index serves it.
  surname: [asc(officers.surname), asc(officers.firstName), asc(officers.id)],
  '-surname': [desc(officers.surname), desc(officers.firstName), desc(officers.id)],
  username: [asc(sql`lower(${officers.username})`)],
  '-username': [desc(sql`lower(${officers.username})`)],
  createdAt: [asc(officers.createdAt), asc(officers.id)],
  '-createdAt': [desc(officers.createdAt), desc(officers.id)],
} satisfies Record<OfficerListQuery['sort'], SQL[]>;

const STATE_FILTERS = {
  active: and(eq(officers.isActive, true), not(isSignInThrottled)),
  inactive: eq(officers.isActive, false),
  throttled: isSignInThrottled,
} satisfies Record<NonNullable<OfficerListQuery['state']>, SQL | undefined>;

/**
 * The list's filter with a placeholder for each value (db/placeholderFilter.ts): the statement
 * for one shape of filter is built once (db/prepared.ts) and run with the values of each request.
 */
function filterOf(query: OfficerListQuery) {
  return new PlaceholderFilter()
    .value('userType', query.userType, (userType) => eq(officers.userType, userType))
    .fixed(`group:${query.userTypeGroup ?? ''}`, () =>
      query.userTypeGroup === 'admin'
        ? eq(officers.userType, 'ADMIN')
        : query.userTypeGroup === 'staff'
          ? ne(officers.userType, 'ADMIN')
          : undefined,
    )
    .value(
      'mdaId',
      query.mdaId,
      (mdaId) =>
        sql`exists (select 1 from officer_mda_privileges p where p.officer_id = ${officers.id} and p.mda_id = ${mdaId})`,
    )
    .fixed(`state:${query.state ?? ''}`, query.state ? STATE_FILTERS[query.state] : undefined)
    .value('term', query.search ? containsPattern(query.search) : undefined, (term) => {
      const pattern = term as unknown as string;
      return or(
        ilike(officers.firstName, pattern),
        ilike(officers.surname, pattern),
        ilike(officers.username, pattern),
        ilike(officers.email, pattern),
        ilike(officers.officerId, pattern),
      );
    });
}

export async function selectOfficers(db: Db, query: OfficerListQuery) {
  const filter = filterOf(query);
  const page = builtOnce(db, `officers_page:${filter.shape}:${query.sort}`, (on, name) =>
    on
      .select(officerDriverColumns)
      .from(officers)
      .where(filter.where())
      .orderBy(...SORT_COLUMNS[query.sort])
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  const counted = builtOnce(db, `officers_count:${filter.shape}`, (on, name) =>
    on.select({ total: count() }).from(officers).where(filter.where()).prepare(name),
  );
  const [items, totals] = await Promise.all([
    driverRows<OfficerDriverRow>(page, {
      ...filter.values,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    counted.execute(filter.values),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

/** A page of the whole filter, in the list's order, for an export. */
export async function selectOfficersForExport(
  db: Db,
  query: OfficerListQuery,
  window: { limit: number; offset: number },
) {
  const filter = filterOf(query);
  const rows = builtOnce(db, `officers_export:${filter.shape}:${query.sort}`, (on, name) =>
    on
      .select(officerColumns)
      .from(officers)
      .where(filter.where())
      .orderBy(...SORT_COLUMNS[query.sort])
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  return rows.execute({ ...filter.values, ...window });
}

/** How many officers the filter matches. */
export async function countOfficers(db: Db, query: OfficerListQuery): Promise<number> {
  const filter = filterOf(query);
  const counted = builtOnce(db, `officers_count:${filter.shape}`, (on, name) =>
    on.select({ total: count() }).from(officers).where(filter.where()).prepare(name),
  );
  const [row] = await counted.execute(filter.values);
  return row?.total ?? 0;
}
