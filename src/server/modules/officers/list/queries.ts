import { and, asc, count, desc, eq, ilike, ne, not, or, type SQL, sql } from 'drizzle-orm';
import type { OfficerListQuery } from '../../../../shared/officers';
import { isSignInThrottled } from '../../../auth/signInThrottle';
import type { Db } from '../../../db/client';
import { driverRows } from '../../../db/driverRows';
import { escapeLike } from '../../../db/like';
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
 * The list's filter with a placeholder for each value, and the values: the statement for one
 * shape of filter is built once (db/prepared.ts) and run with the values of each request.
 */
function filterOf(query: OfficerListQuery) {
  const values = {
    ...(query.userType ? { userType: query.userType } : {}),
    ...(query.mdaId ? { mdaId: query.mdaId } : {}),
    ...(query.search ? { term: `%${escapeLike(query.search)}%` } : {}),
  };
  const term = sql.placeholder('term');
  const where = and(
    query.userType ? eq(officers.userType, sql.placeholder('userType')) : undefined,
    query.userTypeGroup === 'admin' ? eq(officers.userType, 'ADMIN') : undefined,
    query.userTypeGroup === 'staff' ? ne(officers.userType, 'ADMIN') : undefined,
    query.mdaId
      ? sql`exists (select 1 from officer_mda_privileges p where p.officer_id = ${officers.id} and p.mda_id = ${sql.placeholder('mdaId')})`
      : undefined,
    query.state ? STATE_FILTERS[query.state] : undefined,
    query.search
      ? or(
          ilike(officers.firstName, term as unknown as string),
          ilike(officers.surname, term as unknown as string),
          ilike(officers.username, term as unknown as string),
          ilike(officers.email, term as unknown as string),
          ilike(officers.officerId, term as unknown as string),
        )
      : undefined,
  );
  const shape = [
    query.userType ? 'type' : '',
    query.userTypeGroup ?? '',
    query.mdaId ? 'mda' : '',
    query.state ?? '',
    query.search ? 'search' : '',
  ].join(',');
  return { where, values, shape };
}

export async function selectOfficers(db: Db, query: OfficerListQuery) {
  const { where, values, shape } = filterOf(query);
  const page = builtOnce(db, `officers_page:${shape}:${query.sort}`, (on, name) =>
    on
      .select(officerDriverColumns)
      .from(officers)
      .where(where)
      .orderBy(...SORT_COLUMNS[query.sort])
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  const counted = builtOnce(db, `officers_count:${shape}`, (on, name) =>
    on.select({ total: count() }).from(officers).where(where).prepare(name),
  );
  const [items, totals] = await Promise.all([
    driverRows<OfficerDriverRow>(page, {
      ...values,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    counted.execute(values),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

/** A page of the whole filter, in the list's order, for an export. */
export async function selectOfficersForExport(
  db: Db,
  query: OfficerListQuery,
  window: { limit: number; offset: number },
) {
  const { where, values, shape } = filterOf(query);
  const rows = builtOnce(db, `officers_export:${shape}:${query.sort}`, (on, name) =>
    on
      .select(officerColumns)
      .from(officers)
      .where(where)
      .orderBy(...SORT_COLUMNS[query.sort])
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  return rows.execute({ ...values, ...window });
}

/** How many officers the filter matches. */
export async function countOfficers(db: Db, query: OfficerListQuery): Promise<number> {
  const { where, values, shape } = filterOf(query);
  const counted = builtOnce(db, `officers_count:${shape}`, (on, name) =>
    on.select({ total: count() }).from(officers).where(where).prepare(name),
  );
  const [row] = await counted.execute(values);
  return row?.total ?? 0;
}
