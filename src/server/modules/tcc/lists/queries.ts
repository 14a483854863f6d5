import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { TccKind, TccPurpose, TccStatus } from '../../../../shared/tcc/enums';
import type { TccSort } from '../../../../shared/tcc/views';
import type { Db } from '../../../db/client';
import { escapeLike } from '../../../db/like';
import { builtOnce } from '../../../db/prepared';
import { tccs } from '../../../db/schema';
import type { TccRow } from '../queries';

/** What a TCC list asks of the table (docs/product.md §2: every TCC list is a view by kind and status). */
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

/**
 * The filter with a placeholder for each value, the values, and its shape (which filters are
 * present, how many kinds, statuses and words): the page and the count of one shape are built
 * once (db/prepared.ts builtOnce) and run with each request's values. A search is a
 * certificate number (exact, any case), a BTIN (ten digits), or words of the holder's name,
 * each of which must appear (holder_name is stored lower-cased).
 */
function filterOf(f: TccFilter) {
  const values: Record<string, unknown> = {};
  const shape: string[] = [`kinds${f.kinds.length}`, `statuses${f.statuses?.length ?? 0}`];
  f.kinds.forEach((kind, i) => {
    values[`kind${i}`] = kind;
  });
  f.statuses?.forEach((status, i) => {
    values[`status${i}`] = status;
  });
  const singles = {
    oneKind: f.kind,
    purpose: f.purpose,
    btin: f.btin,
    createdBy: f.createdBy,
    generatedFrom: f.generatedFrom,
    generatedTo: f.generatedTo,
  };
  for (const [key, value] of Object.entries(singles)) {
    if (!value) continue;
    values[key] = value;
    shape.push(key);
  }
  const term = f.search?.trim();
  const isBtin = term !== undefined && /^\d{10}$/.test(term);
  const words = term && !isBtin ? term.toLowerCase().split(/\s+/).filter(Boolean) : [];
  if (term && isBtin) {
    values.searchBtin = term;
    shape.push('searchBtin');
  } else if (term) {
    values.number = term.toUpperCase();
    words.forEach((word, i) => {
      values[`word${i}`] = `%${escapeLike(word)}%`;
    });
    shape.push(`words${words.length}`);
  }

  // The conditions are assembled only when a statement of this shape is first built.
  const where = () => {
    const p = sql.placeholder;
    const listOf = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, i) => p(`${prefix}${i}`));
    return and(
      f.kinds.length ? inArray(tccs.kind, listOf('kind', f.kinds.length)) : sql`false`,
      f.kind ? eq(tccs.kind, p('oneKind')) : undefined,
      f.statuses?.length ? inArray(tccs.status, listOf('status', f.statuses.length)) : undefined,
      f.purpose ? eq(tccs.purpose, p('purpose')) : undefined,
      f.btin ? eq(tccs.btin, p('btin')) : undefined,
      f.createdBy ? eq(tccs.createdBy, p('createdBy')) : undefined,
      f.generatedFrom
        ? sql`${tccs.createdAt} >= (${p('generatedFrom')}::date::timestamp at time zone 'Africa/Lagos')`
        : undefined,
      f.generatedTo
        ? sql`${tccs.createdAt} < (${p('generatedTo')}::date::timestamp at time zone 'Africa/Lagos') + interval '1 day'`
        : undefined,
      isBtin ? eq(tccs.btin, p('searchBtin')) : undefined,
      term && !isBtin
        ? or(
            eq(tccs.number, p('number')),
            and(
              ...listOf('word', words.length).map((word) =>
                ilike(tccs.holderName, word as unknown as string),
              ),
            ),
          )
        : undefined,
    );
  };
  return { where, values, shape: shape.join(',') };
}

/** `-waiting`: the longest waiting first, i.e. the oldest entry into its present status. */
const SORTS = {
  generatedAt: [asc(tccs.createdAt), asc(tccs.id)],
  '-generatedAt': [desc(tccs.createdAt), desc(tccs.id)],
  waiting: [desc(tccs.statusChangedAt), desc(tccs.id)],
  '-waiting': [asc(tccs.statusChangedAt), asc(tccs.id)],
  number: [asc(tccs.number)],
  '-number': [desc(tccs.number)],
  // What still waits on someone first (a stage's decision, or printing), the longest waiting
  // first: a stage's pending list is all waiting, so this is `-waiting` there.
  queue: [
    sql`(${tccs.status} in ('pending_director_assessment', 'pending_director_collection', 'pending_chairman', 'approved')) desc`,
    asc(tccs.statusChangedAt),
    asc(tccs.id),
  ],
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
      .where(where())
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
    on.select({ n: count() }).from(tccs).where(where()).prepare(name),
  );
  const [row] = await query.execute(values);
  return Number(row?.n ?? 0);
}
