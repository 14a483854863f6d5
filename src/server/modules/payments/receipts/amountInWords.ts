/**
 * An amount in words, as a receipt prints it beside the figures (the brief: "amount in figures
 * and in words (naira and kobo)"): 123450 kobo → "One thousand, two hundred and thirty-four
 * naira, fifty kobo". British usage, as Nigerian receipts and cheques write it: "and" before
 * the tens of each hundred, and before a last group under a hundred ("One million and five").
 */

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
] as const;

const TENS = [
  '',
  '',
  'twenty',
  'thirty',
  'forty',
  'fifty',
  'sixty',
  'seventy',
  'eighty',
  'ninety',
] as const;

/** Groups of three digits, largest first. A naira amount above this is not a receipt's. */
const SCALES = [
  [1_000_000_000, 'billion'],
  [1_000_000, 'million'],
  [1_000, 'thousand'],
] as const;

/** The largest naira amount in words: 999,999,999,999 (just under a trillion). */
export const MAX_NAIRA_IN_WORDS = 999_999_999_999;

/** 0–99 in words: "seven", "forty", "forty-two". */
function underHundred(n: number): string {
  if (n < 20) return ONES[n] as string;
  const ones = n % 10;
  const tens = TENS[Math.floor(n / 10)] as string;
  return ones === 0 ? tens : `${tens}-${ONES[ones]}`;
}

/** 1–999 in words: "one hundred and five", "twelve". */
function underThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 0) return underHundred(rest);
  const head = `${ONES[hundreds]} hundred`;
  return rest === 0 ? head : `${head} and ${underHundred(rest)}`;
}

/** A whole number 0 … MAX_NAIRA_IN_WORDS in words, lower case. */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n > MAX_NAIRA_IN_WORDS) {
    throw new RangeError(`Cannot write ${n} in words`);
  }
  if (n === 0) return ONES[0];
  const groups: string[] = [];
  let rest = n;
  for (const [size, name] of SCALES) {
    const count = Math.floor(rest / size);
    if (count > 0) groups.push(`${underThousand(count)} ${name}`);
    rest %= size;
  }
  if (rest === 0) return groups.join(', ');
  if (groups.length === 0) return underThousand(rest);
  // "One thousand and five", but "One thousand, two hundred and five".
  return rest < 100
    ? `${groups.join(', ')} and ${underHundred(rest)}`
    : `${groups.join(', ')}, ${underThousand(rest)}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Kobo in words, naira then kobo: "Five naira", "Fifty kobo", "One naira, one kobo".
 * Nothing is paid in negative or fractional kobo, so those are refused.
 */
export function amountInWords(amountKobo: number): string {
  if (!Number.isSafeInteger(amountKobo) || amountKobo < 0) {
    throw new RangeError(`Cannot write ${amountKobo} kobo in words`);
  }
  const naira = Math.floor(amountKobo / 100);
  const kobo = amountKobo % 100;
  const parts: string[] = [];
  if (naira > 0 || kobo === 0) parts.push(`${numberInWords(naira)} naira`);
  if (kobo > 0) parts.push(`${numberInWords(kobo)} kobo`);
  return capitalised(parts.join(', '));
}
