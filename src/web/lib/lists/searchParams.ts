/**
 * Building blocks of the lists' URL search (STYLE.md §8): a filtered list can be bookmarked,
 * shared and reloaded, and a hand-edited or outdated bookmark loses the values it got wrong
 * instead of failing the page. Defaults are left out of the URL.
 *
 * Written out rather than with zod: the router validates every list's search, so these
 * readers are in the sign-in page's first load, where zod's core alone weighed 13.5 KB of
 * the 120 KB budget (DESIGN.md §9 "Web"). Each reader behaves as the zod/mini schema it
 * replaced (`z.catch(z.optional(…), undefined)`), noted on it; searchParams.test.ts holds both
 * to the same cases.
 */

/** A field's reader: the value the URL may keep, or undefined to drop it. */
export type SearchField<T> = (value: unknown) => T | undefined;

/** z.iso.date() of zod 4: a calendar day as YYYY-MM-DD, leap days checked. */
const ISO_DATE =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))$/;

/**
 * Text, trimmed, 1 to `max` characters (z.string().check(z.trim(), z.minLength(1),
 * z.maxLength(max)), then z.regex(pattern) on the trimmed text). `coerce` reads any value as
 * text (z.coerce.string()): the router hands `?paymentReference=280012345678` over as a number.
 */
export function text(
  max: number,
  options: { coerce?: boolean; pattern?: RegExp } = {},
): SearchField<string> {
  return (value) => {
    if (typeof value !== 'string' && !options.coerce) return undefined;
    const trimmed = String(value).trim();
    if (trimmed.length < 1 || trimmed.length > max) return undefined;
    return !options.pattern || options.pattern.test(trimmed) ? trimmed : undefined;
  };
}

/** Text as it is, matching `pattern` (z.string().check(z.regex(pattern))): an id. */
export function matching(pattern: RegExp): SearchField<string> {
  return (value) => (typeof value === 'string' && pattern.test(value) ? value : undefined);
}

/**
 * A whole number from the URL's text, within bounds and, if given, one of `choices`
 * (z.coerce.number().check(z.refine(Number.isInteger), z.minimum(min), z.maximum(max))).
 */
export function whole(min: number, max: number, choices?: readonly number[]): SearchField<number> {
  return (value) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < min || number > max) return undefined;
    return !choices || choices.includes(number) ? number : undefined;
  };
}

/** One of `values` exactly (z.enum(values)). */
export function oneOf<const T extends string>(values: readonly T[]): SearchField<T> {
  return (value) => ((values as readonly unknown[]).includes(value) ? (value as T) : undefined);
}

/** A calendar day, YYYY-MM-DD (z.iso.date()). */
export const isoDate: SearchField<string> = (value) =>
  typeof value === 'string' && ISO_DATE.test(value) ? value : undefined;

/** true or false, not their text (z.boolean()): a dialog open over the list. */
export const flag: SearchField<boolean> = (value) =>
  typeof value === 'boolean' ? value : undefined;

type Fields = Record<string, SearchField<unknown>>;

/** The search a set of fields reads: every key optional. */
export type SearchOf<S extends { fields: Fields }> = {
  [K in keyof S['fields']]?: S['fields'][K] extends SearchField<infer T> ? T | undefined : never;
};

/**
 * A list's search (z.object of optional fields): keys it does not know are dropped, a key the
 * URL lacks stays out, a value a field refuses becomes undefined.
 */
export function searchSchema<const F extends Fields>(fields: F) {
  const schema = {
    fields,
    parse(search: Record<string, unknown>): SearchOf<{ fields: F }> {
      const parsed: Record<string, unknown> = {};
      for (const [key, read] of Object.entries(fields)) {
        if (!Object.hasOwn(search, key)) continue;
        const value = search[key];
        parsed[key] = value === undefined ? undefined : read(value);
      }
      return parsed as SearchOf<{ fields: F }>;
    },
  };
  return schema;
}
