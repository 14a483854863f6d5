import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { POS_TRANSACTION_STATUSES } from '../../../shared/pos/enums';

/**
 * The POS provider's protocol as RevDesk defines it (docs/pos.md "The provider's protocol"):
 * Benjis' own is not public, so this is RevDesk's design, shared by the client, the simulator
 * and the push route. Both directions are signed with the one shared secret:
 *
 *   X-Revdesk-Timestamp: <unix seconds>
 *   X-Revdesk-Signature: sha256=<hex of HMAC-SHA256(secret, timestamp + "." + signed text)>
 *
 * where the signed text is the raw body of a push, and `GET <path and query>` of a pull.
 */

export const TIMESTAMP_HEADER = 'x-revdesk-timestamp';
export const SIGNATURE_HEADER = 'x-revdesk-signature';

/** A push or pull more than this far from RevDesk's clock (either way) is refused: a replay window. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

/** The pull: a day's transactions of every terminal, a page at a time (docs/pos.md "The pull"). */
export const PULL_PATH = '/v1/transactions';
/** The most a page holds. */
export const PULL_PAGE_SIZE_MAX = 500;
/**
 * What the client asks for: the job saves its progress after each page, so the officer watches
 * it move every hundred transactions and a worker that takes over redoes at most a hundred.
 */
export const PULL_PAGE_SIZE = 100;

/** At most this many transactions in one push: a terminal pushes as it collects, one or a few. */
export const PUSH_TRANSACTIONS_MAX = 100;

export function signatureOf(secret: string, timestamp: string, signedText: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${signedText}`).digest('hex')}`;
}

/** The headers a signed push or pull carries, at `now`. */
export function signedHeaders(
  secret: string,
  signedText: string,
  now: Date = new Date(),
): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: signatureOf(secret, timestamp, signedText),
  };
}

export type SignatureProblem = 'missing' | 'malformed' | 'stale' | 'mismatch';

/**
 * Why a signature is refused, or null when it is good. Compared in constant time (a byte-by-byte
 * compare would tell a forger how many leading characters were right), and the timestamp must
 * be within SIGNATURE_TOLERANCE_SECONDS of `now`.
 */
export function signatureProblem(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  signedText: string,
  now: Date = new Date(),
): SignatureProblem | null {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature) return 'missing';
  if (!/^\d{1,12}$/.test(timestamp) || !/^sha256=[0-9a-f]{64}$/i.test(signature)) {
    return 'malformed';
  }
  if (
    Math.abs(Math.floor(now.getTime() / 1000) - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS
  ) {
    return 'stale';
  }
  const expected = Buffer.from(signatureOf(secret, timestamp, signedText), 'utf8');
  const given = Buffer.from(signature.toLowerCase(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given) ? null : 'mismatch';
}

const Digits = (length: number, label: string) =>
  z.string().regex(new RegExp(`^[0-9]{${length}}$`), `${label} is ${length} digits`);

/** One transaction as the provider sends it, in a push or a pull's page. */
export const ProviderTransaction = z.object({
  terminalId: z.string().regex(/^[A-Za-z0-9]{4,16}$/, 'terminalId is 4 to 16 letters or digits'),
  stan: Digits(6, 'stan'),
  rrn: Digits(12, 'rrn'),
  amountKobo: z.number().int().positive().max(100_000_000_000),
  transactedAt: z.iso.datetime({ offset: true }),
  revenueHeadCode: z.string().trim().min(1).max(20).nullish(),
  payerName: z.string().trim().max(200).nullish(),
  payerPhone: z.string().trim().max(20).nullish(),
  status: z.enum(POS_TRANSACTION_STATUSES),
});
export type ProviderTransaction = z.infer<typeof ProviderTransaction>;

export const PushBody = z.object({
  transactions: z.array(ProviderTransaction).min(1).max(PUSH_TRANSACTIONS_MAX),
});
export type PushBody = z.infer<typeof PushBody>;

export const PullPage = z.object({
  date: z.iso.date(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: z.number().int().min(0),
  transactions: z.array(ProviderTransaction),
});
export type PullPage = z.infer<typeof PullPage>;

export function pullPathOf(day: string, page: number, pageSize: number): string {
  return `${PULL_PATH}?date=${day}&page=${page}&pageSize=${pageSize}`;
}

/** What RevDesk answers a push: one result per transaction, in the order they were sent. */
export const PushAnswer = z.object({
  results: z.array(
    z.object({
      stan: z.string(),
      outcome: z.enum(['recorded', 'duplicate', 'held', 'declined', 'reversed', 'refused']),
      paymentId: z.uuid().optional(),
    }),
  ),
});
export type PushAnswer = z.infer<typeof PushAnswer>;
