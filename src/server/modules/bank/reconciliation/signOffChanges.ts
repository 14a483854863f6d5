import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { bankReconciliationSignOffs } from '../../../db/schema';

/**
 * A change to a line of a day already signed off is listed with the sign-off (docs/bank-matching.md
 * "Sign-off"): what changed, why, who and when. The figures signed off stay as they were; the
 * reconciliation shows today's beside them.
 */
export type SignOffChange = { day: string; lineId: string; what: string; reason: string };

export type StoredSignOffChange = {
  at: string;
  officerId: string | null;
  username: string;
  lineId: string;
  what: string;
  reason: string;
};

/** The days among these that are signed off, for the account. */
export async function signedOffDays(
  tx: Db,
  accountId: string,
  days: readonly string[],
): Promise<Set<string>> {
  if (days.length === 0) return new Set();
  const rows = await tx
    .select({ day: bankReconciliationSignOffs.day })
    .from(bankReconciliationSignOffs)
    .where(
      and(
        eq(bankReconciliationSignOffs.accountId, accountId),
        inArray(bankReconciliationSignOffs.day, [...new Set(days)]),
      ),
    );
  return new Set(rows.map((r) => r.day));
}

export async function noteChangesToSignedOffDays(
  tx: Db,
  actor: Actor,
  accountId: string,
  changes: readonly SignOffChange[],
): Promise<void> {
  const signed = await signedOffDays(
    tx,
    accountId,
    changes.map((c) => c.day),
  );
  const at = new Date().toISOString();
  for (const day of signed) {
    const entries: StoredSignOffChange[] = changes
      .filter((c) => c.day === day)
      .map((c) => ({
        at,
        officerId: actor.officerId,
        username: actor.username,
        lineId: c.lineId,
        what: c.what,
        reason: c.reason,
      }));
    await tx
      .update(bankReconciliationSignOffs)
      .set({
        changes: sql`${bankReconciliationSignOffs.changes} || ${JSON.stringify(entries)}::jsonb`,
      })
      .where(
        and(
          eq(bankReconciliationSignOffs.accountId, accountId),
          eq(bankReconciliationSignOffs.day, day),
        ),
      );
  }
}
