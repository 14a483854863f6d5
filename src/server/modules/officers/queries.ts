import { and, asc, count, desc, eq, ilike, inArray, ne, not, or, type SQL, sql } from 'drizzle-orm';
import type { OfficerListQuery } from '../../../shared/officers';
import { isSignInThrottled, signInThrottledUntil } from '../../auth/signInThrottle';
import type { Db } from '../../db/client';
import { builtOnce, preparedOn } from '../../db/prepared';
import { officerMdaPrivileges, officers } from '../../db/schema';

const mdaPrivilegesColumn = sql<
  string[]
>`array(select p.mda_id::text from officer_mda_privileges p where p.officer_id = ${officers.id} order by 1)`;

const officerColumns = {
  id: officers.id,
  officerId: officers.officerId,
  username: officers.username,
  email: officers.email,
  firstName: officers.firstName,
  surname: officers.surname,
  phoneNumber: officers.phoneNumber,
  userType: officers.userType,
  isActive: officers.isActive,
  mdaPrivileges: mdaPrivilegesColumn,
  signInThrottledUntil,
  mustChangePassword: officers.mustChangePassword,
  photoKey: officers.photoKey,
  createdAt: officers.createdAt,
};

export type OfficerRow = {
  id: string;
  officerId: string;
  username: string;
  email: string;
  firstName: string;
  surname: string;
  phoneNumber: string;
  userType: (typeof officers.$inferSelect)['userType'];
  isActive: boolean;
  mdaPrivileges: string[];
  /** When the last throttle on the account's sign-ins ends (ADR 0023); null when none runs. */
  signInThrottledUntil: Date | null;
  mustChangePassword: boolean;
  photoKey: string | null;
  createdAt: Date;
};

/** The officer's own row: GET /auth/me asks for it on every page load. */
export async function findOfficerById(db: Db, id: string): Promise<OfficerRow | null> {
  const query = preparedOn(db, 'officer_by_id', (on, name) =>
    on
      .select(officerColumns)
      .from(officers)
      .where(eq(officers.id, sql.placeholder('id')))
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute({ id });
  return row ?? null;
}

/** The officer's row, locked until the transaction ends: two administrators' edits queue up. */
export async function lockOfficerById(db: Db, id: string): Promise<OfficerRow | null> {
  const [row] = await db
    .select(officerColumns)
    .from(officers)
    .where(eq(officers.id, id))
    .limit(1)
    .for('update', { of: officers });
  return row ?? null;
}

/**
 * Locks every active ADMIN row and answers their ids. Two administrators deactivating each
 * other at once: the second waits for the first, then sees it gone (READ COMMITTED re-checks
 * a locked row's WHERE after the wait), so one active administrator always remains.
 */
export async function lockActiveAdminIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: officers.id })
    .from(officers)
    .where(and(eq(officers.userType, 'ADMIN'), eq(officers.isActive, true)))
    .orderBy(asc(officers.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** Another officer (not `exceptId`) already uses this username or e-mail, case-insensitively. */
export async function findUsernameOrEmailOwner(
  db: Db,
  input: { username?: string; email?: string },
  exceptId: string | null = null,
) {
  const matches = [
    input.username ? sql`lower(${officers.username}) = lower(${input.username})` : undefined,
    input.email ? sql`lower(${officers.email}) = lower(${input.email})` : undefined,
  ].filter((m): m is SQL => m !== undefined);
  if (matches.length === 0) return null;
  const [row] = await db
    .select({ username: officers.username, email: officers.email })
    .from(officers)
    .where(and(or(...matches), exceptId ? ne(officers.id, exceptId) : undefined))
    .limit(1);
  return row ?? null;
}

/** Inserts an officer; the Officer ID (OFF-000001…) comes from officer_number_seq. */
export async function insertOfficer(
  db: Db,
  row: Omit<typeof officers.$inferInsert, 'officerId'>,
  mdaIds: readonly string[],
): Promise<string> {
  const officerId = sql<string>`'OFF-' || lpad(nextval('officer_number_seq')::text, 6, '0')`;
  const [inserted] = await db
    .insert(officers)
    .values({ ...row, officerId })
    .returning({ id: officers.id });
  if (!inserted) throw new Error('insert into officers returned nothing');
  await replaceMdaPrivileges(db, inserted.id, mdaIds);
  return inserted.id;
}

export type OfficerChange = Partial<
  Pick<
    typeof officers.$inferInsert,
    | 'firstName'
    | 'surname'
    | 'email'
    | 'phoneNumber'
    | 'userType'
    | 'isActive'
    | 'passwordHash'
    | 'mustChangePassword'
    | 'photoKey'
  >
>;

export async function updateOfficerRow(db: Db, id: string, change: OfficerChange): Promise<void> {
  await db
    .update(officers)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(officers.id, id));
}

export async function replaceMdaPrivileges(
  db: Db,
  officerId: string,
  mdaIds: readonly string[],
): Promise<void> {
  await db.delete(officerMdaPrivileges).where(eq(officerMdaPrivileges.officerId, officerId));
  if (mdaIds.length > 0) {
    await db.insert(officerMdaPrivileges).values(mdaIds.map((mdaId) => ({ officerId, mdaId })));
  }
}

const SORT_COLUMNS = {
  // Each ends on the id, in the same direction, so the order is total and an index serves it.
  surname: [asc(officers.surname), asc(officers.firstName), asc(officers.id)],
  '-surname': [desc(officers.surname), desc(officers.firstName), desc(officers.id)],
  username: [asc(sql`lower(${officers.username})`)],
  '-username': [desc(sql`lower(${officers.username})`)],
  createdAt: [asc(officers.createdAt), asc(officers.id)],
  '-createdAt': [desc(officers.createdAt), desc(officers.id)],
} satisfies Record<OfficerListQuery['sort'], SQL[]>;

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

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
      .select(officerColumns)
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
    page.execute({
      ...values,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    counted.execute(values),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

/** The whole filter, in the list's order, for an export (at most `limit` rows). */
export async function selectOfficersForExport(db: Db, query: OfficerListQuery, limit: number) {
  const { where, values, shape } = filterOf(query);
  const rows = builtOnce(db, `officers_export:${shape}:${query.sort}`, (on, name) =>
    on
      .select(officerColumns)
      .from(officers)
      .where(where)
      .orderBy(...SORT_COLUMNS[query.sort])
      .limit(sql.placeholder('limit'))
      .prepare(name),
  );
  return rows.execute({ ...values, limit });
}

export function selectUsernames(db: Db, ids: readonly string[]) {
  return db
    .select({ id: officers.id, username: officers.username })
    .from(officers)
    .where(inArray(officers.id, [...ids]));
}
