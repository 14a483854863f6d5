import { type AnyColumn, inArray, type SQL, sql } from 'drizzle-orm';
import type { UserType } from '../../shared/userTypes';
import type { Actor } from './actor';

/**
 * Which MDAs' data an actor may see (docs/architecture.md §4: "data of an MDA is visible only to officers
 * holding that MDA privilege, or a service-wide role"). MDA staff work for their MDAs only;
 * every other user type serves the whole state. The system (seeds, jobs) sees everything.
 */
export type MdaScope = { all: true } | { all: false; mdaIds: readonly string[] };

/** docs/product.md §6: the officer and the administrator of an MDA, bound to their MDA privileges. */
export const MDA_SCOPED_USER_TYPES = [
  'OFFICER_MDA',
  'OFFICER_MDA_ADMIN',
] as const satisfies readonly UserType[];

export function isMdaScoped(userType: UserType | null): boolean {
  return userType !== null && (MDA_SCOPED_USER_TYPES as readonly UserType[]).includes(userType);
}

export function mdaScopeOf(actor: Pick<Actor, 'userType' | 'mdaPrivileges'>): MdaScope {
  if (!isMdaScoped(actor.userType)) return { all: true };
  return { all: false, mdaIds: actor.mdaPrivileges };
}

export function isMdaInScope(scope: MdaScope, mdaId: string): boolean {
  return scope.all || scope.mdaIds.includes(mdaId);
}

/**
 * The SQL condition "this MDA column is one the scope allows", for a query's `where`;
 * undefined (no condition) for the whole state. An officer with no privilege sees nothing.
 */
export function whereInMdaScope(scope: MdaScope, column: AnyColumn): SQL | undefined {
  if (scope.all) return undefined;
  if (scope.mdaIds.length === 0) return sql`false`;
  return inArray(column, [...scope.mdaIds]);
}

/**
 * whereInMdaScope for a statement built once per shape (db/prepared.ts builtOnce): the ids as
 * placeholders `scope0`, `scope1`…, their values, and the shape (how many ids).
 */
export function whereInMdaScopeWithPlaceholders(
  scope: MdaScope,
  column: AnyColumn,
): { condition: SQL | undefined; values: Record<string, string>; shape: string } {
  if (scope.all) return { condition: undefined, values: {}, shape: 'all' };
  if (scope.mdaIds.length === 0) return { condition: sql`false`, values: {}, shape: 'none' };
  const values = Object.fromEntries(scope.mdaIds.map((id, i) => [`scope${i}`, id]));
  const condition = inArray(
    column,
    scope.mdaIds.map((_, i) => sql.placeholder(`scope${i}`)),
  );
  return { condition, values, shape: `mdas${scope.mdaIds.length}` };
}

export function whereInActorMdas(
  actor: Pick<Actor, 'userType' | 'mdaPrivileges'>,
  column: AnyColumn,
): SQL | undefined {
  return whereInMdaScope(mdaScopeOf(actor), column);
}
