import { and, desc, not, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { taxpayerNameWords, taxpayers } from '../../../db/schema';

/**
 * Names match word by word (migration 0007). Each word typed is looked up by trigram
 * similarity among the words that stand in taxpayers' names (taxpayer_name_words: thousands
 * of rows, not a million), and a taxpayer matches when, for every word typed, their name has
 * one of its similar words: an exact test the GIN index on `name_words` answers without
 * reading a single name. At 1 M taxpayers this took the misspelt-surname search from a
 * 68 ms floor to about 12 ms (bench/README.md).
 */

/**
 * The threshold is lowered from pg_trgm's 0.6 so that one or two wrong letters in a name
 * still find it ("Alamiyeseigha" finds "Alamieyeseigha"); set per transaction, never for
 * the whole database.
 */
export const NAME_SIMILARITY_THRESHOLD = 0.45;
/** The closest spellings of one typed word that are looked for; more would be noise. */
const SIMILAR_WORDS_PER_WORD = 20;
/** "Mr Tarila Ebiowei Amakiri-Okoro" is five; more words add nothing but cost. */
const TYPED_WORDS_MAX = 6;

/** Splits as `taxpayers.name_words` does: lower case, at spaces and ASCII punctuation. */
export function wordsOf(name: string): string[] {
  return name
    .toLowerCase()
    .split(/[\s!-/:-@[-`{-~]+/)
    .filter((word) => word !== '')
    .slice(0, TYPED_WORDS_MAX);
}

type SimilarWord = { word: string; similarity: number };

/**
 * For each typed word, the words of names like it, closest first. Call inside a transaction:
 * it sets pg_trgm's threshold for the transaction.
 */
export async function findSimilarWords(tx: Db, typed: readonly string[]) {
  await tx.execute(
    sql`select set_config('pg_trgm.word_similarity_threshold', ${String(NAME_SIMILARITY_THRESHOLD)}, true)`,
  );
  const found: SimilarWord[][] = [];
  for (const word of typed) {
    const similarity = sql<number>`word_similarity(${word}, ${taxpayerNameWords.word})`;
    found.push(
      await tx
        .select({ word: taxpayerNameWords.word, similarity })
        .from(taxpayerNameWords)
        .where(sql`${word} <% ${taxpayerNameWords.word}`)
        .orderBy(desc(similarity), taxpayerNameWords.word)
        .limit(SIMILAR_WORDS_PER_WORD),
    );
  }
  // A word like no word of any name ("Mrs", a typo beyond repair) is left out rather than
  // failing the whole search; when every word is such, nothing matches.
  const known = found.filter((words) => words.length > 0);
  return known.length > 0 ? known : found;
}

const textArray = (words: readonly string[]) =>
  sql`array[${sql.join(
    words.map((word) => sql`${word}`),
    sql`, `,
  )}]::text[]`;

/** Every typed word has a similar word in the name. Unsatisfiable when one has none. */
export function nameCondition(similar: readonly SimilarWord[][]): SQL {
  if (similar.some((words) => words.length === 0)) return sql`false`;
  return and(
    ...similar.map(
      (words) => sql`${taxpayers.nameWords} && ${textArray(words.map((w) => w.word))}`,
    ),
  ) as SQL;
}

/**
 * How well a name matches: for each typed word, its closest similar word in the name, summed.
 * Null when no word is similar to anything: nothing matches, there is nothing to rank.
 */
export function nameScore(similar: readonly SimilarWord[][]): SQL<number> | null {
  const rows = similar.flatMap((words, i) =>
    words.map((w) => sql`(${i}::int, ${w.word}::text, ${w.similarity}::real)`),
  );
  if (rows.length === 0) return null;
  return sql<number>`(select coalesce(sum(best), 0) from (
    select max(c.similarity) as best
    from (values ${sql.join(rows, sql`, `)}) as c(typed, word, similarity)
    where c.word = any(${taxpayers.nameWords})
    group by c.typed
  ) as per_word)`;
}

/**
 * When too many names match to rank them all: the names with the closest spelling of the
 * first word typed come first, then those with the next closest, and so on, each slice in
 * table order (not newest first), so that a page reads only about its own rows.
 */
export function slicesByClosestWord(similar: readonly SimilarWord[][]): SQL[] {
  const [first = [], ...rest] = similar;
  return first.map(({ word }, i) => {
    const closer = first.slice(0, i).map((w) => w.word);
    return and(
      sql`${taxpayers.nameWords} @> ${textArray([word])}`,
      closer.length ? not(sql`${taxpayers.nameWords} && ${textArray(closer)}`) : undefined,
      rest.length ? nameCondition(rest) : undefined,
    ) as SQL;
  });
}
