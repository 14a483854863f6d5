/**
 * The BTIN (Bayelsa Tax Identification Number): nine digits drawn from a database sequence and
 * a tenth, the check digit of ISO 7064 MOD 11-10 (docs/decisions/0006-btin-check-digit.md).
 * The check digit catches every single mistyped digit and every swap of two neighbouring
 * digits, so a mistyped BTIN is refused before any query.
 */
export const BTIN_PATTERN = /^\d{10}$/;

/** The first body the sequence hands out: nine digits, never a leading zero. */
export const BTIN_FIRST_BODY = 100_000_001;
export const BTIN_LAST_BODY = 999_999_999;

/** ISO 7064 MOD 11-10 check digit of a string of decimal digits. */
export function mod11_10CheckDigit(digits: string): number {
  let product = 10;
  for (const char of digits) {
    const digit = char.charCodeAt(0) - 48;
    if (digit < 0 || digit > 9) throw new Error(`not a decimal digit: ${char}`);
    let sum = (product + digit) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  return (11 - product) % 10;
}

/** The BTIN for the n-th body from the sequence. */
export function makeBtin(body: number): string {
  if (!Number.isInteger(body) || body < BTIN_FIRST_BODY || body > BTIN_LAST_BODY) {
    throw new Error(`BTIN body out of range: ${body}`);
  }
  const digits = String(body);
  return `${digits}${mod11_10CheckDigit(digits)}`;
}

/** True when the text is ten digits whose last is the check digit of the other nine. */
export function isValidBtin(text: string): boolean {
  if (!BTIN_PATTERN.test(text)) return false;
  return mod11_10CheckDigit(text.slice(0, 9)) === Number(text[9]);
}
