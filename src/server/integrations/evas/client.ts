import { z } from 'zod';
import { AppError } from '../../errors';
import { callRemote, parseJson, type RemoteCallRecorder, RemoteFailure } from '../http';
import { EVAS_REGISTERED_CODE, evasStatusPath } from './protocol';
import type { EvasClient, EvasRrrStatus } from './types';

/** EVAS over HTTP, in the protocol RevDesk defined for it (protocol.ts). */

const EvasAnswer = z.object({
  status: z.boolean(),
  message: z.string().nullish(),
  data: z.string(),
});

const Text = z.union([z.string(), z.number()]).transform(String);

/** What docs/product.md §3 shows inside `data`. */
const EvasData = z.object({
  customer_id: Text.nullish(),
  statusCode: Text,
  message: z.string().nullish(),
  transactionDate: z.string().nullish(),
});

function unavailable(reason: string): AppError {
  return new AppError(
    'EVAS_UNAVAILABLE',
    `The auto-registration system (EVAS) ${reason}. Please try again in a few minutes.`,
  );
}

function readJson<T>(schema: z.ZodType<T>, text: string): T {
  try {
    const parsed = schema.safeParse(parseJson(text));
    if (parsed.success) return parsed.data;
  } catch (err) {
    if (!(err instanceof RemoteFailure)) throw err;
  }
  throw unavailable('answered with something RevDesk cannot read');
}

/** EVAS's dates as ISO 8601; as sent when they are not a date (shown, never computed with). */
function isoOrAsSent(date: string | null | undefined): string | null {
  if (!date) return null;
  const time = Date.parse(date);
  return Number.isNaN(time) ? date : new Date(time).toISOString();
}

export function createEvasClient(options: {
  baseUrl: () => string;
  timeoutMs: number;
  /** Told of every call's outcome and time (the metrics, ADR 0015). */
  record?: RemoteCallRecorder | undefined;
}): EvasClient {
  return {
    async getRrrStatus(rrr): Promise<EvasRrrStatus> {
      let answer: { status: number; text: string };
      try {
        answer = await callRemote({
          url: `${options.baseUrl()}${evasStatusPath(rrr)}`,
          method: 'GET',
          timeoutMs: options.timeoutMs,
          isIdempotent: true,
          ...(options.record
            ? { observe: { system: 'evas', operation: 'rrr-status', record: options.record } }
            : {}),
        });
      } catch (err) {
        if (err instanceof RemoteFailure) throw unavailable(err.reason);
        throw err;
      }
      if (answer.status !== 200)
        throw unavailable(`answered with an error (HTTP ${answer.status})`);
      const body = readJson(EvasAnswer, answer.text);
      // `data` is itself JSON, in a string (docs/product.md §3).
      const data = readJson(EvasData, body.data);
      return {
        rrr,
        customerId: data.customer_id || null,
        statusCode: data.statusCode,
        message: data.message || body.message || '',
        transactionDate: isoOrAsSent(data.transactionDate),
        isRegistered: data.statusCode === EVAS_REGISTERED_CODE,
      };
    },
  };
}
