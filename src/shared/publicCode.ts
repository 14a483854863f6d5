// No zod here: the verify pages load this, and stay within docs/architecture.md §9 without it.

/**
 * The public checks of a receipt, a notice of assessment and a certificate (ADR 0032), as the
 * server answers them and the verify pages read them.
 *
 * A document's verification address carries its public code, ten characters of an alphabet
 * without look-alikes (no 0/O, no 1/I/L), drawn at random by the database
 * (revdesk_public_code(), migration 0023): 31^10 ≈ 8 × 10^14 codes, so none can be guessed or
 * walked the way the sequential numbers can. The code answers the document's facts, its
 * holder's name masked. The bare number answers only "match" or "no match" against a second
 * fact printed on the document.
 */

export const PUBLIC_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const PUBLIC_CODE_LENGTH = 10;

const CODE = new RegExp(`^[${PUBLIC_CODE_ALPHABET}]{${PUBLIC_CODE_LENGTH}}$`);

/**
 * The code in what a person typed or a QR code held: case, spaces and hyphens do not matter
 * ("k7mx 93qd-pa" → "K7MX93QDPA"); null when it is no code (a document number, say).
 */
export function publicCodeOf(text: string): string | null {
  const code = text.replace(/[\s-]+/g, '').toUpperCase();
  return CODE.test(code) ? code : null;
}

const graphemes = (word: string) =>
  Array.from(new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(word), (s) => s.segment);

/**
 * A name as every public check shows it, first names too: each word's first letter and a star
 * for every other, "John Okoro" → "J*** O****". Enough for whoever holds the paper to compare,
 * not enough for a stranger to learn the name. No name → "".
 */
export function maskPublicName(name: string | null | undefined): string {
  return (name ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const letters = graphemes(word);
      return `${letters[0]}${'*'.repeat(letters.length - 1)}`;
    })
    .join(' ');
}
