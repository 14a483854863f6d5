import { z } from 'zod';

/**
 * Every error code the API answers with. The HTTP status of each is chosen in one place,
 * src/server/errors.ts; the web shows `message` and may branch on `code`.
 */
export const ERROR_CODES = [
  /** The body, query or parameters break a rule of their schema; `details.issues` names each field. */
  'VALIDATION_FAILED',
  /** The body is not valid JSON, or not of a type the route reads. */
  'BAD_REQUEST',
  /** The body's content type is not one the route reads. */
  'UNSUPPORTED_MEDIA_TYPE',
  /** The body is larger than the route accepts. */
  'PAYLOAD_TOO_LARGE',
  /** A part of the address (an id, a BTIN…) is far longer than any the API has, or the whole address is. */
  'URI_TOO_LONG',
  /** The request's headers are larger than the server reads (HTTP 431); often a pile of cookies. */
  'HEADERS_TOO_LARGE',
  /** The request took too long to arrive (HTTP 408). */
  'REQUEST_TIMEOUT',
  /** No valid session: signed out, expired, or revoked. */
  'UNAUTHENTICATED',
  /** Wrong username or password (one message for both). */
  'INVALID_CREDENTIALS',
  /** The account has been deactivated by an administrator. */
  'ACCOUNT_INACTIVE',
  /** The officer must set a new password before doing anything else. */
  'PASSWORD_CHANGE_REQUIRED',
  /** Signed in, but the user type does not carry the permission. */
  'FORBIDDEN',
  /** A cookie-authenticated write came from another origin. */
  'ORIGIN_MISMATCH',
  /** No such resource (or no such API route). */
  'NOT_FOUND',
  /** No taxpayer has this BTIN (or matches this search term). */
  'TAXPAYER_NOT_FOUND',
  /** A taxpayer with this NIN or CAC number exists; `details.btin` names it. */
  'DUPLICATE_TAXPAYER',
  /**
   * The taxpayer holds an approved, unexpired certificate of this kind and purpose; `details`
   * names it (`number`, `id`, `expiresOn`). A second goes on only with a written `duplicateReason`.
   */
  'DUPLICATE_CERTIFICATE',
  /** The state changed under the request, or the thing exists already. */
  'CONFLICT',
  /**
   * The record has a pending bill already: `details` names it (`paymentId`, `rrr`, `amountKobo`).
   * Use that bill, or send `replacePendingBill` naming it to cancel it and raise a new one.
   */
  'BILL_PENDING',
  /** Valid JSON that breaks a rule of the domain. */
  'RULE_VIOLATION',
  /** The new password does not meet the policy. */
  'WEAK_PASSWORD',
  /** The current password given to change it is wrong. */
  'WRONG_PASSWORD',
  /** The MDA has no Remita merchant ID or API key yet; an administrator must set them (MDA page). */
  'REMITA_NOT_CONFIGURED',
  /** Remita did not answer in time, or answered with something unreadable; try again later. */
  'REMITA_UNAVAILABLE',
  /** Remita refused the MDA's credentials (codes 020, 023): a configuration error to show. */
  'REMITA_AUTH_FAILED',
  /** Remita knows no such RRR (code 022). */
  'RRR_NOT_FOUND',
  /** Remita's paid amount differs from the bill's; nothing was recorded. */
  'AMOUNT_MISMATCH',
  /** The auto-registration system (EVAS) did not answer, or answered with something unreadable. */
  'EVAS_UNAVAILABLE',
  /**
   * The card payment gateway did not take the charge on (down, not configured, secret refused),
   * or a status query could not be made. Nothing was charged by this request.
   */
  'CARD_GATEWAY_UNAVAILABLE',
  /**
   * The card payment gateway declined the card: `message` gives its reason in words, `details`
   * the attempt (`reference`, `declineCode`, `declineReason`). The bill is still to be paid.
   */
  'CARD_DECLINED',
  /** The bank (Fidelity) did not answer in time, refused, or answered with something unreadable. */
  'BANK_UNAVAILABLE',
  /** The POS provider (Benjis) did not answer, refused RevDesk's signature, or answered unreadably. */
  'POS_PROVIDER_UNAVAILABLE',
  /** A signed call (the POS provider's push) whose signature is missing, wrong or stale: 401. */
  'INVALID_SIGNATURE',
  /** An uploaded file cannot be used: not CSV, wrong header, too many rows… `message` says which. */
  'INVALID_FILE',
  /** Too many requests from this address; try again later. */
  'RATE_LIMITED',
  /** Something failed on the server; details are in the log under the request id. */
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorBody = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      details: z.unknown().optional(),
    }),
  })
  .meta({ id: 'Error' });

export type ErrorBody = z.infer<typeof ErrorBody>;
