import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { TccKind, TccPurpose, TccStatus } from '../../../../shared/tcc/enums';
import type { TccSort } from '../../../../shared/tcc/views';
import type { Db } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import { PlaceholderFilter } from '../../../db/placeholderFilter';
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
 * The filter with a placeholder for each value (db/placeholderFilter.ts): the page and the
 * count of one shape (which filters are present, how many kinds, statuses and words) are built
 * once (db/prepared.ts builtOnce) and run with each request's values. A search is a
 * certificate number (exact, any case), a BTIN (ten digits), or words of the holder's name,
 * each of which must appear (holder_name is stored lower-cased).
 */
function filterOf(f: TccFilter) {
  const filter = new PlaceholderFilter()
    .list('kind', f.kinds, (kinds) => (kinds.length ? inArray(tccs.kind, kinds) : sql`false`))
    .value('oneKind', f.kind, (kind) => eq(tccs.kind, kind))
    .list('status', f.statuses, (statuses) =>
      statuses.length ? inArray(tccs.status, statuses) : undefined,
    )
    .value('purpose', f.purpose, (purpose) => eq(tccs.purpose, purpose))
    .value('btin', f.btin, (btin) => eq(tccs.btin, btin))
    .value('createdBy', f.createdBy, (createdBy) => eq(tccs.createdBy, createdBy))
    .value(
      'generatedFrom',
      f.generatedFrom,
      (from) => sql`${tccs.createdAt} >= (${from}::date::timestamp at time zone 'Africa/Lagos')`,
    )
    .value(
      'generatedTo',
      f.generatedTo,
      (to) =>
        sql`${tccs.createdAt} < (${to}::date::timestamp at time zone 'Africa/Lagos') + interval '1 day'`,
    );
  const term = f.search?.trim();
  if (!term) return filter;
  if (/^\d{10}$/.test(term)) {
    return filter.value('searchBtin', term, (btin) => eq(tccs.btin, btin));
  }
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  const patterns = Object.fromEntries(words.map((word, i) => [`word${i}`, containsPattern(word)]));
  return filter.add(`words[${words.length}]`, { number: term.toUpperCase(), ...patterns }, () =>
    or(
      eq(tccs.number, sql.placeholder('number')),
      and(
        ...Object.keys(patterns).map((name) =>
          ilike(tccs.holderName, sql.placeholder(name) as unknown as string),
        ),
      ),
    ),
  );
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
  const filtered = filterOf(filter);
  const query = builtOnce(db, `tcc_page:${filtered.shape}:${window.sort}`, (on, name) =>
    on
      .select()
      .from(tccs)
      .where(filtered.where())
      .orderBy(...SORTS[window.sort])
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  return query.execute({ ...filtered.values, limit: window.limit, offset: window.offset });
}

export async function countTccs(db: Db, filter: TccFilter): Promise<number> {
  const filtered = filterOf(filter);
  const query = builtOnce(db, `tcc_count:${filtered.shape}`, (on, name) =>
    on.select({ n: count() }).from(tccs).where(filtered.where()).prepare(name),
  );
  const [row] = await query.execute(filtered.values);
  return Number(row?.n ?? 0);
}
