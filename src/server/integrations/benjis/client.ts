import { AppError } from '../../errors';
import { callRemote, parseJson, type RemoteCallRecorder, RemoteFailure } from '../http';
import { PULL_PAGE_SIZE, PullPage, pullPathOf, signedHeaders } from './protocol';
import type { BenjisClient } from './types';

/** The POS provider over HTTP, in the protocol RevDesk defined for it (protocol.ts). */

function unavailable(reason: string): AppError {
  return new AppError(
    'POS_PROVIDER_UNAVAILABLE',
    `The POS provider (Benjis) ${reason}. Please try again in a few minutes.`,
  );
}

export function createBenjisClient(options: {
  baseUrl: () => string;
  /** The shared secret that signs every call (POS_PROVIDER_SECRET). */
  secret: string;
  timeoutMs: number;
  pageSize?: number;
  /** Told of every call's outcome and time (the metrics, ADR 0015). */
  record?: RemoteCallRecorder | undefined;
}): BenjisClient {
  const pageSize = options.pageSize ?? PULL_PAGE_SIZE;
  return {
    async listTransactions(day, page) {
      const path = pullPathOf(day, page, pageSize);
      let answer: { status: number; text: string };
      try {
        answer = await callRemote({
          url: `${options.baseUrl()}${path}`,
          method: 'GET',
          // Signed at each call: a retry inside the deadline is still within the window.
          headers: signedHeaders(options.secret, `GET ${path}`),
          timeoutMs: options.timeoutMs,
          isIdempotent: true,
          ...(options.record
            ? { observe: { system: 'benjis', operation: 'transactions', record: options.record } }
            : {}),
        });
      } catch (err) {
        if (err instanceof RemoteFailure) throw unavailable(err.reason);
        throw err;
      }
      if (answer.status === 401) {
        throw unavailable(
          'refused RevDesk’s signature: POS_PROVIDER_SECRET is not the secret the provider holds',
        );
      }
      if (answer.status !== 200) {
        throw unavailable(`answered with an error (HTTP ${answer.status})`);
      }
      let body: unknown;
      try {
        body = parseJson(answer.text);
      } catch {
        throw unavailable('answered with something that is not JSON');
      }
      const parsed = PullPage.safeParse(body);
      if (!parsed.success || parsed.data.date !== day || parsed.data.page !== page) {
        throw unavailable('answered with a page RevDesk cannot read');
      }
      return parsed.data;
    },
  };
}
