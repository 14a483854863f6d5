import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { JobKinds } from './kinds';
import {
  claimNextJob,
  finishJob,
  type JobRow,
  releaseEveryLease,
  releaseLease,
  renewLease,
} from './queries';
import { onJobQueued } from './wake';

/**
 * The background job worker (docs/architecture.md §2 jobs/, §7). Jobs live in the database, so any number
 * of instances may run a worker: each claims a job with a lease (SKIP LOCKED, so two never take
 * the same one), renews the lease while it works, and a job whose worker died is resumed by
 * the next one once the lease runs out, from the rows still unchecked. Nothing here keeps the
 * process alive: every timer is unref'd. What a job does is its kind's (kinds.ts): the worker
 * runs whatever kinds were registered with the app.
 */

export type JobWorkerOptions = {
  log: FastifyBaseLogger;
  /** Sleep between looks when there is nothing to do. */
  pollMs?: number;
  /** How long a claim holds without renewal: long enough for a slow Remita call and its retries. */
  leaseSeconds?: number;
  workerId?: string;
};

export type JobWorker = {
  /** Starts looking for jobs (again a no-op while running). */
  start(): void;
  /** Finishes the rows in hand, gives the job back, and stops. */
  stop(): Promise<void>;
  readonly workerId: string;
};

/** Waits after the database refused a look for work, before trying again. */
const RETRY_AFTER_FAILURE_MS = 5_000;

export type JobWorkerDeps = { db: Db; jobKinds: JobKinds };

export function createJobWorker(deps: JobWorkerDeps, options: JobWorkerOptions): JobWorker {
  const { log } = options;
  const pollMs = options.pollMs ?? 500;
  const leaseSeconds = options.leaseSeconds ?? 30;
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  let isStopping = false;
  let loop: Promise<void> | null = null;
  let hasWork = false;
  let wakeSleeper: (() => void) | null = null;
  let unsubscribe: (() => void) | null = null;

  const wake = () => {
    hasWork = true;
    wakeSleeper?.();
  };

  function sleep(ms: number): Promise<void> {
    if (hasWork || isStopping) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakeSleeper = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      wakeSleeper = done;
    });
  }

  async function runJob(job: JobRow): Promise<void> {
    const handler = deps.jobKinds.get(job.kind);
    if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
    let isLeaseLost = false;
    const renewal = setInterval(
      () => {
        renewLease(deps.db, job.id, workerId, leaseSeconds).then(
          (isHeld) => {
            if (!isHeld) {
              isLeaseLost = true;
              log.warn({ jobId: job.id }, 'job lease lost: another worker has taken the job');
            }
          },
          (err: unknown) => log.error({ err, jobId: job.id }, 'could not renew a job lease'),
        );
      },
      (leaseSeconds * 1000) / 3,
    );
    renewal.unref();
    try {
      const end = await handler.run(job, {
        workerId,
        log: log.child({ jobId: job.id, kind: job.kind }),
        shouldStop: () => isStopping || isLeaseLost,
      });
      if (end === 'finished') {
        await finishJob(deps.db, job.id, workerId, {
          status: 'succeeded',
          error: null,
          rowTable: handler.rowTable,
        });
      } else if (!isLeaseLost) {
        await releaseLease(deps.db, job.id, workerId);
      }
    } catch (err) {
      log.error({ err, jobId: job.id, kind: job.kind }, 'background job failed');
      await finishJob(deps.db, job.id, workerId, {
        status: 'failed',
        error: handler.failedMessage,
      });
    } finally {
      clearInterval(renewal);
    }
  }

  async function runLoop(): Promise<void> {
    while (!isStopping) {
      try {
        hasWork = false;
        const job = await claimNextJob(deps.db, deps.jobKinds.kinds(), workerId, leaseSeconds);
        if (job) {
          hasWork = true;
          await runJob(job);
        } else {
          await sleep(pollMs);
        }
      } catch (err) {
        // The database is away (restart, failover): say so, wait, and look again. The job in
        // hand, if any, keeps its lease until it runs out, then any worker resumes it.
        log.error({ err }, 'the job worker could not reach the database; trying again');
        await sleep(RETRY_AFTER_FAILURE_MS);
      }
    }
  }

  return {
    workerId,
    start() {
      if (loop) return;
      isStopping = false;
      unsubscribe = onJobQueued(deps.db, wake);
      loop = runLoop();
    },
    async stop() {
      isStopping = true;
      unsubscribe?.();
      wakeSleeper?.();
      await loop;
      loop = null;
    },
  };
}

/**
 * Runs a worker in this app: it starts once the server listens (in demo mode and in tests its
 * Remita is this server's own simulator, which answers only then) and stops before the server
 * closes, giving back the job in hand.
 */
export function startJobWorker(
  app: FastifyInstance,
  deps: JobWorkerDeps,
  options: { isOnlyWorker: boolean },
): void {
  const worker = createJobWorker(deps, { log: app.log });
  app.addHook('onListen', async () => {
    // On the embedded database no other process can hold a lease (db/backup/dataDirLock.ts):
    // a lease still held was this server's before it was killed.
    if (options.isOnlyWorker) {
      const released = await releaseEveryLease(deps.db);
      if (released > 0) app.log.warn({ released }, 'resuming jobs a killed server left running');
    }
    worker.start();
  });
  app.addHook('preClose', async () => worker.stop());
}
