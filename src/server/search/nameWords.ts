import { and, type Column, desc, getTableName, not, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { preparedOn } from '../db/prepared';

/**
 * Names match word by word (ADR 0009, ADR 0019): the taxpayer registry (migration 0007) and
 * the payment history's payer names (migration 0014) both search this way. Each word typed is
 * looked up among the words that stand in the names (a dictionary of thousands of rows, not
 * millions of names) by trigram similarity, and by its swapped-letter spellings exactly; a row
 * matches when, for every word typed, its name has one of those words: an exact test the GIN
 * index on the name's words answers without reading a single name. At 1 M taxpayers this took
 * the misspelt-surname search from a 68 ms floor to about 12 ms (bench/README.md).
 */

/** Where a kind of name keeps its words: the dictionary and the indexed word array. */
export type NameWordsSource = {
  /** Every word that has stood in a name, one row each, with a trigram index on `word`. */
  dictionary: PgTable;
  word: Column;
  /** The generated `text[]` of a row's name words, with a GIN index. */
  nameWords: Column;
};

/**
 * The threshold is lowered from pg_trgm's 0.6 so that one or two wrong letters in a name
 * still find it ("Alamiyeseigha" finds "Alamieyeseigha"). Every RevDesk connection starts with
 * it (db/sessionSettings.ts, ADR 0025), never the whole database.
 */
export const NAME_SIMILARITY_THRESHOLD = 0.45;
/** The closest spellings of one typed word that are looked for; more would be noise. */
const SIMILAR_WORDS_PER_WORD = 20;
/** "Mr Tarila Ebiowei Amakiri-Okoro" is five; more words add nothing but cost. */
const TYPED_WORDS_MAX = 6;

/** Splits as the generated word columns do: lower case, at spaces and ASCII punctuation. */
export function wordsOf(name: string): string[] {
  return name
    .toLowerCase()
    .split(/[\s!-/:-@[-`{-~]+/)
    .filter((word) => word !== '')
    .slice(0, TYPED_WORDS_MAX);
}

/**
 * The word with two neighbouring letters swapped, every way but the no-ops ("oknokwo" gives
 * "knokwo"… and "okonkwo"). Trigrams do not forgive this in a short name: "oknokwo" and
 * "okonkwo" share too few trigrams to pass the threshold (ADR 0019). At most length − 1 words,
 * each looked up exactly in the dictionary's primary key.
 */
export function swappedLetterSpellings(word: string): string[] {
  const letters = Array.from(word);
  const spellings = new Set<string>();
  for (let i = 0; i + 1 < letters.length; i++) {
    if (letters[i] === letters[i + 1]) continue;
    const swapped = [...letters];
    [swapped[i], swapped[i + 1]] = [letters[i + 1] as string, letters[i] as string];
    spellings.add(swapped.join(''));
  }
  spellings.delete(word);
  return [...spellings];
}

export type SimilarWord = { word: string; similarity: number };

const textArray = (words: readonly string[]) =>
  sql`array[${sql.join(
    words.map((word) => sql`${word}`),
    sql`, `,
  )}]::text[]`;

/**
 * One typed word's similar words, as one named statement per dictionary (ADR 0017): by trigram
 * word similarity through the dictionary's trigram index, at the threshold each connection
 * starts with, and the swapped-letter spellings that are words of some name, through its
 * primary key, ranked as at least the weakest trigram match.
 */
function similarWordsStatement(db: Db, source: NameWordsSource) {
  const { dictionary, word: dictionaryWord } = source;
  const typed = sql.placeholder('typed');
  const similarity = sql<number>`word_similarity(${typed}, ${dictionaryWord})`;
  const candidates = sql`(select ${dictionaryWord} as word, ${similarity} as similarity from ${dictionary} where ${typed} <% ${dictionaryWord}
    union all select ${dictionaryWord}, greatest(${similarity}, ${sql.raw(String(NAME_SIMILARITY_THRESHOLD))}::real) from ${dictionary} where ${dictionaryWord} = any(${sql.placeholder('swapped')}::text[])) as candidate`;
  return preparedOn(db, `${getTableName(dictionary)}_similar`, (on, name) =>
    on
      .select({
        word: sql<string>`candidate.word`,
        similarity: sql<number>`max(candidate.similarity)`.mapWith(Number),
      })
      .from(candidates)
      .groupBy(sql`candidate.word`)
      .orderBy(desc(sql`max(candidate.similarity)`), sql`candidate.word`)
      .limit(SIMILAR_WORDS_PER_WORD)
      .prepare(name),
  );
}

/**
 * For each typed word, the words of names like it, closest first (similarWordsStatement), the
 * words looked up side by side. No transaction: the threshold is the connection's own.
 */
export async function findSimilarWords(
  db: Db,
  source: NameWordsSource,
  typed: readonly string[],
): Promise<SimilarWord[][]> {
  const statement = similarWordsStatement(db, source);
  const found = await Promise.all(
    typed.map((word) => statement.execute({ typed: word, swapped: swappedLetterSpellings(word) })),
  );
  // A word like no word of any name ("Mrs", a typo beyond repair) is left out rather than
  // failing the whole search; when every word is such, nothing matches.
  const known = found.filter((words) => words.length > 0);
  return known.length > 0 ? known : found;
}

/** Every typed word has a similar word in the name. Unsatisfiable when one has none. */
export function nameCondition(nameWords: Column, similar: readonly SimilarWord[][]): SQL {
  if (similar.length === 0 || similar.some((words) => words.length === 0)) return sql`false`;
  return and(
    ...similar.map((words) => sql`${nameWords} && ${textArray(words.map((w) => w.word))}`),
  ) as SQL;
}

/**
 * nameCondition and nameScore for a statement built once per shape (db/prepared.ts builtOnce):
 * the words go in as array parameters, so the SQL depends only on how many words were typed.
 * `shape` names that; `values` are this search's; `condition` and `score` build the SQL only
 * when a shape is new.
 */
export function nameMatchOf(nameWords: Column, similar: readonly SimilarWord[][]) {
  const isUnsatisfiable = similar.length === 0 || similar.some((words) => words.length === 0);
  const values: Record<string, unknown> = {};
  if (isUnsatisfiable) {
    return { shape: 'names:none', values, condition: () => sql`false`, score: () => null };
  }
  similar.forEach((words, i) => {
    values[`nameWords${i}`] = words.map((w) => w.word);
  });
  const scored = similar.flatMap((words, i) => words.map((w) => ({ typed: i, ...w })));
  values.scoreTyped = scored.map((w) => w.typed);
  values.scoreWord = scored.map((w) => w.word);
  values.scoreSimilarity = scored.map((w) => w.similarity);
  return {
    shape: `names:${similar.length}`,
    values,
    condition: () =>
      and(
        ...similar.map((_, i) => sql`${nameWords} && ${sql.placeholder(`nameWords${i}`)}::text[]`),
      ) as SQL,
    score: () => sql<number>`(select coalesce(sum(best), 0) from (
    select max(c.similarity) as best
    from unnest(${sql.placeholder('scoreTyped')}::int[], ${sql.placeholder('scoreWord')}::text[], ${sql.placeholder('scoreSimilarity')}::real[]) as c(typed, word, similarity)
    where c.word = any(${nameWords})
    group by c.typed
  ) as per_word)`,
  };
}

/**
 * When too many names match to rank them all: the names with the closest spelling of the
 * first word typed come first, then those with the next closest, and so on, each slice in
 * table order (not newest first), so that a page reads only about its own rows.
 */
export function slicesByClosestWord(nameWords: Column, similar: readonly SimilarWord[][]): SQL[] {
  const [first = [], ...rest] = similar;
  return first.map(({ word }, i) => {
    const closer = first.slice(0, i).map((w) => w.word);
    return and(
      sql`${nameWords} @> ${textArray([word])}`,
      closer.length ? not(sql`${nameWords} && ${textArray(closer)}`) : undefined,
      rest.length ? nameCondition(nameWords, rest) : undefined,
    ) as SQL;
  });
}
