/**
 * LIKE and ILIKE read `%` and `_` as wildcards and `\` as their escape (PostgreSQL's default
 * ESCAPE). What an officer types means itself: "10%" finds "10%", and an action name's
 * underscore (auth.signed_in) is not any one letter. Every search that builds a pattern from
 * typed text goes through here.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The pattern of "contains this text", typed text escaped. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
