import { createHash } from 'node:crypto';
import type { RrrOutcome } from '../../../shared/payments';

/**
 * The pieces of Remita's protocol (docs/remita.md) that both the client and the
 * simulator must get byte-for-byte the same: paths, hashes, the Authorization header, amounts
 * in naira, times without a zone, the JSONP wrapper and what each status code means.
 */

/** Every Remita e-channel path starts here, after the base URL. */
export const ECHANNEL_PATH = '/remita/exapp/api/v1/send/api/echannelsvc';

export function statusPath(merchantId: string, rrr: string, hash: string): string {
  return `${ECHANNEL_PATH}/${merchantId}/${rrr}/${hash}/status.reg`;
}

/**
 * The status of an order, asked by the `orderId` RevDesk sent with paymentinit (docs/remita.md,
 * "Status of an order"): how a bill whose paymentinit answer was lost finds its RRR.
 */
export function orderStatusPath(merchantId: string, orderId: string, hash: string): string {
  return `${ECHANNEL_PATH}/${merchantId}/${orderId}/${hash}/orderstatus.reg`;
}

/** What orderstatus.reg answers for an order id Remita has no RRR for ("no such order"). */
export const ORDER_NOT_FOUND_CODES = ['022', '023'] as const;

export const INVOICE_PATH = `${ECHANNEL_PATH}/merchant/api/paymentinit`;

function sha512Hex(text: string): string {
  return createHash('sha512').update(text, 'utf8').digest('hex');
}

/**
 * The hash of a status request: sha512_hex(rrr + apiKey + merchantId); an order-status
 * request hashes its orderId in the RRR's place (sha512_hex(orderId + apiKey + merchantId)).
 */
export function statusHash(rrr: string, apiKey: string, merchantId: string): string {
  return sha512Hex(rrr + apiKey + merchantId);
}

/**
 * The hash of an invoice: sha512_hex(merchantId + serviceTypeId + orderId + amount + apiKey),
 * `amount` exactly as the body sends it (koboToNaira: "5000", or "5000.50" with kobo).
 */
export function invoiceHash(
  merchantId: string,
  serviceTypeId: string,
  orderId: string,
  amount: string,
  apiKey: string,
): string {
  return sha512Hex(merchantId + serviceTypeId + orderId + amount + apiKey);
}

export function authorizationHeader(merchantId: string, hash: string): string {
  return `remitaConsumerKey=${merchantId},remitaConsumerToken=${hash}`;
}

/** The merchant and hash of an Authorization header; null when it is not Remita's shape. */
export function parseAuthorizationHeader(
  header: string | undefined,
): { merchantId: string; hash: string } | null {
  const match = /^remitaConsumerKey=([^,\s]+),\s*remitaConsumerToken=([0-9a-fA-F]+)$/.exec(
    header?.trim() ?? '',
  );
  return match?.[1] && match[2] ? { merchantId: match[1], hash: match[2] } : null;
}

/**
 * 500000 → "5000", 500050 → "5000.50": naira as Remita's official samples send it, whole when
 * there are no kobo and with two decimals only when there are. The invoice hash is computed
 * over exactly this text (docs/remita.md, "Generate an RRR").
 */
export function koboToNaira(amountKobo: number): string {
  if (!Number.isSafeInteger(amountKobo) || amountKobo < 0) {
    throw new RangeError(`not an amount in kobo: ${amountKobo}`);
  }
  const naira = String(Math.floor(amountKobo / 100));
  const kobo = amountKobo % 100;
  return kobo === 0 ? naira : `${naira}.${String(kobo).padStart(2, '0')}`;
}

/**
 * The payer's phone as paymentinit takes it: national digits only ("+2348031234567" →
 * "08031234567"), as every official sample sends it. A payer with no phone gets `fallback`
 * (the service's CONTACT_PHONE, ADR 0021): MDAs' settings hold no phone of their own. With
 * neither, nothing ("").
 */
export function remitaPayerPhone(e164: string | null, fallback: string | null): string {
  const phone = e164 || fallback;
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith('234') && phone.trim().startsWith('+') ? `0${digits.slice(3)}` : digits;
}

/**
 * Remita's `amount` (naira: 5000, "5000.00", 1234.5, "1,234.50") in whole kobo, by reading the
 * digits rather than multiplying a float (1234.56 * 100 is 123455.99999999999). A number is
 * read through its shortest decimal text, which is what Remita wrote. Null when the amount is
 * not naira with at most two decimals: kobo have no fractions.
 */
export function nairaToKobo(amount: unknown): number | null {
  let text: string;
  if (typeof amount === 'number') text = String(amount);
  else if (typeof amount === 'string') text = amount.trim().replace(/,/g, '');
  else return null;
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(text);
  if (!match?.[1]) return null;
  const kobo = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(kobo) ? kobo : null;
}

/** Lagos is UTC+01:00 all year (West Africa Time, no daylight saving). */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/**
 * Remita's times ("2026-11-20 14:03:11", sometimes with " PM", sometimes ISO with a zone) as
 * ISO 8601 UTC. A time without a zone is Lagos time: that is where Remita's clock is read.
 * Null when it cannot be read: the date is shown, never computed with.
 */
export function remitaTimeToIso(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
  const local =
    /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*(AM|PM)?)?$/i.exec(
      text,
    );
  if (local) {
    const [, y, mo, d, h = '0', mi = '0', s = '0', meridiem] = local;
    let hour = Number(h);
    if (meridiem) {
      if (hour < 1 || hour > 12) return null;
      hour = (hour % 12) + (meridiem.toUpperCase() === 'PM' ? 12 : 0);
    }
    const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), hour, Number(mi), Number(s));
    const date = new Date(utc - LAGOS_OFFSET_MS);
    // Date.UTC rolls 31 February into March: refuse instead of showing a wrong day.
    if (Number.isNaN(utc) || new Date(utc).getUTCDate() !== Number(d) || hour > 23) return null;
    return date.toISOString();
  }
  if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    const time = Date.parse(text);
    return Number.isNaN(time) ? null : new Date(time).toISOString();
  }
  return null;
}

/** A moment as Remita writes it: Lagos wall-clock time, "2026-11-20 14:03:11". */
export function toRemitaTime(date: Date): string {
  const lagos = new Date(date.getTime() + LAGOS_OFFSET_MS).toISOString();
  return `${lagos.slice(0, 10)} ${lagos.slice(11, 19)}`;
}

/** The object inside `jsonp ({...})`; the text as it is when there is no wrapper. */
export function unwrapJsonp(text: string): string {
  const match = /^\s*[A-Za-z_$][\w$]*\s*\(([\s\S]*)\)\s*;?\s*$/.exec(text);
  return match?.[1] ?? text;
}

/**
 * What each answered status code means (docs/remita.md, "Status of an RRR"). 040, 045, 046 and 055
 * are refusals only community clients list (ayorcodes/remita-js): failed, with Remita's own
 * message shown. A code in none of these tables is `unrecognised` (statusMeaning), never pending.
 */
export const STATUS_CODE_MEANINGS = {
  '00': { status: 'Completed', outcome: 'paid' },
  '01': { status: 'Approved', outcome: 'paid' },
  '021': { status: 'Pending', outcome: 'pending' },
  '025': { status: 'Payment reference generated', outcome: 'pending' },
  '02': { status: 'Failed', outcome: 'failed' },
  '012': { status: 'Aborted by the payer', outcome: 'failed' },
  '040': { status: 'Refused by Remita', outcome: 'failed' },
  '045': { status: 'Refused by Remita', outcome: 'failed' },
  '046': { status: 'Refused by Remita', outcome: 'failed' },
  '055': { status: 'Refused by Remita', outcome: 'failed' },
  '999': { status: 'Unknown error', outcome: 'failed' },
} as const satisfies Record<string, { status: string; outcome: RrrOutcome }>;

export type AnsweredStatusCode = keyof typeof STATUS_CODE_MEANINGS;

export function isAnsweredStatusCode(code: string): code is AnsweredStatusCode {
  return Object.hasOwn(STATUS_CODE_MEANINGS, code);
}

/** An answered code in words; a code Remita's table does not have is `unrecognised`. */
export function statusMeaning(code: string): { status: string; outcome: RrrOutcome } {
  return isAnsweredStatusCode(code)
    ? STATUS_CODE_MEANINGS[code]
    : { status: `Unrecognised code ${code}`, outcome: 'unrecognised' };
}

/**
 * Codes that mean the MDA's Remita settings are wrong (merchant ID, API key, service type, or
 * the merchant itself), not the RRR: shown to the officer as the MDA's configuration fault and
 * kept on the MDA for an administrator (ADR 0021). 022 means the RRR is unknown.
 */
export const AUTH_FAILURE_CODES = {
  '013': 'Hash of the parameters does not match',
  '020': 'Invalid user authentication',
  '023': 'Invalid merchant or order id',
  '024': 'Inactive merchant',
} as const;
export const RRR_NOT_FOUND_CODE = '022';

export function isConfigurationFaultCode(code: string): code is keyof typeof AUTH_FAILURE_CODES {
  return Object.hasOwn(AUTH_FAILURE_CODES, code);
}
