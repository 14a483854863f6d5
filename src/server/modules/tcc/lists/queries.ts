import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { TccKind, TccPurpose, TccStatus } from '../../../../shared/tcc/enums';
import type { TccSort } from '../../../../shared/tcc/views';
import type { Db } from '../../../db/client';
import { builtOnce } from '../../../db/prepared';
import { tccs } from '../../../db/schema';
import type { TccRow } from '../queries';

/** What a TCC list asks of the table (SPEC.md §2: every TCC list is a view by kind and status). */
export type TccFilter = {
  /** The kinds the caller reads (TCC_KINDS_OF); empty reads nothing. */
  kinds: readonly TccKind[];
  kind?: TccKind;
  statuses?: readonly TccStatus[];
  purpose?: TccPurpose;
  btin?: string;
  createdBy?: string;
  /** Lagos days, inclusive. */
  generatedFrom?: string;
  generatedTo?: string;
  search?: string;
};

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The filter with a placeholder for each value, the values, and its shape (which filters are
 * present, how many kinds, statuses and words): the page and the count of one shape are built
 * once (db/prepared.ts builtOnce) and run with each request's values. A search is a
 * certificate number (exact, any case), a BTIN (ten digits), or words of the holder's name,
 * each of which must appear (holder_name is stored lower-cased).
 */
function filterOf(f: TccFilter) {
  const p = sql.placeholder;
  const values: Record<string, unknown> = {};
  const shape: string[] = [];
  const listOf = (prefix: string, items: readonly string[]) =>
    items.map((item, i) => {
      values[`${prefix}${i}`] = item;
      return p(`${prefix}${i}`);
    });
  const one = (key: string, value: unknown) => {
    values[key] = value;
    shape.push(key);
    return p(key);
  };
  shape.push(`kinds${f.kinds.length}`, `statuses${f.statuses?.length ?? 0}`);
  const conditions: (SQL | undefined)[] = [
    f.kinds.length ? inArray(tccs.kind, listOf('kind', f.kinds)) : sql`false`,
    f.kind ? eq(tccs.kind, one('oneKind', f.kind)) : undefined,
    f.statuses?.length ? inArray(tccs.status, listOf('status', f.statuses)) : undefined,
    f.purpose ? eq(tccs.purpose, one('purpose', f.purpose)) : undefined,
    f.btin ? eq(tccs.btin, one('btin', f.btin)) : undefined,
    f.createdBy ? eq(tccs.createdBy, one('createdBy', f.createdBy)) : undefined,
    f.generatedFrom
      ? sql`${tccs.createdAt} >= (${one('generatedFrom', f.generatedFrom)}::date::timestamp at time zone 'Africa/Lagos')`
      : undefined,
    f.generatedTo
      ? sql`${tccs.createdAt} < (${one('generatedTo', f.generatedTo)}::date::timestamp at time zone 'Africa/Lagos') + interval '1 day'`
      : undefined,
  ];
  const term = f.search?.trim();
  if (term && /^\d{10}$/.test(term)) {
    conditions.push(eq(tccs.btin, one('searchBtin', term)));
  } else if (term) {
    const words = term.toLowerCase().split(/\s+/).filter(Boolean);
    shape.push(`words${words.length}`);
    conditions.push(
      or(
        eq(tccs.number, one('number', term.toUpperCase())),
        and(
          ...listOf(
            'word',
            words.map((word) => `%${escapeLike(word)}%`),
          ).map((word) => ilike(tccs.holderName, word as unknown as string)),
        ),
      ),
    );
  }
  return { where: and(...conditions), values, shape: shape.join(',') };
}

/** `-waiting`: the longest waiting first, i.e. the oldest entry into its present status. */
const SORTS = {
  generatedAt: [asc(tccs.createdAt), asc(tccs.id)],
  '-generatedAt': [desc(tccs.createdAt), desc(tccs.id)],
  waiting: [desc(tccs.statusChangedAt), desc(tccs.id)],
  '-waiting': [asc(tccs.statusChangedAt), asc(tccs.id)],
  number: [asc(tccs.number)],
  '-number': [desc(tccs.number)],
} satisfies Record<TccSort, SQL[]>;

export async function selectTccs(
  db: Db,
  filter: TccFilter,
  window: { sort: TccSort; limit: number; offset: number },
): Promise<TccRow[]> {
  const { where, values, shape } = filterOf(filter);
  const query = builtOnce(db, `tcc_page:${shape}:${window.sort}`, (on, name) =>
    on
      .select()
      .from(tccs)
      .where(where)
      .orderBy(...SORTS[window.sort])
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  return query.execute({ ...values, limit: window.limit, offset: window.offset });
}

export async function countTccs(db: Db, filter: TccFilter): Promise<number> {
  const { where, values, shape } = filterOf(filter);
  const query = builtOnce(db, `tcc_count:${shape}`, (on, name) =>
    on.select({ n: count() }).from(tccs).where(where).prepare(name),
  );
  const [row] = await query.execute(values);
  return Number(row?.n ?? 0);
}
