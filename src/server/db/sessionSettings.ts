import { NAME_SIMILARITY_THRESHOLD } from '../search/nameWords';

/**
 * What every RevDesk connection starts with, on PostgreSQL (the pool's start-up options) and on
 * PGlite (set once on its one session): ADR 0025. Only settings RevDesk's own statements rely
 * on, never the database's or another application's. Names of an extension not loaded yet
 * (pg_trgm before its migration) are kept as placeholders until it loads.
 */
export const SESSION_SETTINGS: Readonly<Record<string, string>> = {
  // The name search's dictionary lookups (`<%`, search/nameWords.ts).
  'pg_trgm.word_similarity_threshold': String(NAME_SIMILARITY_THRESHOLD),
};

/**
 * A node-postgres connection to `url` whose start-up `options` carry the settings after any the
 * URL already names (`?options=-c …`): pg lets the URL's own `options` replace the config's.
 */
export function withSessionSettings(url: string): { connectionString: string; options: string } {
  const ours = Object.entries(SESSION_SETTINGS)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  // Parsed only when it has options: `postgres://user@/db?host=/run/postgresql` is no WHATWG URL.
  if (!/[?&]options=/.test(url)) return { connectionString: url, options: ours };
  const parsed = new URL(url);
  const own = parsed.searchParams.get('options');
  parsed.searchParams.delete('options');
  return { connectionString: parsed.toString(), options: `${own} ${ours}` };
}

/** The settings as SET statements, for PGlite's one session. */
export function sessionSettingsAsSql(): string {
  return Object.entries(SESSION_SETTINGS)
    .map(([name, value]) => `set ${name} = '${value.replaceAll("'", "''")}';`)
    .join('\n');
}
