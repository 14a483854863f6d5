/**
 * One HTTP call to a remote system (Remita, EVAS), within one deadline (`timeoutMs`) and, for
 * idempotent calls only, retries with backoff inside that deadline. An officer waits at a
 * dialog: with REMITA_TIMEOUT_MS=10000 the answer or the refusal comes within 10 s, not after
 * three 10 s attempts. A call that can create something (a Remita invoice) is tried once:
 * retrying a call whose answer was lost could bill the payer twice.
 */

/** Waits before the 2nd and 3rd attempts: short, because an officer is waiting at a dialog. */
const RETRY_BACKOFF_MS = [200, 400] as const;

export type RemoteAnswer = { status: number; text: string };

/**
 * How one call ended, as the metrics count it (ADR 0015): `ok` a 2xx answer; `refused` another
 * answer below 500 (a 401 for bad credentials, a 404); the rest are failures after the last try.
 */
export type RemoteOutcome = 'ok' | 'refused' | 'server_error' | 'timeout' | 'network_error';

export type RemoteFailureKind = Exclude<RemoteOutcome, 'ok' | 'refused'>;

/** Why the remote system could not be used, in words for the message the officer reads. */
export class RemoteFailure extends Error {
  constructor(
    readonly reason: string,
    readonly kind: RemoteFailureKind = 'network_error',
    /**
     * The HTTP status of a 5xx answer: a 503 is the remote saying it took nothing on, which the
     * card gateway's client tells apart from an answer lost (docs/card.md).
     */
    readonly httpStatus?: number,
  ) {
    super(reason);
    this.name = 'RemoteFailure';
  }
}

/** The remote systems RevDesk calls (docs/architecture.md §6); a label of the metrics. */
export type RemoteSystem = 'remita' | 'evas' | 'card' | 'fidelity' | 'benjis';

/** One finished call, retries included: what the metrics record (src/server/observability/). */
export type RemoteCallRecord = {
  system: RemoteSystem;
  /** The client's operation, e.g. `rrr-status`: a fixed word, never a URL (bounded labels). */
  operation: string;
  outcome: RemoteOutcome;
  seconds: number;
};

export type RemoteCallRecorder = (record: RemoteCallRecord) => void;

export type RemoteCall = {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The whole call's deadline, retries included. */
  timeoutMs: number;
  /** Retried on a network error or a 5xx answer while the deadline allows. */
  isIdempotent: boolean;
  /** Told how the call ended, once, after the last try (the metrics; absent when they are off). */
  observe?: { system: RemoteSystem; operation: string; record: RemoteCallRecorder };
};

function describeTimeout(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} seconds` : `${ms} ms`;
}

async function attempt(call: RemoteCall, signal: AbortSignal): Promise<RemoteAnswer> {
  let answer: Response;
  try {
    answer = await fetch(call.url, {
      method: call.method,
      headers: { accept: 'application/json', ...call.headers },
      ...(call.body === undefined ? {} : { body: call.body }),
      signal,
    });
  } catch (err) {
    // Never the URL or the headers: both carry the MDA's hash.
    const isTimeout = err instanceof DOMException && err.name === 'TimeoutError';
    throw isTimeout
      ? new RemoteFailure(`did not answer within ${describeTimeout(call.timeoutMs)}`, 'timeout')
      : new RemoteFailure('could not be reached');
  }
  try {
    return { status: answer.status, text: await answer.text() };
  } catch (err) {
    const isTimeout = err instanceof DOMException && err.name === 'TimeoutError';
    throw isTimeout
      ? new RemoteFailure(
          `did not finish answering within ${describeTimeout(call.timeoutMs)}`,
          'timeout',
        )
      : new RemoteFailure('broke off its answer');
  }
}

/** The remote answer (any HTTP status below 500), or a RemoteFailure after the last try. */
export async function callRemote(call: RemoteCall): Promise<RemoteAnswer> {
  const { observe } = call;
  if (!observe) return callWithRetries(call);
  const startedAt = performance.now();
  const record = (outcome: RemoteOutcome) =>
    observe.record({
      system: observe.system,
      operation: observe.operation,
      outcome,
      seconds: (performance.now() - startedAt) / 1000,
    });
  try {
    const answer = await callWithRetries(call);
    record(answer.status >= 200 && answer.status <= 299 ? 'ok' : 'refused');
    return answer;
  } catch (err) {
    if (err instanceof RemoteFailure) record(err.kind);
    throw err;
  }
}

async function callWithRetries(call: RemoteCall): Promise<RemoteAnswer> {
  const tries = call.isIdempotent ? RETRY_BACKOFF_MS.length + 1 : 1;
  const deadline = AbortSignal.timeout(call.timeoutMs);
  const endsAt = performance.now() + call.timeoutMs;
  let failure = new RemoteFailure('could not be reached');
  for (let n = 0; n < tries; n += 1) {
    if (n > 0) {
      const backoff = RETRY_BACKOFF_MS[n - 1] ?? 0;
      // No time left for another try: the last failure is the answer.
      if (deadline.aborted || performance.now() + backoff >= endsAt) break;
      await new Promise((resolve) => setTimeout(resolve, backoff));
    }
    try {
      const answer = await attempt(call, deadline);
      if (answer.status < 500) return answer;
      failure = new RemoteFailure(
        `answered with an error (HTTP ${answer.status})`,
        'server_error',
        answer.status,
      );
    } catch (err) {
      if (!(err instanceof RemoteFailure)) throw err;
      failure = err;
    }
  }
  throw failure;
}

/** The JSON of an answer, or a RemoteFailure saying it was not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new RemoteFailure('answered with something that is not JSON');
  }
}
