import type { FastifyBaseLogger } from 'fastify';
import type { JobRow, JobRowTable } from './queries';

/**
 * The kinds of background job this app runs, registered by the modules that own them when the
 * app is built (src/server/app.ts), as settlements register with the ledger (ADR 0011). The
 * worker (worker.ts) names no kind: it claims jobs of the registered kinds and runs each
 * through its handler. A new kind (a bank statement, a POS settlement file, a payroll) adds one
 * `register` line. docs/decisions/0030-jobs-and-uploads.md.
 */

export type JobRun = {
  workerId: string;
  log: FastifyBaseLogger;
  /** True once the app is closing or the lease was lost: finish the row in hand and return. */
  shouldStop(): boolean;
};

/** 'finished': every row has its outcome. 'stopped': rows are left for the next worker. */
export type JobEnd = 'finished' | 'stopped';

export type JobKind = {
  /** Processes the rows still without an outcome; resumable from where another worker died. */
  run(job: JobRow, run: JobRun): Promise<JobEnd>;
  /**
   * The table holding the job's rows: the job succeeds only once none of them lacks an
   * outcome (src/server/jobs/queries.ts finishJob). Omit for a kind without rows.
   */
  rowTable?: JobRowTable;
  /** What the officer reads when the job stopped on a server error. */
  failedMessage: string;
};

export type JobKinds = {
  register(kind: string, handler: JobKind): void;
  get(kind: string): JobKind | undefined;
  /** The registered kinds, in registration order. */
  kinds(): readonly string[];
};

export function createJobKinds(): JobKinds {
  const byKind = new Map<string, JobKind>();
  return {
    register(kind, handler) {
      if (byKind.has(kind)) throw new Error(`The job kind ${kind} is registered twice`);
      byKind.set(kind, handler);
    },
    get: (kind) => byKind.get(kind),
    kinds: () => [...byKind.keys()],
  };
}
