import fc from 'fast-check';

/**
 * Values no schema of RevDesk accepts in their place, and strings that are valid text but hard on
 * whatever stores, compares, prints or exports them. What a careless client or an attacker sends.
 */

/** Text that breaks naive code: RTL marks, emoji, NUL, lone surrogates, CSV formulas, SQL. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  '👩🏽‍💼🇳🇬',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫ',
  '\r\n\t\u000B\u000C',
  '\uFEFF',
  "=cmd|' /C calc'!A0",
  '+SUM(1+1)',
  '@SUM(1)',
  "'; DROP TABLE taxpayers; --",
  '%',
  '%00',
  '%%ff',
  '\\',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}{{7*7}}',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-0',
  '0x1F',
  ' 12 ',
  '1_000',
  '9'.repeat(40),
  '-9'.repeat(20),
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '2026-02-30',
  '0000-00-00',
  '9999-12-31T23:59:59.999Z',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
] as const;

/** Numbers at and past every edge a column or a schema has. */
export const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  -1.5,
  0.1 + 0.2,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e21,
  -1e21,
] as const;

/** Keys that reach an object's prototype when code merges JSON into an object. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** About 100,000 characters: past every field's limit and most bodies'. */
export const VERY_LONG_STRING = 'Ẁ'.repeat(1_000) + 'a'.repeat(99_000);

export function nastyString(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 64 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 200, maxLength: 2_000 }) },
    { weight: 1, arbitrary: fc.constant(VERY_LONG_STRING) },
  );
}

export function nastyNumber(): fc.Arbitrary<number> {
  return fc.oneof(
    fc.constantFrom(...NASTY_NUMBERS),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );
}

/**
 * A copy of `object` with `key` as its own property, even `__proto__` (which `{ ...o, [key]: v }`
 * would turn into a prototype): JSON.stringify writes it like any other key.
 */
export function withOwnKey(object: object, key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...object };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** An object whose keys try to pollute prototypes, holding anything. */
export function pollutingObject(): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(fc.constantFrom(...PROTOTYPE_KEYS), fc.anything({ maxDepth: 2 }))
    .map(([key, value]) => withOwnKey({}, key, value));
}

/** Any JSON value that is probably of the wrong type or shape wherever it is put. */
export function junk(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: nastyString() },
    { weight: 3, arbitrary: nastyNumber() },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: pollutingObject() },
    { weight: 1, arbitrary: fc.json({ maxDepth: 4 }).map((text) => JSON.parse(text) as unknown) },
    {
      weight: 1,
      arbitrary: fc.array(fc.oneof(nastyString(), nastyNumber()), { minLength: 0, maxLength: 5 }),
    },
  );
}
