import { eq, sql } from 'drizzle-orm';
import { addDays, todayInLagos } from '../../../../shared/dates';
import { POS_PULL_KIND, type PosPullView } from '../../../../shared/pos/pull';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import { jobs, posPulls } from '../../../db/schema';
import { AppError, fieldError } from '../../../errors';
import { insertJob } from '../../../jobs/queries';
import { notifyJobQueued } from '../../../jobs/wake';
import { recordAudit } from '../../audit/service';

/**
 * Pulls of a day's transactions (docs/pos.md "The pull"): what pushes missed, caught up. Asked
 * for by an officer (`pos:settle`) or queued by the daily schedule (schedule.ts); run by the
 * job worker (job.ts).
 */

/** How far back an officer may pull: the provider keeps about three months (to confirm). */
export const PULL_DAYS_BACK_MAX = 92;

export async function queuePull(
  db: Db,
  actor: Actor,
  day: string,
  options: { isScheduled: boolean },
): Promise<string> {
  const jobId = await db.transaction(async (tx) => {
    const job = await insertJob(tx, {
      kind: POS_PULL_KIND,
      fileName: `Benjis transactions of ${day}`,
      total: 0,
      createdBy: actor.officerId,
    });
    await tx
      .insert(posPulls)
      .values({ jobId: job.id, provider: 'benjis', day, isScheduled: options.isScheduled });
    await recordAudit(tx, actor, {
      action: 'pos_pull.queued',
      entityType: 'job',
      entityId: job.id,
      after: { day, isScheduled: options.isScheduled },
    });
    return job.id;
  });
  notifyJobQueued(db);
  return jobId;
}

/** Queues the scheduled pull of `day` unless one is queued already (any instance); true when queued. */
export async function queueScheduledPull(db: Db, actor: Actor, day: string): Promise<boolean> {
  try {
    await queuePull(db, actor, day, { isScheduled: true });
    return true;
  } catch (err) {
    if (isUniqueViolation(err, 'pos_pulls_scheduled_day_key')) return false;
    throw err;
  }
}

export function createPosPullService({ db }: { db: Db }) {
  return {
    async startPull(actor: Actor, day: string): Promise<{ jobId: string }> {
      const today = todayInLagos();
      if (day > today) throw fieldError('day', 'The day has not come yet');
      if (day < addDays(today, -PULL_DAYS_BACK_MAX)) {
        throw fieldError('day', `At most ${PULL_DAYS_BACK_MAX} days back`);
      }
      return { jobId: await queuePull(db, actor, day, { isScheduled: false }) };
    },

    async getPull(_actor: Actor, jobId: string): Promise<PosPullView> {
      const [row] = await db
        .select({ job: jobs, pull: posPulls })
        .from(posPulls)
        .innerJoin(jobs, eq(jobs.id, posPulls.jobId))
        .where(eq(posPulls.jobId, jobId));
      if (!row) throw new AppError('NOT_FOUND', 'No such pull.');
      return {
        jobId,
        status: row.job.status,
        day: row.pull.day,
        isScheduled: row.pull.isScheduled,
        processed: row.job.processed,
        total: row.job.total,
        outcomes: row.pull.outcomes,
        error: row.pull.error ?? row.job.error,
        createdAt: row.job.createdAt.toISOString(),
        finishedAt: row.job.finishedAt?.toISOString() ?? null,
      };
    },
  };
}

/** After a page: where to go on from, its outcomes added, and the job's progress. */
export async function savePullPage(
  db: Db,
  jobId: string,
  page: { nextPage: number; outcomes: Record<string, number>; processed: number; total: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [pull] = await tx.select().from(posPulls).where(eq(posPulls.jobId, jobId)).for('update');
    const outcomes = { ...(pull?.outcomes ?? {}) };
    for (const [outcome, n] of Object.entries(page.outcomes)) {
      outcomes[outcome] = (outcomes[outcome] ?? 0) + n;
    }
    await tx
      .update(posPulls)
      .set({ nextPage: page.nextPage, outcomes })
      .where(eq(posPulls.jobId, jobId));
    await tx
      .update(jobs)
      .set({ processed: sql`${jobs.processed} + ${page.processed}`, total: page.total })
      .where(eq(jobs.id, jobId));
  });
}

export async function savePullError(db: Db, jobId: string, error: string): Promise<void> {
  await db.update(posPulls).set({ error }).where(eq(posPulls.jobId, jobId));
}
