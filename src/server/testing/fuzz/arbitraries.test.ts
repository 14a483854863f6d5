import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invalid, valid } from './arbitraries';
import { type Components, type JsonSchema, validate } from './schema';

/** Schemas of the kinds zod writes into the OpenAPI document (src/server/openapi.ts). */
const components: Components = {
  Money: { type: 'integer', minimum: 0, maximum: 1_000_000_000_000 },
};
const SCHEMAS: Record<string, JsonSchema> = {
  btin: { type: 'string', pattern: '^\\d{10}$' },
  name: { type: 'string', minLength: 2, maxLength: 60 },
  uuid: { type: 'string', format: 'uuid' },
  date: { type: 'string', format: 'date' },
  email: { type: 'string', format: 'email', maxLength: 120 },
  kind: { type: 'string', enum: ['individual', 'corporate'] },
  page: { type: 'integer', exclusiveMinimum: 0, maximum: 200 },
  nullable: { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'null' }] },
  body: {
    type: 'object',
    properties: {
      btin: { type: 'string', pattern: '^\\d{10}$' },
      amountKobo: { $ref: '#/components/schemas/Money' },
      years: {
        type: 'array',
        items: { type: 'integer', minimum: 2000, maximum: 2100 },
        minItems: 1,
        maxItems: 3,
      },
      note: { type: 'string', maxLength: 10 },
    },
    required: ['btin', 'amountKobo', 'years'],
    additionalProperties: false,
  },
};

describe('the JSON Schema arbitraries of the fuzz tests', () => {
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    it(`generates only values the ${name} schema accepts as valid`, () => {
      fc.assert(
        fc.property(valid(schema, components), (value) => {
          expect(validate(schema, value, components)).toEqual([]);
        }),
        { numRuns: 200 },
      );
    });
  }

  it('generates values the object schema refuses: a field missing, one too many, one wrong', () => {
    const schema = SCHEMAS.body as JsonSchema;
    const samples = fc.sample(invalid(schema, components), { numRuns: 300, seed: 42 });
    const refused = samples.filter((value) => validate(schema, value, components).length > 0);
    // A few "invalid" inputs happen to be valid (an optional field replaced by a valid value);
    // almost all must not be.
    expect(refused.length).toBeGreaterThan(samples.length * 0.9);
    const messages = refused.flatMap((value) => validate(schema, value, components)).join('\n');
    expect(messages).toMatch(/required but missing/);
    expect(messages).toMatch(/not in the schema/);
    expect(messages).toMatch(/expected|too long|below|above|does not match/);
    // 300 samples of the largest body: seconds on a quiet machine, past Vitest's default 5 s
    // on a busy one (seen in CI).
  }, 30_000);

  it('validates what it is given: types, bounds, patterns, formats, required and extra fields', () => {
    const schema = SCHEMAS.body as JsonSchema;
    expect(
      validate(schema, { btin: '0123456789', amountKobo: 5, years: [2024] }, components),
    ).toEqual([]);
    expect(validate(schema, { btin: '12', amountKobo: -1, years: [], x: 1 }, components)).toEqual([
      '$.btin: "12" does not match ^\\d{10}$',
      '$.amountKobo: below 0',
      '$.years: too few',
      '$.x: not in the schema',
    ]);
    expect(validate(SCHEMAS.uuid as JsonSchema, 'not-a-uuid', components)).toHaveLength(1);
    expect(validate(SCHEMAS.date as JsonSchema, '2026-02-30T00:00', components)).toHaveLength(1);
    expect(validate(SCHEMAS.nullable as JsonSchema, null, components)).toEqual([]);
  });
});
