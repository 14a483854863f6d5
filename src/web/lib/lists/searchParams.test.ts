import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  activeStatus,
  flag,
  isActiveParam,
  isoDate,
  listParams,
  listSearch,
  matching,
  oneOf,
  type SearchField,
  SHORT_LIST_PAGE_SIZES,
  searchSchema,
  text,
  whole,
} from './searchParams';

/** The zod/mini schemas the lists' search used before, wrapped as they were. */
const optional = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);
const zodWhole = (min: number, max: number) =>
  z.coerce.number().check(z.refine(Number.isInteger), z.minimum(min), z.maximum(max));

/** What a URL can hand the router: its parsed JSON values, and worse. */
const VALUES: unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  1,
  3,
  50,
  -4,
  2.5,
  200,
  201,
  1e21,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  280012345678,
  '',
  ' ',
  '3',
  ' 50 ',
  '0x10',
  '1e2',
  '2.0',
  'abc',
  '  Ebiere  ',
  'a'.repeat(100),
  ` ${'a'.repeat(100)} `,
  'a'.repeat(101),
  '2026-01-31',
  '2024-02-29',
  '2025-02-29',
  '2026-13-01',
  '31/01/2026',
  ' 2026-01-31',
  'active',
  'paid',
  'tax.assess',
  'Tax Assess',
  '0f4a2c1e-1b2c-4d5e-8f90-1234567890ab',
  '0F4A2C1E-1B2C-4D5E-8F90-1234567890AB',
  [],
  ['7'],
  {},
  { a: 1 },
];

const CASES: [string, SearchField<unknown>, z.ZodMiniType][] = [
  ['text', text(100), z.string().check(z.trim(), z.minLength(1), z.maxLength(100))],
  [
    'coerced text',
    text(10, { coerce: true }),
    z.coerce.string().check(z.trim(), z.minLength(1), z.maxLength(10)),
  ],
  [
    'text with a pattern',
    text(100, { pattern: /^[a-z0-9_.-]+$/ }),
    z
      .string()
      .check(z.trim(), z.minLength(1), z.maxLength(100))
      .check(z.regex(/^[a-z0-9_.-]+$/)),
  ],
  ['an id', matching(/^[0-9a-f-]{36}$/i), z.string().check(z.regex(/^[0-9a-f-]{36}$/i))],
  ['a whole number', whole(1, 1_000_000), zodWhole(1, 1_000_000)],
  [
    'a page size',
    whole(1, 200, [25, 50, 100, 200]),
    zodWhole(1, 200).check(z.refine((size) => [25, 50, 100, 200].includes(size))),
  ],
  ['one of', oneOf(['active', 'inactive', 'paid']), z.enum(['active', 'inactive', 'paid'])],
  ['a day', isoDate, z.iso.date()],
  ['a flag', flag, z.boolean()],
];

describe('the lists’ search readers', () => {
  for (const [name, field, zodSchema] of CASES) {
    it(`read ${name} as the zod schema they replaced did`, () => {
      const ours = searchSchema({ value: field });
      const theirs = z.object({ value: optional(zodSchema) });
      for (const value of VALUES) {
        expect(ours.parse({ value }), JSON.stringify(value)).toStrictEqual(theirs.parse({ value }));
      }
      expect(ours.parse({})).toStrictEqual(theirs.parse({}));
    });
  }

  it('drop the keys they do not know', () => {
    expect(searchSchema({ page: whole(1, 10) }).parse({ page: '2', utm: 'x' })).toStrictEqual({
      page: 2,
    });
  });
});

/** A list's search as a new page declares it: filters, a sort, paging, a dialog over it. */
const Demands = listSearch({
  filters: { search: text(100), status: activeStatus, issuedFrom: isoDate },
  sort: oneOf(['number', '-number']),
  open: { add: flag },
});

describe('listSearch', () => {
  it('reads filters, sort, page, page size and what is open, in that order', () => {
    const search = Demands.parse({
      add: true,
      pageSize: '100',
      page: '3',
      sort: '-number',
      issuedFrom: '2026-01-31',
      search: ' Ebiere ',
      utm: 'x',
    });
    expect(search).toStrictEqual({
      search: 'Ebiere',
      issuedFrom: '2026-01-31',
      sort: '-number',
      page: 3,
      pageSize: 100,
      add: true,
    });
    expect(Object.keys(search)).toEqual([
      'search',
      'issuedFrom',
      'sort',
      'page',
      'pageSize',
      'add',
    ]);
  });

  it('offers the usual page sizes unless told, and refuses the others', () => {
    expect(Demands.pageSizes).toEqual([25, 50, 100, 200]);
    expect(Demands.parse({ pageSize: '30' })).toStrictEqual({ pageSize: undefined });
    const Short = listSearch({
      filters: { status: activeStatus },
      pageSizes: SHORT_LIST_PAGE_SIZES,
    });
    expect(Short.parse({ pageSize: '200', page: '0' })).toStrictEqual({
      pageSize: undefined,
      page: undefined,
    });
    expect(Short.parse({ pageSize: '100', sort: 'name' })).toStrictEqual({ pageSize: 100 });
  });

  it('names its filters, and tells whether any is set; paging, sort and dialogs are none', () => {
    expect(Demands.filterKeys).toEqual(['search', 'status', 'issuedFrom']);
    expect(Demands.hasFilters(Demands.parse({ page: '2', sort: 'number', add: true }))).toBe(false);
    expect(Demands.hasFilters(Demands.parse({ status: 'inactive' }))).toBe(true);
    expect(Demands.hasFilters(Demands.parse({ status: 'retired' }))).toBe(false);
  });

  it('hands over the filters that are set, and nothing else', () => {
    const search = Demands.parse({ status: 'active', search: '', page: '2', add: true });
    expect(Demands.filtersOf(search)).toStrictEqual({ status: 'active' });
  });
});

describe('listParams', () => {
  it('asks for a page: the filters set, the sort, then page and page size with their defaults', () => {
    const params = listParams(
      { kind: 'individual', search: 'Ebiere', lga: undefined, isActive: false },
      { sort: 'name', page: undefined, pageSize: undefined },
    );
    expect([...params]).toEqual([
      ['kind', 'individual'],
      ['search', 'Ebiere'],
      ['isActive', 'false'],
      ['sort', 'name'],
      ['page', '1'],
      ['pageSize', '50'],
    ]);
  });

  it('exports the whole filtered list: the format instead of paging, and no sort when none', () => {
    const params = listParams({ actor: 'admin' }, { format: 'xlsx', page: 4, pageSize: 200 });
    expect(params.toString()).toBe('actor=admin&format=xlsx');
  });

  it('reads an active-status filter as the API’s isActive', () => {
    expect(isActiveParam('active')).toBe(true);
    expect(isActiveParam('inactive')).toBe(false);
    expect(isActiveParam(undefined)).toBeUndefined();
  });
});
