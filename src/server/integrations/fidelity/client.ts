import { z } from 'zod';
import { AppError } from '../../errors';
import { callRemote, parseJson, type RemoteCallRecorder, RemoteFailure } from '../http';
import {
  FIDELITY_API_KEY_HEADER,
  FIDELITY_OK,
  FIDELITY_OPERATIONS,
  FIDELITY_PATHS,
  type FidelityCall,
  nairaTextToKobo,
} from './protocol';
import type { BankAggregate, BankStatementLine, FidelityClient, StatementRange } from './types';

/** Fidelity Bank's statement API over HTTP, in the protocol of protocol.ts. */

const Amount = z.union([z.string(), z.number()]);

const Answer = z.object({
  status: z.union([z.string(), z.number()]).transform(String),
  message: z.string().nullish(),
  data: z.unknown(),
});

const Line = z.object({
  tranId: z.union([z.string().min(1), z.number()]).transform(String),
  valueDate: z.string(),
  postDate: z.string().nullish(),
  tranType: z.enum(['C', 'D']),
  amount: Amount,
  narration: z.string().nullish(),
});

const Aggregate = z.object({ totalAmount: Amount, count: z.number().int().min(0) });

function unavailable(reason: string): AppError {
  return new AppError(
    'BANK_UNAVAILABLE',
    `Fidelity Bank ${reason}. Nothing was stored from this answer; please try again in a few minutes.`,
  );
}

const UNREADABLE = 'answered with something RevDesk cannot read';

/** The bank's day as YYYY-MM-DD: "2026-11-02", "2026-11-02T00:00:00" or "02-11-2026". */
function dayOf(text: string): string | null {
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ].*)?$/.exec(text.trim());
  if (iso?.[1]) return iso[1];
  const dayFirst = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(text.trim());
  if (dayFirst) return `${dayFirst[3]}-${dayFirst[2]}-${dayFirst[1]}`;
  return null;
}

function toLine(raw: unknown): BankStatementLine {
  const parsed = Line.safeParse(raw);
  if (!parsed.success) throw unavailable(`${UNREADABLE} (a statement line is not as agreed)`);
  const line = parsed.data;
  const amountKobo = nairaTextToKobo(line.amount);
  const valueDate = dayOf(line.valueDate);
  // A line of nothing, or a negative one, is no movement of money: the bank's answer is wrong.
  if (amountKobo === null || amountKobo <= 0 || !valueDate) {
    throw unavailable(`${UNREADABLE} (line ${line.tranId} has no usable amount or date)`);
  }
  const postedAt = line.postDate ? Date.parse(line.postDate) : Number.NaN;
  return {
    bankReference: line.tranId,
    valueDate,
    postedAt: Number.isNaN(postedAt) ? null : new Date(postedAt).toISOString(),
    direction: line.tranType === 'C' ? 'credit' : 'debit',
    amountKobo,
    narration: line.narration?.trim() ?? '',
  };
}

export function createFidelityClient(options: {
  baseUrl: () => string;
  apiKey: () => string;
  timeoutMs: number;
  /** Told of every call's outcome and time (the metrics, ADR 0015). */
  record?: RemoteCallRecorder | undefined;
}): FidelityClient {
  async function call(
    which: FidelityCall,
    accountNumber: string,
    range: StatementRange,
  ): Promise<unknown> {
    let answer: { status: number; text: string };
    try {
      answer = await callRemote({
        url: `${options.baseUrl()}${FIDELITY_PATHS[which]}?accountNum=${encodeURIComponent(accountNumber)}`,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [FIDELITY_API_KEY_HEADER]: options.apiKey(),
        },
        body: JSON.stringify({ startDate: range.startDate, endDate: range.endDate }),
        timeoutMs: options.timeoutMs,
        // Reading a statement changes nothing at the bank: safe to try again.
        isIdempotent: true,
        ...(options.record
          ? {
              observe: {
                system: 'fidelity',
                operation: FIDELITY_OPERATIONS[which],
                record: options.record,
              },
            }
          : {}),
      });
    } catch (err) {
      if (err instanceof RemoteFailure) throw unavailable(err.reason);
      throw err;
    }
    if (answer.status === 401 || answer.status === 403) {
      throw unavailable('refused RevDesk’s API key (check FIDELITY_API_KEY)');
    }
    if (answer.status !== 200) throw unavailable(`answered with an error (HTTP ${answer.status})`);
    let body: z.infer<typeof Answer>;
    try {
      const parsed = Answer.safeParse(parseJson(answer.text));
      if (!parsed.success) throw unavailable(UNREADABLE);
      body = parsed.data;
    } catch (err) {
      if (err instanceof RemoteFailure) throw unavailable(UNREADABLE);
      throw err;
    }
    if (body.status !== FIDELITY_OK) {
      throw unavailable(
        `refused the request for account ${accountNumber}: ${body.message || `status ${body.status}`}`,
      );
    }
    return body.data;
  }

  async function lines(
    which: 'statement' | 'credits' | 'debits',
    accountNumber: string,
    range: StatementRange,
  ): Promise<BankStatementLine[]> {
    const data = await call(which, accountNumber, range);
    if (!Array.isArray(data)) throw unavailable(UNREADABLE);
    return data.map(toLine);
  }

  async function aggregate(
    which: 'creditAggregate' | 'debitAggregate',
    accountNumber: string,
    range: StatementRange,
  ): Promise<BankAggregate> {
    const parsed = Aggregate.safeParse(await call(which, accountNumber, range));
    const totalKobo = parsed.success ? nairaTextToKobo(parsed.data.totalAmount) : null;
    if (!parsed.success || totalKobo === null || totalKobo < 0) throw unavailable(UNREADABLE);
    return { totalKobo, count: parsed.data.count };
  }

  return {
    getStatement: (accountNumber, range) => lines('statement', accountNumber, range),
    getCredits: (accountNumber, range) => lines('credits', accountNumber, range),
    getDebits: (accountNumber, range) => lines('debits', accountNumber, range),
    getCreditAggregate: (accountNumber, range) =>
      aggregate('creditAggregate', accountNumber, range),
    getDebitAggregate: (accountNumber, range) => aggregate('debitAggregate', accountNumber, range),
  };
}
