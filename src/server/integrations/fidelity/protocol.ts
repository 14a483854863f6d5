/**
 * Fidelity Bank's statement API, as far as it is known (docs/bank.md "The bank's protocol").
 * docs/product.md §3 and §7 give five calls, all POST under `api/fidelity/`, each with the
 * account number in the query (`accountNum`) and `{ startDate, endDate }` in the body:
 *
 *   POST {base}/api/fidelity/statement?accountNum=…                  every line of the range
 *   POST {base}/api/fidelity/statement/credit-aggregate?accountNum=… total and count of credits
 *   POST {base}/api/fidelity/credit/date-range?accountNum=…          the credits of the range
 *   POST {base}/api/fidelity/debit-aggregate?accountNum=…            total and count of debits
 *   POST {base}/api/fidelity/debit/date-range?accountNum=…           the debits of the range
 *
 * The bank's API is not public: everything else here is RevDesk's design, to confirm with the
 * bank before production, and the simulator answers exactly this:
 *
 * - the key goes in an `x-api-key` header (FIDELITY_API_KEY);
 * - dates are `YYYY-MM-DD`, both ends included, days of the account's statement (Lagos);
 * - an answer is `{ status: "00", message, data }`; any other `status` is the bank refusing
 *   (`"01"` account not found, `"02"` bad range) with its `message`;
 * - a line is `{ tranId, valueDate, postDate, tranType: "C" | "D", amount, narration }`, the
 *   amount in naira as a decimal string ("12500.50", never a float RevDesk computes with);
 * - an aggregate is `{ totalAmount, count }`, the amount written as a line's.
 */

export const FIDELITY_PATHS = {
  statement: '/api/fidelity/statement',
  creditAggregate: '/api/fidelity/statement/credit-aggregate',
  credits: '/api/fidelity/credit/date-range',
  debitAggregate: '/api/fidelity/debit-aggregate',
  debits: '/api/fidelity/debit/date-range',
} as const;

export type FidelityCall = keyof typeof FIDELITY_PATHS;

/** The metrics' operation label of each call (bounded: a fixed word, never a URL). */
export const FIDELITY_OPERATIONS: Record<FidelityCall, string> = {
  statement: 'statement',
  creditAggregate: 'credit-aggregate',
  credits: 'credit-range',
  debitAggregate: 'debit-aggregate',
  debits: 'debit-range',
};

export const FIDELITY_API_KEY_HEADER = 'x-api-key';

export const FIDELITY_OK = '00';
export const FIDELITY_ACCOUNT_NOT_FOUND = '01';
export const FIDELITY_BAD_RANGE = '02';

/** The longest range the bank is asked for at once (RevDesk's own limit, the same as the fetch's). */
export const FIDELITY_MAX_RANGE_DAYS = 92;

/**
 * Naira as the bank writes them ("12500.50", "12,500.5", "-3.00", or a JSON number) to kobo,
 * exactly: digits are read as text, so 0.1 + 0.2 never happens. Null when it is not an amount
 * or has more than two decimals (a bank never sends a tenth of a kobo).
 */
export function nairaTextToKobo(amount: string | number): number | null {
  const text = typeof amount === 'number' ? numberText(amount) : amount.trim().replace(/,/g, '');
  if (text === null) return null;
  const match = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const [, sign, naira = '0', fraction = ''] = match;
  const kobo = Number(naira) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' ? -kobo : kobo;
}

/** A JSON number's shortest decimal text (what the bank wrote), or null for an exponent form. */
function numberText(amount: number): string | null {
  if (!Number.isFinite(amount)) return null;
  const text = String(amount);
  return /e/i.test(text) ? null : text;
}

/** Kobo as the bank writes naira: "12500.50". */
export function koboToNairaText(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
