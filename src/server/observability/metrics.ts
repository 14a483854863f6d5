import type { FastifyBaseLogger } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import type { RemoteCallRecorder } from '../integrations/http';
import type { JobKinds } from '../jobs/kinds';
import { countUnfinishedJobs, type JobQueueDepth } from '../jobs/queries';
import { methodLabel, routeLabel, statusClass } from './labels';

/**
 * What GET /metrics answers (ADR 0015), in a registry of this app's own: prom-client's global
 * registry would be shared by every app a test file builds, and a metric registered twice
 * throws. Counters and histograms move as requests and remote calls end; the database and job
 * gauges are read when Prometheus scrapes, so nothing polls between scrapes.
 */

/**
 * Remote calls: an officer waits at a dialog for at most REMITA_TIMEOUT_MS (10 s by default),
 * and a batch job's calls are usually well under a second. A card charge waits for the payer at
 * the terminal, up to CARD_GATEWAY_TIMEOUT_MS (90 s): 60 and 90 tell those apart (docs/card.md).
 */
const REMOTE_CALL_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 90];

export type RequestObservation = {
  method: string;
  /** Fastify's routeOptions.url: the pattern, or undefined when no route matched. */
  routePattern: string | undefined;
  statusCode: number;
  seconds: number;
};

export type AppMetrics = {
  registry: Registry;
  observeRequest(observation: RequestObservation): void;
  recordRemoteCall: RemoteCallRecorder;
  /** A POS provider's push answered (docs/pos.md): how it ended, and each transaction's outcome. */
  recordPosPush: PosPushRecorder;
};

/** `accepted` (200), `refused-signature` (401), `invalid` (422); outcomes count the transactions of an accepted push. */
export type PosPushRecorder = (
  result: 'accepted' | 'refused-signature' | 'invalid',
  outcomes?: readonly string[],
) => void;

export function createAppMetrics(deps: {
  database: Pick<Database, 'db' | 'kind' | 'poolCounts'>;
  log: FastifyBaseLogger;
  /** Every registered kind is shown, at 0 when idle, so a dashboard's series exist before the first job. */
  jobKinds: Pick<JobKinds, 'kinds'>;
}): AppMetrics {
  const registry = new Registry();
  // Memory, CPU, event loop lag, GC, handles: prom-client's usual names (process_*, nodejs_*).
  collectDefaultMetrics({ register: registry });

  const httpLabels = ['method', 'route', 'status_class'] as const;
  const httpRequests = new Counter({
    name: 'revdesk_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class.',
    labelNames: httpLabels,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'revdesk_http_request_duration_seconds',
    help: 'Time from the request arriving to the answer sent, by method, route pattern and status class.',
    labelNames: httpLabels,
    registers: [registry],
  });
  const httpServerErrors = new Counter({
    name: 'revdesk_http_server_errors_total',
    help: 'HTTP requests answered with a 5xx status, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });

  const remoteLabels = ['system', 'operation', 'outcome'] as const;
  const remoteCalls = new Counter({
    name: 'revdesk_remote_calls_total',
    help: 'Calls to Remita, EVAS, the card gateway, the bank and the POS provider (retries included in one call), by system, operation and outcome.',
    labelNames: remoteLabels,
    registers: [registry],
  });
  const remoteDuration = new Histogram({
    name: 'revdesk_remote_call_duration_seconds',
    help: 'How long a call to Remita, EVAS, the card gateway, the bank or the POS provider took, retries included, by system, operation and outcome.',
    labelNames: remoteLabels,
    buckets: REMOTE_CALL_BUCKETS,
    registers: [registry],
  });

  const posPushes = new Counter({
    name: 'revdesk_pos_pushes_total',
    help: 'Pushes from the POS provider, by result: accepted, refused-signature (401), invalid (422).',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const posPushTransactions = new Counter({
    name: 'revdesk_pos_push_transactions_total',
    help: 'Transactions in accepted POS pushes, by outcome (recorded, duplicate, held, declined, reversed, refused).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });

  registerDatabaseGauges(registry, deps.database);
  registerJobGauges(registry, deps);

  return {
    registry,
    observeRequest({ method, routePattern, statusCode, seconds }) {
      const labels = {
        method: methodLabel(method),
        route: routeLabel(routePattern),
        status_class: statusClass(statusCode),
      };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
      if (statusCode >= 500) httpServerErrors.inc({ method: labels.method, route: labels.route });
    },
    recordRemoteCall({ system, operation, outcome, seconds }) {
      remoteCalls.inc({ system, operation, outcome });
      remoteDuration.observe({ system, operation, outcome }, seconds);
    },
    recordPosPush(result, outcomes = []) {
      posPushes.inc({ result });
      for (const outcome of outcomes) posPushTransactions.inc({ outcome });
    },
  };
}

function registerDatabaseGauges(
  registry: Registry,
  database: Pick<Database, 'kind' | 'poolCounts'>,
): void {
  new Gauge({
    name: 'revdesk_database_info',
    help: 'Which database this instance runs on (pglite or postgres); always 1.',
    labelNames: ['kind'] as const,
    registers: [registry],
  }).set({ kind: database.kind }, 1);
  // PGlite is one connection inside the process: there is no pool to count, so no series.
  if (database.poolCounts() === null) return;
  new Gauge({
    name: 'revdesk_db_pool_connections',
    help: 'PostgreSQL connections of the pool, by state: total open, idle, and waiting (queries waiting for a free connection).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const counts = database.poolCounts();
      if (!counts) return;
      this.set({ state: 'total' }, counts.total);
      this.set({ state: 'idle' }, counts.idle);
      this.set({ state: 'waiting' }, counts.waiting);
    },
  });
}

/**
 * The job queue, read by one SQL statement per scrape. Both gauges ask at once (the registry
 * collects metrics in parallel), so they share the statement in flight. A failed read is
 * logged and leaves the gauges without series for that scrape, rather than failing the scrape
 * and losing every other metric with it.
 */
function registerJobGauges(
  registry: Registry,
  deps: {
    database: Pick<Database, 'db'>;
    log: FastifyBaseLogger;
    jobKinds: Pick<JobKinds, 'kinds'>;
  },
): void {
  let reading: Promise<JobQueueDepth[] | null> | null = null;
  const readQueue = () => {
    reading ??= countUnfinishedJobs(deps.database.db)
      .catch((err: unknown) => {
        deps.log.warn({ err }, 'metrics: could not read the job queue');
        return null;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };

  new Gauge({
    name: 'revdesk_jobs',
    help: 'Background jobs waiting (queued) or in hand (running), by kind.',
    labelNames: ['kind', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const depths = await readQueue();
      if (!depths) return;
      for (const kind of deps.jobKinds.kinds()) {
        this.set({ kind, status: 'queued' }, 0);
        this.set({ kind, status: 'running' }, 0);
      }
      for (const depth of depths) this.set({ kind: depth.kind, status: depth.status }, depth.jobs);
    },
  });

  new Gauge({
    name: 'revdesk_job_oldest_queued_age_seconds',
    help: 'Seconds the oldest queued job of each kind has waited for a worker; 0 when none waits.',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const depths = await readQueue();
      if (!depths) return;
      for (const kind of deps.jobKinds.kinds()) this.set({ kind }, 0);
      for (const depth of depths) {
        if (depth.status === 'queued') this.set({ kind: depth.kind }, depth.oldestAgeSeconds);
      }
    },
  });
}
