import { z } from 'zod';

/**
 * Free text the officer types (grounds, reasons, notes). A NUL byte cannot be stored in a
 * PostgreSQL text column and a lone UTF-16 surrogate is not text at all: both are refused with
 * a message naming the field (422), never a 500 from the database.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

const storable = { error: 'Remove the invisible or broken characters from this text' } as const;

/** Required free text, trimmed, between `min` and `max` characters. */
export function requiredText(min: number, max: number, tooShort: string) {
  return z
    .string()
    .trim()
    .min(min, { error: tooShort })
    .max(max, { error: `At most ${max} characters` })
    .refine(isStorableText, storable);
}

/**
 * Optional free text, trimmed; the services store an empty one as absent. No `.transform`
 * here: a named body schema with a transform has two OpenAPI components of one name.
 */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: `At most ${max} characters` })
    .refine(isStorableText, storable)
    .optional();
}
