import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { TccKind, TccPurpose, TccStatus } from '../../../../shared/tcc/enums';
import type { TccSort } from '../../../../shared/tcc/views';
import type { Db } from '../../../db/client';
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

const lagosDayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Africa/Lagos')`;

/**
 * A search is a certificate number (exact, any case), a BTIN (ten digits), or words of the
 * holder's name, each of which must appear (holder_name is stored lower-cased).
 */
function searchOf(raw: string | undefined): SQL | undefined {
  const term = raw?.trim();
  if (!term) return undefined;
  if (/^\d{10}$/.test(term)) return eq(tccs.btin, term);
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  return or(
    eq(tccs.number, term.toUpperCase()),
    and(...words.map((word) => ilike(tccs.holderName, `%${escapeLike(word)}%`))),
  );
}

function whereOf(f: TccFilter): SQL | undefined {
  return and(
    f.kinds.length ? inArray(tccs.kind, [...f.kinds]) : sql`false`,
    f.kind ? eq(tccs.kind, f.kind) : undefined,
    f.statuses?.length ? inArray(tccs.status, [...f.statuses]) : undefined,
    f.purpose ? eq(tccs.purpose, f.purpose) : undefined,
    f.btin ? eq(tccs.btin, f.btin) : undefined,
    f.createdBy ? eq(tccs.createdBy, f.createdBy) : undefined,
    f.generatedFrom ? gte(tccs.createdAt, lagosDayStart(f.generatedFrom)) : undefined,
    f.generatedTo
      ? lt(tccs.createdAt, sql`${lagosDayStart(f.generatedTo)} + interval '1 day'`)
      : undefined,
    searchOf(f.search),
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
} satisfies Record<TccSort, SQL[]>;

export async function selectTccs(
  db: Db,
  filter: TccFilter,
  window: { sort: TccSort; limit: number; offset: number },
): Promise<TccRow[]> {
  return db
    .select()
    .from(tccs)
    .where(whereOf(filter))
    .orderBy(...SORTS[window.sort])
    .limit(window.limit)
    .offset(window.offset);
}

export async function countTccs(db: Db, filter: TccFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tccs).where(whereOf(filter));
  return Number(row?.n ?? 0);
}
