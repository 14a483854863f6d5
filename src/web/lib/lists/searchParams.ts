/**
 * Building blocks of the lists' URL search (docs/architecture.md §11.8): a filtered list can be bookmarked,
 * shared and reloaded, and a hand-edited or outdated bookmark loses the values it got wrong
 * instead of failing the page. Defaults are left out of the URL.
 *
 * Written out rather than with zod: the router validates every list's search, so these
 * readers are in the sign-in page's first load, where zod's core alone weighed 13.5 KB of
 * the 120 KB budget (docs/architecture.md §9 "Web"). Each reader behaves as the zod/mini schema it
 * replaced (`z.catch(z.optional(…), undefined)`), noted on it; searchParams.test.ts holds both
 * to the same cases.
 */

import type { PAGE_SIZE_DEFAULT } from '../../../shared/pagination';

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

/** The page sizes an officer may pick; the first page holds fifty (docs/architecture.md §10). */
export const PAGE_SIZE_CHOICES = [25, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE: typeof PAGE_SIZE_DEFAULT = 50;
/** A short list's page sizes: a state has tens of MDAs or trade categories, one page holds them. */
export const SHORT_LIST_PAGE_SIZES = [25, 50, 100] as const;

/**
 * "Active" or "Inactive" (a record switched off, kept for its history): a filter the API
 * reads as `isActive`, see `isActiveParam`.
 */
export const activeStatus = oneOf(['active', 'inactive']);

/** The API's `isActive` for an active-status filter; unset when the filter is. */
export function isActiveParam(status: 'active' | 'inactive' | undefined): boolean | undefined {
  return status === undefined ? undefined : status === 'active';
}

/**
 * true when `Listed` names every member of `All`, else never: a list repeats its API
 * contract's sorts or enums to keep the contract's zod schemas out of the first load, and
 * `export const SORTS_ARE_COMPLETE: Covers<TaxpayerSort, typeof SORTS> = true` stops compiling
 * when the contract gains one the list lacks.
 */
export type Covers<All, Listed extends readonly unknown[]> = [
  Exclude<All, Listed[number]>,
] extends [never]
  ? true
  : never;

type SortField<Sort extends string> = [Sort] extends [never]
  ? unknown
  : { sort: SearchField<Sort> };
type PagingFields = { page: SearchField<number>; pageSize: SearchField<number> };

/**
 * A list page's search: its filters (what "Clear filters", the "Filters (n)" count and an
 * export act on), then its sort, its page and page size, then what is open over the list (a
 * dialog, a record's panel). The URL keeps them in that order.
 */
export function listSearch<
  const F extends Fields,
  Sort extends string = never,
  const O extends Fields = Record<never, never>,
>(spec: {
  filters: F;
  sort?: SearchField<Sort>;
  /** The page sizes offered; PAGE_SIZE_CHOICES unless the list is short (tens of MDAs). */
  pageSizes?: readonly number[];
  open?: O;
}) {
  const pageSizes = spec.pageSizes ?? PAGE_SIZE_CHOICES;
  const fields = {
    ...spec.filters,
    ...(spec.sort ? { sort: spec.sort } : {}),
    page: whole(1, 1_000_000),
    pageSize: whole(1, 200, pageSizes),
    ...spec.open,
  } as F & SortField<Sort> & PagingFields & O;
  const filterKeys = Object.keys(spec.filters) as (keyof F & string)[];
  type Search = SearchOf<{ fields: typeof fields }>;
  type Filters = SearchOf<{ fields: F }>;
  return {
    ...searchSchema(fields),
    filterKeys,
    pageSizes,
    /** Whether any filter is set: an empty list then says "no match", not "none yet". */
    hasFilters: (search: Search) => filterKeys.some((key) => search[key] !== undefined),
    /** The filters alone, unset ones left out: the start of the API's query string. */
    filtersOf(search: Search): Filters {
      const filters: Record<string, unknown> = {};
      for (const key of filterKeys) {
        if (search[key] !== undefined) filters[key] = search[key];
      }
      return filters as Filters;
    },
  };
}

export type ExportFormat = 'csv' | 'xlsx';

/**
 * The query string of a list's GET (docs/architecture.md §3): its filters in order, unset ones left out,
 * then the sort, then either an export's format or the page and page size (defaults filled in).
 */
export function listParams(
  filters: Readonly<Record<string, string | number | boolean | undefined>>,
  request: {
    sort?: string | undefined;
    format?: ExportFormat | undefined;
    page?: number | undefined;
    pageSize?: number | undefined;
  },
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined) params.set(key, String(value));
  }
  if (request.sort !== undefined) params.set('sort', request.sort);
  if (request.format) {
    params.set('format', request.format);
  } else {
    params.set('page', String(request.page ?? 1));
    params.set('pageSize', String(request.pageSize ?? DEFAULT_PAGE_SIZE));
  }
  return params;
}
