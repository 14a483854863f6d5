import { z } from 'zod';
import { PUBLIC_CODE_LENGTH, publicCodeOf } from './publicCode';

/** The schemas of the public checks (ADR 0032; what they answer: publicCode.ts). */

/** A public code in the path; anything else is a 422 naming what a code looks like. */
export const PublicCodeParams = z.object({
  code: z
    .string()
    .trim()
    .max(64)
    .transform((text, ctx) => {
      const code = publicCodeOf(text);
      if (!code) {
        ctx.addIssue({
          code: 'custom',
          message: `Not a verification code: ${PUBLIC_CODE_LENGTH} letters and digits, as printed under the QR code`,
        });
        return z.NEVER;
      }
      return code;
    }),
});

const documentNumber = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9/_-]+$/, { error: 'Not a document number' })
  .transform((text) => text.toUpperCase());

/** A receipt or notice number with its printed amount, in kobo. */
export const AmountMatchQuery = z.object({
  number: documentNumber,
  amountKobo: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type AmountMatchQuery = z.infer<typeof AmountMatchQuery>;

/** A certificate number with its printed expiry date. */
export const ExpiryMatchQuery = z.object({
  number: documentNumber,
  expiresOn: z.iso.date({ error: 'A date as YYYY-MM-DD' }),
});
export type ExpiryMatchQuery = z.infer<typeof ExpiryMatchQuery>;

/**
 * What a bare number answers: whether a document with this number and this second fact stands
 * today (a receipt not reversed, a notice not cancelled or replaced, a certificate valid). No
 * name, no status, no other fact: walking the numbers learns nothing.
 */
export const PublicMatch = z.object({ match: z.boolean() }).meta({ id: 'PublicMatch' });
export type PublicMatch = z.infer<typeof PublicMatch>;
