import { eq, fillPlaceholders, inArray, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { PlaceholderFilter } from './placeholderFilter';
import { taxpayers } from './schema';

const dialect = new PgDialect();

/** The SQL text a statement of this filter is built with, and its parameters once bound. */
function render(filter: PlaceholderFilter) {
  const where = filter.where();
  if (!where) return { text: '', params: [] as unknown[] };
  const query = dialect.sqlToQuery(where);
  // What a prepared statement does with each request's values (throws on a missing one).
  return { text: query.sql, params: fillPlaceholders(query.params, filter.values) };
}

type Asked = { kind?: string; lga?: number; names?: string[]; fixed?: boolean };

/** A filter of the shape a list builds: one value, a list, a fixed condition. */
function filterOf(asked: Asked) {
  const filter = new PlaceholderFilter()
    .value('kind', asked.kind, (kind) => eq(taxpayers.kind, kind))
    .value('lga', asked.lga, (lga) => eq(taxpayers.lgaId, lga));
  if (asked.names) {
    filter.list('name', asked.names, (names) =>
      names.length ? inArray(taxpayers.displayName, names) : sql`false`,
    );
  }
  if (asked.fixed) filter.fixed('active', sql`${taxpayers.status} = 'active'`);
  return filter;
}

describe('PlaceholderFilter', () => {
  it('leaves out a value not given (undefined, null, empty text): no shape, no value, no condition', () => {
    const filter = new PlaceholderFilter()
      .value('a', undefined, () => sql`true`)
      .value('b', null, () => sql`true`)
      .value('c', '', () => sql`true`);
    expect(filter.shape).toBe('');
    expect(filter.values).toEqual({});
    expect(filter.where()).toBeUndefined();
  });

  it('binds a given value through its placeholder, never into the SQL text', () => {
    const { text, params } = render(filterOf({ kind: "company'; drop table x --", lga: 7 }));
    expect(text).toBe('("taxpayers"."kind" = $1 and "taxpayers"."lga_id" = $2)');
    expect(params).toEqual(["company'; drop table x --", 7]);
  });

  it('one shape is one SQL text, whatever the values; another shape another key', () => {
    const cases: Asked[] = [
      {},
      { kind: 'individual' },
      { kind: 'company' },
      { lga: 3 },
      { kind: 'company', lga: 3 },
      { kind: 'individual', lga: 9 },
      { names: [] },
      { names: ['Ebi'] },
      { names: ['Tari'] },
      { names: ['Ebi', 'Tari'] },
      { kind: 'company', names: ['Ebi', 'Tari'], fixed: true },
      { kind: 'individual', names: ['Ayo', 'Ebi'], fixed: true },
      { fixed: true },
    ];
    const textOfShape = new Map<string, string>();
    for (const asked of cases) {
      const filter = filterOf(asked);
      const { text } = render(filter);
      const seen = textOfShape.get(filter.shape);
      if (seen === undefined) textOfShape.set(filter.shape, text);
      else expect(text).toBe(seen);
    }
    // Nine shapes among the thirteen cases, each with its own SQL.
    expect(textOfShape.size).toBe(9);
    expect(new Set(textOfShape.values()).size).toBe(9);
  });

  it('a list gives one placeholder per item and its length to the shape', () => {
    const two = filterOf({ names: ['Ebi', 'Tari'] });
    expect(two.shape).toBe('name[2]');
    expect(two.values).toEqual({ name0: 'Ebi', name1: 'Tari' });
    expect(render(two)).toEqual({
      text: '"taxpayers"."display_name" in ($1, $2)',
      params: ['Ebi', 'Tari'],
    });
    const none = filterOf({ names: [] });
    expect(none.shape).toBe('name[0]');
    expect(render(none).text).toBe('false');
    expect(filterOf({}).shape).toBe('');
  });

  it('keeps the order of the calls, in the shape and in the SQL', () => {
    const filter = filterOf({ kind: 'company', names: ['Ebi'], fixed: true });
    expect(filter.shape).toBe('kind,name[1],active');
    expect(render(filter).text).toBe(
      `("taxpayers"."kind" = $1 and "taxpayers"."display_name" in ($2) and "taxpayers"."status" = 'active')`,
    );
  });

  it('takes a part made elsewhere, its condition given or built on demand', () => {
    const made = new PlaceholderFilter()
      .part({
        shape: 'scope1',
        values: { scope0: 'm-1' },
        condition: sql`x = ${sql.placeholder('scope0')}`,
      })
      .part({ shape: 'none', values: {}, condition: undefined })
      .part({ shape: 'y', values: { y: 2 }, condition: () => sql`y = ${sql.placeholder('y')}` });
    expect(made.shape).toBe('scope1,none,y');
    expect(render(made)).toEqual({ text: '(x = $1 and y = $2)', params: ['m-1', 2] });
  });

  it('builds the conditions only when asked, so a known shape costs only its values', () => {
    let built = 0;
    const filter = new PlaceholderFilter().value('kind', 'company', (kind): SQL => {
      built += 1;
      return eq(taxpayers.kind, kind);
    });
    expect(filter.values).toEqual({ kind: 'company' });
    expect(built).toBe(0);
    filter.where();
    expect(built).toBe(1);
  });

  it('gives the conditions apart, for a caller that joins them another way', () => {
    const filter = new PlaceholderFilter()
      .value('a', 1, (a) => sql`a = ${a}`)
      .fixed('nothing', undefined)
      .value('b', 2, (b) => sql`b = ${b}`);
    expect(filter.conditions().map((c) => dialect.sqlToQuery(c).sql)).toEqual(['a = $1', 'b = $1']);
  });

  it('refuses a placeholder name given twice', () => {
    const filter = new PlaceholderFilter().value('kind', 'company', (kind) =>
      eq(taxpayers.kind, kind),
    );
    expect(() => filter.value('kind', 'individual', (kind) => eq(taxpayers.kind, kind))).toThrow(
      'placeholder "kind" given twice',
    );
  });
});
