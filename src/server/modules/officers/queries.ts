import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { OfficerListQuery } from '../../../shared/officers';
import type { Db } from '../../db/client';
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
};

export async function findOfficerById(db: Db, id: string): Promise<OfficerRow | null> {
  const [row] = await db.select(officerColumns).from(officers).where(eq(officers.id, id)).limit(1);
  return row ?? null;
}

export async function usernameOrEmailTaken(db: Db, username: string, email: string) {
  const [row] = await db
    .select({ username: officers.username, email: officers.email })
    .from(officers)
    .where(
      or(
        sql`lower(${officers.username}) = lower(${username})`,
        sql`lower(${officers.email}) = lower(${email})`,
      ),
    )
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
  if (mdaIds.length > 0) {
    await db
      .insert(officerMdaPrivileges)
      .values(mdaIds.map((mdaId) => ({ officerId: inserted.id, mdaId })));
  }
  return inserted.id;
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

export async function selectOfficers(db: Db, query: OfficerListQuery) {
  const term = query.search ? `%${escapeLike(query.search)}%` : null;
  const where = and(
    query.userType ? eq(officers.userType, query.userType) : undefined,
    term
      ? or(
          ilike(officers.firstName, term),
          ilike(officers.surname, term),
          ilike(officers.username, term),
          ilike(officers.email, term),
          ilike(officers.officerId, term),
        )
      : undefined,
  );
  const [items, totals] = await Promise.all([
    db
      .select(officerColumns)
      .from(officers)
      .where(where)
      .orderBy(...SORT_COLUMNS[query.sort])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(officers).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}
