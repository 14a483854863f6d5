import { and, desc, eq, sql } from 'drizzle-orm';
import { auditEvents, officers } from '../../db/schema';
import type { TestContext } from '../../testing/context';

/** Helpers of the officers' API tests (not a test file itself). */

let serial = 0;

/** A body for POST /officers that the API accepts; override what the test is about. */
export function newOfficerBody(overrides: Record<string, unknown> = {}) {
  serial += 1;
  const username = `new.officer${serial}.${process.pid}${Date.now() % 100_000}`;
  return {
    firstName: 'Tamara',
    surname: 'Ebiowei',
    username,
    email: `${username}@birs.test`,
    phoneNumber: '0803 123 4567',
    userType: 'OFFICER_PA',
    mdaPrivileges: [],
    temporaryPassword: 'temporary-pass-123',
    ...overrides,
  };
}

/** The audit rows of one officer, newest first. */
export async function auditOf(ctx: Pick<TestContext, 'db'>, officerId: string) {
  return ctx.db
    .select({
      action: auditEvents.action,
      actorId: auditEvents.actorId,
      before: auditEvents.before,
      after: auditEvents.after,
      xmin: sql<string>`${auditEvents}.xmin::text`,
    })
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, 'officer'), eq(auditEvents.entityId, officerId)))
    .orderBy(desc(auditEvents.id));
}

/**
 * The id of the transaction that last wrote the officer's row. Rows written by one
 * transaction share it: the audit row of a change carries the same one as the change.
 */
export async function officerXmin(ctx: Pick<TestContext, 'db'>, officerId: string) {
  const [row] = await ctx.db
    .select({ xmin: sql<string>`${officers}.xmin::text` })
    .from(officers)
    .where(eq(officers.id, officerId));
  return row?.xmin;
}
