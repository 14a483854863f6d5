import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type {
  TaxpayerListItem,
  TaxpayerListQuery,
  TaxpayerSort,
} from '../../../../shared/taxpayers';
import type { Db } from '../../../db/client';
import { aliasedAs, driverRows } from '../../../db/driverRows';
import { builtOnce, preparedOn, UNNAMED } from '../../../db/prepared';
import { taxpayerCounts, taxpayerNameWords, taxpayers } from '../../../db/schema';
import {
  findSimilarWords,
  type NameWordsSource,
  nameCondition,
  nameScore,
  slicesByClosestWord,
  wordsOf,
} from '../../../search/nameWords';
import { referenceNamesAt, referenceVersionColumn } from '../../reference/service';
import { toListItem } from '../view';

/** What a search term can be, worked out by the service (src/server/modules/taxpayers/search/searchTerm.ts). */
export type SearchTerm = {
  exact: {
    btin: string[];
    phone: string[];
    email: string[];
    nin: string[];
    cacNumber: string[];
    jtbTin: string[];
  };
  /** Text to match names by similarity, when the term has letters. */
  name: string | null;
};

/** Taxpayers' name words and their dictionary (migration 0007). */
const TAXPAYER_NAMES: NameWordsSource = {
  dictionary: taxpayerNameWords,
  word: taxpayerNameWords.word,
  nameWords: taxpayers.nameWords,
};

/**
 * A filtered list counts its matches only this far past the page asked for: counting every
 * active taxpayer of a million to print "1,000+" would cost more than the page itself.
 */
export const TOTAL_COUNT_AHEAD = 1000;

function exactConditions(term: SearchTerm): SQL[] {
  const { exact } = term;
  const conditions: SQL[] = [];
  if (exact.btin.length) conditions.push(inArray(taxpayers.btin, exact.btin));
  if (exact.phone.length) conditions.push(inArray(taxpayers.phone, exact.phone));
  if (exact.email.length) conditions.push(inArray(taxpayers.email, exact.email));
  if (exact.nin.length) conditions.push(inArray(taxpayers.nin, exact.nin));
  if (exact.cacNumber.length) conditions.push(inArray(taxpayers.cacNumber, exact.cacNumber));
  if (exact.jtbTin.length) conditions.push(inArray(taxpayers.jtbTin, exact.jtbTin));
  return conditions;
}

/** Midnight at the start of a Lagos day, so "registered on the 3rd" means the 3rd in Yenagoa. */
const lagosDayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Africa/Lagos')`;

const SORTS = {
  name: [asc(taxpayers.displayName), asc(taxpayers.id)],
  '-name': [desc(taxpayers.displayName), desc(taxpayers.id)],
  createdAt: [asc(taxpayers.createdAt), asc(taxpayers.id)],
  '-createdAt': [desc(taxpayers.createdAt), desc(taxpayers.id)],
  btin: [asc(taxpayers.btin)],
  '-btin': [desc(taxpayers.btin)],
} satisfies Record<Exclude<TaxpayerSort, 'relevance'>, SQL[]>;

/**
 * The LGA's name comes from memory at the reference data version the page's own statement read
 * (ADR 0018), not from a join per row. The columns come back under the view's keys and go
 * straight into it, without Drizzle's mapping (ADR 0024).
 */
const listColumns = aliasedAs({
  btin: taxpayers.btin,
  kind: taxpayers.kind,
  status: taxpayers.status,
  displayName: taxpayers.displayName,
  firstName: taxpayers.firstName,
  lastName: taxpayers.lastName,
  registeredName: taxpayers.registeredName,
  nin: taxpayers.nin,
  cacNumber: taxpayers.cacNumber,
  phone: taxpayers.phone,
  email: taxpayers.email,
  lgaId: taxpayers.lgaId,
  createdAt: taxpayers.createdAt,
  referenceVersion: referenceVersionColumn,
});

/** A list row as the driver returns it (ADR 0024): the view's keys, the LGA by id, the time as text. */
export type TaxpayerListRow = Omit<TaxpayerListItem, 'lgaName' | 'createdAt'> & {
  lgaId: number | null;
  createdAt: string;
  referenceVersion: string | null;
};

type ListQuery = Omit<TaxpayerListQuery, 'search'> & { search: SearchTerm | null };

/** The exact number of taxpayers (of a kind), from the counters the triggers keep. */
async function countRegistry(db: Db, kind: TaxpayerListQuery['kind']): Promise<number> {
  const query = preparedOn(db, kind ? 'taxpayer_count_of_kind' : 'taxpayer_count', (on, name) =>
    on
      .select({ total: sql<string | null>`sum(${taxpayerCounts.total})` })
      .from(taxpayerCounts)
      .where(kind ? eq(taxpayerCounts.kind, sql.placeholder('kind')) : undefined)
      .prepare(name),
  );
  const [row] = await query.execute(kind ? { kind } : {});
  return Number(row?.total ?? 0);
}

async function countUpTo(db: Db, where: SQL | undefined, limit: number): Promise<number> {
  const matches = db
    .select({ one: sql`1` })
    .from(taxpayers)
    .where(where)
    .limit(limit)
    .as('matches');
  const [row] = await db.select({ total: count() }).from(matches);
  return row?.total ?? 0;
}

/** The list's filters with a placeholder for each value, the values, and which are present. */
function plainFilterOf(query: ListQuery) {
  const from = sql.placeholder('registeredFrom');
  const to = sql.placeholder('registeredTo');
  const values = {
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.lga ? { lga: query.lga } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.registeredFrom ? { registeredFrom: query.registeredFrom } : {}),
    ...(query.registeredTo ? { registeredTo: query.registeredTo } : {}),
  };
  const where = and(
    query.kind ? eq(taxpayers.kind, sql.placeholder('kind')) : undefined,
    query.lga ? eq(taxpayers.lgaId, sql.placeholder('lga')) : undefined,
    query.status ? eq(taxpayers.status, sql.placeholder('status')) : undefined,
    query.registeredFrom
      ? sql`${taxpayers.createdAt} >= (${from}::date::timestamp at time zone 'Africa/Lagos')`
      : undefined,
    query.registeredTo
      ? sql`${taxpayers.createdAt} < (${to}::date::timestamp at time zone 'Africa/Lagos') + interval '1 day'`
      : undefined,
  );
  return { where, values, shape: Object.keys(values).join(',') };
}

/**
 * The registry list: filters, then the search (exact identifiers or similar names), in the
 * asked order (best match first when searching). `limit`/`offset` page it; the export asks
 * for many rows at once. `total` is exact for the whole registry or a kind (counters), and
 * otherwise counted up to TOTAL_COUNT_AHEAD past the page; `isTotalCapped` says there are more.
 */
export async function selectTaxpayers(
  db: Db,
  query: ListQuery,
  window: { limit: number; offset: number },
) {
  const term = query.search;
  const exact = term ? exactConditions(term) : [];
  const name = term?.name ?? null;
  const filters = [
    query.kind ? eq(taxpayers.kind, query.kind) : undefined,
    query.lga ? eq(taxpayers.lgaId, query.lga) : undefined,
    query.status ? eq(taxpayers.status, query.status) : undefined,
    query.registeredFrom
      ? gte(taxpayers.createdAt, lagosDayStart(query.registeredFrom))
      : undefined,
    query.registeredTo
      ? lt(taxpayers.createdAt, sql`${lagosDayStart(query.registeredTo)} + interval '1 day'`)
      : undefined,
  ];
  const sort = query.sort ?? (term ? 'relevance' : '-createdAt');
  const countLimit = window.offset + Math.max(window.limit, TOTAL_COUNT_AHEAD);
  const isWholeKind = !term && filters.slice(1).every((f) => f === undefined);

  const rows = async (
    on: Db,
    condition: SQL | undefined,
    order: SQL[],
    limit: number,
    offset: number,
  ) =>
    toListItems(
      on,
      await driverRows<TaxpayerListRow>(
        on
          .select(listColumns)
          .from(taxpayers)
          .where(condition)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
          .prepare(UNNAMED),
      ),
    );
  const countOn = (on: Db, where: SQL | undefined) =>
    isWholeKind ? countRegistry(on, query.kind) : countUpTo(on, where, countLimit + 1);
  const totalOf = (counted: number) => {
    const isTotalCapped = !isWholeKind && counted > countLimit;
    return { total: isTotalCapped ? countLimit : counted, isTotalCapped };
  };

  // The plain list (filters, no search) is the one every visit opens: its statements are built
  // once per shape of filter (db/prepared.ts) and run with this request's values.
  if (!term) {
    const plain = plainFilterOf(query);
    const order = SORTS[sort === 'relevance' ? '-createdAt' : sort];
    const page = builtOnce(db, `taxpayers_page:${plain.shape}:${sort}`, (on, name) =>
      on
        .select(listColumns)
        .from(taxpayers)
        .where(plain.where)
        .orderBy(...order)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name),
    );
    const counted = isWholeKind
      ? countRegistry(db, query.kind)
      : builtOnce(db, `taxpayers_count:${plain.shape}`, (on, name) =>
          on
            .select({ total: count() })
            .from(
              on
                .select({ one: sql`1` })
                .from(taxpayers)
                .where(plain.where)
                .limit(sql.placeholder('countLimit'))
                .as('matches'),
            )
            .prepare(name),
        )
          .execute({ ...plain.values, countLimit: countLimit + 1 })
          .then(([row]) => row?.total ?? 0);
    const [total, pageRows] = await Promise.all([
      counted,
      driverRows<TaxpayerListRow>(page, {
        ...plain.values,
        limit: window.limit,
        offset: window.offset,
      }),
    ]);
    return { items: await toListItems(db, pageRows), ...totalOf(total) };
  }

  // Without a name there is no similarity threshold to set for the transaction: the count and
  // the page go out at once on two pool connections, one round trip instead of four.
  if (!name) {
    const where = and(...filters, term ? or(...exact, sql`false`) : undefined);
    const order = sort === 'relevance' ? relevanceOrder(exact, null) : SORTS[sort];
    const [counted, items] = await Promise.all([
      countOn(db, where),
      rows(db, where, order, window.limit, window.offset),
    ]);
    return { items, ...totalOf(counted) };
  }

  return db.transaction(async (tx) => {
    const similar = await findSimilarWords(tx, TAXPAYER_NAMES, wordsOf(name));
    const where = and(
      ...filters,
      or(...exact, nameCondition(taxpayers.nameWords, similar), sql`false`),
    );
    const { total, isTotalCapped } = totalOf(await countOn(tx, where));

    // Up to TOTAL_COUNT_AHEAD matches are ranked in full: cheap at that size. More, and only
    // the rows of the page are read, slice by slice of the closest spellings (src/server/search/nameWords.ts).
    if (sort === 'relevance' && exact.length === 0 && isTotalCapped) {
      const wanted = window.offset + window.limit;
      const found: Awaited<ReturnType<typeof rows>> = [];
      for (const slice of slicesByClosestWord(taxpayers.nameWords, similar)) {
        found.push(...(await rows(tx, and(...filters, slice), [], wanted - found.length, 0)));
        if (found.length >= wanted) break;
      }
      return { items: found.slice(window.offset), total, isTotalCapped };
    }
    const order = sort === 'relevance' ? relevanceOrder(exact, similar) : SORTS[sort];
    const items = await rows(tx, where, order, window.limit, window.offset);
    return { items, total, isTotalCapped };
  });
}

/** Rows of one statement as list items, each with its LGA's name at the version that statement read. */
async function toListItems(db: Db, rows: TaxpayerListRow[]): Promise<TaxpayerListItem[]> {
  const first = rows[0];
  if (!first) return [];
  const { lgas } = await referenceNamesAt(db, first.referenceVersion);
  return rows.map((row) => toListItem(row, lgas));
}

/** Best first: an exact identifier, then the closest name, then the newest. */
function relevanceOrder(exact: SQL[], similar: Parameters<typeof nameScore>[1] | null): SQL[] {
  const score = similar ? nameScore(taxpayers.nameWords, similar) : null;
  return [
    ...(exact.length ? [desc(sql`(${or(...exact)})`)] : []),
    ...(score ? [desc(score)] : []),
    desc(taxpayers.createdAt),
    desc(taxpayers.id),
  ];
}
