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

/** Why the remote system could not be used, in words for the message the officer reads. */
export class RemoteFailure extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'RemoteFailure';
  }
}

export type RemoteCall = {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The whole call's deadline, retries included. */
  timeoutMs: number;
  /** Retried on a network error or a 5xx answer while the deadline allows. */
  isIdempotent: boolean;
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
    throw new RemoteFailure(
      isTimeout
        ? `did not answer within ${describeTimeout(call.timeoutMs)}`
        : 'could not be reached',
    );
  }
  try {
    return { status: answer.status, text: await answer.text() };
  } catch (err) {
    const isTimeout = err instanceof DOMException && err.name === 'TimeoutError';
    throw new RemoteFailure(
      isTimeout
        ? `did not finish answering within ${describeTimeout(call.timeoutMs)}`
        : 'broke off its answer',
    );
  }
}

/** The remote answer (any HTTP status below 500), or a RemoteFailure after the last try. */
export async function callRemote(call: RemoteCall): Promise<RemoteAnswer> {
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
      failure = new RemoteFailure(`answered with an error (HTTP ${answer.status})`);
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
