import { and, asc, type Column, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type {
  TaxpayerListItem,
  TaxpayerListQuery,
  TaxpayerSort,
} from '../../../../shared/taxpayers';
import type { Db } from '../../../db/client';
import { aliasedAs, driverRows } from '../../../db/driverRows';
import { PlaceholderFilter } from '../../../db/placeholderFilter';
import { builtOnce, preparedOn, UNNAMED } from '../../../db/prepared';
import { taxpayerCounts, taxpayerNameWords, taxpayers } from '../../../db/schema';
import {
  findSimilarWords,
  type NameWordsSource,
  nameMatchOf,
  type SimilarWord,
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

const hasExact = (term: SearchTerm) => Object.values(term.exact).some((values) => values.length);

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

/** The identifiers a search term is matched on exactly, each column against an array parameter. */
const EXACT_COLUMNS = {
  btin: taxpayers.btin,
  phone: taxpayers.phone,
  email: taxpayers.email,
  nin: taxpayers.nin,
  cacNumber: taxpayers.cacNumber,
  jtbTin: taxpayers.jtbTin,
} satisfies Record<keyof SearchTerm['exact'], Column>;

/**
 * The search term's match, for statements built once per shape: which identifiers and how many
 * name words it has (the shape), this search's values, and the SQL only when a shape is new.
 */
function searchMatchOf(term: SearchTerm, similar: SimilarWord[][] | null) {
  const identifiers = new PlaceholderFilter();
  for (const kind of Object.keys(EXACT_COLUMNS) as (keyof SearchTerm['exact'])[]) {
    if (term.exact[kind].length === 0) continue;
    const column = EXACT_COLUMNS[kind];
    identifiers.value(
      `exact_${kind}`,
      term.exact[kind],
      (values) => sql`${column} = any(${values})`,
    );
  }
  const names = similar ? nameMatchOf(taxpayers.nameWords, similar) : null;
  const values: Record<string, unknown> = { ...names?.values, ...identifiers.values };
  // Any one of them matches: the identifiers' conditions ORed, not ANDed.
  const exact = () => identifiers.conditions();
  return {
    shape: `exact:${identifiers.shape}|${names?.shape ?? 'names:-'}`,
    values,
    condition: () => or(...exact(), ...(names ? [names.condition()] : []), sql`false`),
    /** Best first: an exact identifier, then the closest name, then the newest. */
    relevance: (): SQL[] => {
      const score = names?.score() ?? null;
      return [
        ...(identifiers.shape !== '' ? [desc(sql`(${or(...exact())})`)] : []),
        ...(score ? [desc(score)] : []),
        desc(taxpayers.createdAt),
        desc(taxpayers.id),
      ];
    },
  };
}

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

/**
 * The list's filters with a placeholder for each value (db/placeholderFilter.ts): the values,
 * which are present (the shape), and the SQL, built only when a shape is new.
 */
function plainFilterOf(query: ListQuery) {
  return new PlaceholderFilter()
    .value('kind', query.kind, (kind) => eq(taxpayers.kind, kind))
    .value('lga', query.lga, (lga) => eq(taxpayers.lgaId, lga))
    .value('status', query.status, (status) => eq(taxpayers.status, status))
    .value(
      'registeredFrom',
      query.registeredFrom,
      (from) =>
        sql`${taxpayers.createdAt} >= (${from}::date::timestamp at time zone 'Africa/Lagos')`,
    )
    .value(
      'registeredTo',
      query.registeredTo,
      (to) =>
        sql`${taxpayers.createdAt} < (${to}::date::timestamp at time zone 'Africa/Lagos') + interval '1 day'`,
    );
}

/**
 * The registry list: filters, then the search (exact identifiers or similar names), in the
 * asked order (best match first when searching). `limit`/`offset` page it; the export asks
 * for many rows at once. `total` is exact for the whole registry or a kind (counters), and
 * otherwise counted up to TOTAL_COUNT_AHEAD past the page; `isTotalCapped` says there are more.
 * Every statement is built once per shape (filters present, identifiers, name words typed,
 * order) and run with this request's values (ADR 0017).
 */
export async function selectTaxpayers(
  db: Db,
  query: ListQuery,
  window: { limit: number; offset: number },
) {
  const term = query.search;
  const sort = query.sort ?? (term ? 'relevance' : '-createdAt');
  const countLimit = window.offset + Math.max(window.limit, TOTAL_COUNT_AHEAD);
  const plain = plainFilterOf(query);
  const isWholeKind = !term && (plain.shape === '' || plain.shape === 'kind');

  // The words of names like those typed, found first: the rows are then matched exactly.
  const similar = term?.name
    ? await findSimilarWords(db, TAXPAYER_NAMES, wordsOf(term.name))
    : null;
  const match = term ? searchMatchOf(term, similar) : null;
  const shape = `${plain.shape}|${match?.shape ?? 'all'}`;
  const values = { ...plain.values, ...match?.values };
  const where = () => and(plain.where(), match?.condition());

  const counted = isWholeKind
    ? countRegistry(db, query.kind)
    : builtOnce(db, `taxpayers_count:${shape}`, (on, name) =>
        on
          .select({ total: count() })
          .from(
            on
              .select({ one: sql`1` })
              .from(taxpayers)
              .where(where())
              .limit(sql.placeholder('countLimit'))
              .as('matches'),
          )
          .prepare(name),
      )
        .execute({ ...values, countLimit: countLimit + 1 })
        .then(([row]) => row?.total ?? 0);
  const totalOf = (total: number) => {
    const isTotalCapped = !isWholeKind && total > countLimit;
    return { total: isTotalCapped ? countLimit : total, isTotalCapped };
  };

  // A name ranked by relevance waits for its count. Up to TOTAL_COUNT_AHEAD matches are ranked
  // in full: cheap at that size. More, and only the rows of the page are read, slice by slice of
  // the closest spellings (src/server/search/nameWords.ts), instead of sorting every one of a
  // common surname's matches for the best 50.
  const hasNameOnly = similar !== null && term !== null && !hasExact(term);
  if (sort === 'relevance' && hasNameOnly) {
    const totals = totalOf(await counted);
    if (totals.isTotalCapped) {
      const wanted = window.offset + window.limit;
      const found: TaxpayerListRow[] = [];
      for (const slice of slicesByClosestWord(taxpayers.nameWords, similar)) {
        const statement = db
          .select(listColumns)
          .from(taxpayers)
          .where(and(plain.where(), slice))
          .limit(sql.placeholder('limit'))
          .prepare(UNNAMED);
        found.push(
          ...(await driverRows<TaxpayerListRow>(statement, {
            ...plain.values,
            limit: wanted - found.length,
          })),
        );
        if (found.length >= wanted) break;
      }
      return { items: await toListItems(db, found.slice(window.offset)), ...totals };
    }
  }

  const page = builtOnce(db, `taxpayers_page:${shape}:${sort}`, (on, name) =>
    on
      .select(listColumns)
      .from(taxpayers)
      .where(where())
      .orderBy(
        ...(sort === 'relevance' ? (match?.relevance() ?? SORTS['-createdAt']) : SORTS[sort]),
      )
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  // The count (unless already awaited) and the page go out at once, on two pool connections.
  const [total, pageRows] = await Promise.all([
    counted,
    driverRows<TaxpayerListRow>(page, { ...values, limit: window.limit, offset: window.offset }),
  ]);
  return { items: await toListItems(db, pageRows), ...totalOf(total) };
}

/** Rows of one statement as list items, each with its LGA's name at the version that statement read. */
async function toListItems(db: Db, rows: TaxpayerListRow[]): Promise<TaxpayerListItem[]> {
  const first = rows[0];
  if (!first) return [];
  const { lgas } = await referenceNamesAt(db, first.referenceVersion);
  return rows.map((row) => toListItem(row, lgas));
}

/** The sorts an export reads by keyset: every one but a search's relevance, which is a score. */
export type TaxpayerKeysetSort = Exclude<TaxpayerSort, 'relevance'>;

/**
 * The key of one sort, as (column, id) for a row comparison against the cursor's own values,
 * read back from its row by BTIN: a timestamp keeps its microseconds (a JavaScript Date holds
 * milliseconds), and the comparison is in the index's column order, so
 * taxpayers_kind_created_idx and taxpayers_kind_name_idx start the page at the cursor.
 */
function afterTaxpayer(sort: TaxpayerKeysetSort): SQL {
  const after = sql.placeholder('after');
  const cursorOf = (column: 'display_name' | 'created_at' | 'id') =>
    sql`(select keyset_cursor.${sql.raw(column)} from ${taxpayers} keyset_cursor where keyset_cursor.btin = ${after})`;
  const past = (column: typeof taxpayers.displayName | typeof taxpayers.createdAt, op: '>' | '<') =>
    sql`(${column}, ${taxpayers.id}) ${sql.raw(op)} (${cursorOf(column.name as 'display_name' | 'created_at')}, ${cursorOf('id')})`;
  switch (sort) {
    case 'name':
      return past(taxpayers.displayName, '>');
    case '-name':
      return past(taxpayers.displayName, '<');
    case 'createdAt':
      return past(taxpayers.createdAt, '>');
    case '-createdAt':
      return past(taxpayers.createdAt, '<');
    case 'btin':
      return sql`${taxpayers.btin} > ${after}`;
    case '-btin':
      return sql`${taxpayers.btin} < ${after}`;
  }
}

/**
 * The export's pages of the list's filter and search in a column sort, by keyset
 * (docs/decisions/0029-one-export-path.md): each page the rows after the last one sent (its
 * BTIN), in the list's own order, as cheap at row 40,000 as at row 1 and without the list's
 * count. The similar name words are found once, for every page of the export.
 */
export function taxpayerKeysetPages(db: Db, query: ListQuery, sort: TaxpayerKeysetSort) {
  const term = query.search;
  const plain = plainFilterOf(query);
  let matchOf: Promise<ReturnType<typeof searchMatchOf> | null> | undefined;
  return async (window: { limit: number; after: string | null }) => {
    matchOf ??= (async () => {
      if (!term) return null;
      const similar = term.name
        ? await findSimilarWords(db, TAXPAYER_NAMES, wordsOf(term.name))
        : null;
      return searchMatchOf(term, similar);
    })();
    const match = await matchOf;
    const shape = `${plain.shape}|${match?.shape ?? 'all'}`;
    const from = window.after ? 'after' : 'first';
    const page = builtOnce(db, `taxpayers_keyset:${shape}:${sort}:${from}`, (on, name) =>
      on
        .select(listColumns)
        .from(taxpayers)
        .where(
          and(plain.where(), match?.condition(), window.after ? afterTaxpayer(sort) : undefined),
        )
        .orderBy(...SORTS[sort])
        .limit(sql.placeholder('limit'))
        .prepare(name),
    );
    const rows = await driverRows<TaxpayerListRow>(page, {
      ...plain.values,
      ...match?.values,
      limit: window.limit,
      ...(window.after ? { after: window.after } : {}),
    });
    return toListItems(db, rows);
  };
}
