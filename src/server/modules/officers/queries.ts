import { eq, inArray, sql } from 'drizzle-orm';
import { signInThrottledUntil } from '../../auth/signInThrottle';
import type { Db } from '../../db/client';
import { aliasedAs } from '../../db/driverRows';
import { preparedOn } from '../../db/prepared';
import { officers } from '../../db/schema';

/**
 * The officer's row as every part reads it (its MDA privileges, its sign-in throttle) and the
 * one update of it; the list's filters are in list/queries.ts, account creation and the
 * last-administrator lock in accounts/queries.ts.
 */

const mdaPrivilegesColumn = sql<
  string[]
>`array(select p.mda_id::text from officer_mda_privileges p where p.officer_id = ${officers.id} order by 1)`;

/** The columns of an OfficerRow. */
export const officerColumns = {
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

/** The same columns under their own keys, for a list that reads the driver's rows (ADR 0024). */
export const officerDriverColumns = aliasedAs(officerColumns);

/** An OfficerRow as the driver returns it: the times as PostgreSQL's text. */
export type OfficerDriverRow = Omit<OfficerRow, 'signInThrottledUntil' | 'createdAt'> & {
  signInThrottledUntil: string | null;
  createdAt: string;
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

export function selectUsernames(db: Db, ids: readonly string[]) {
  return db
    .select({ id: officers.id, username: officers.username })
    .from(officers)
    .where(inArray(officers.id, [...ids]));
}
