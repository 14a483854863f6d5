import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserType } from '../../../shared/userTypes';
import { createSession } from '../../auth/sessions';
import { createTestContext, SAME_ORIGIN, type TestContext } from '../context';
import { createMda, createOfficer, createTaxpayer } from '../factories';
import { problemsWith } from './expectations';
import { KnownValues } from './known';
import { type OpenApiDocument, operationsOf } from './operations';
import { buildRequest, type FuzzInput, fuzzInput } from './requests';

/**
 * Every operation of the OpenAPI document called with inputs derived from its own schemas (valid,
 * at their bounds, and invalid), as an officer who holds its permission, by cookie or bearer, and
 * now and then with no session at all (src/server/testing/fuzz/expectations.ts says what every
 * answer must be).
 *
 * `npm test` makes FUZZ_RUNS (default 15) runs per operation; `npm run fuzz` twenty times more.
 * fast-check picks a new seed each time and prints it with the path of a failure: replay one with
 * `FUZZ_SEED=<seed> FUZZ_PATH=<path> npm run fuzz -- -t <operationId>`.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const PATH = process.env.FUZZ_PATH;

// The document is the app's own, read before the tests are named: one test per operation.
const ctx: TestContext & { close(): Promise<void> } = await createTestContext({}, { listen: true });
const document = (await ctx.app.inject({ url: '/api/openapi.json' })).json<OpenApiDocument>();
const operations = operationsOf(document);
const components = document.components.schemas;
const known = new KnownValues();
const officerIds = new Map<UserType, string>();
let payrollTemplate = '';

beforeAll(async () => {
  for (const operation of operations) {
    if (operation.userType && !officerIds.has(operation.userType)) {
      const officer = await createOfficer(ctx, { userType: operation.userType });
      officerIds.set(operation.userType, officer.id);
      known.exclude(officer.id);
    }
  }
  // Something to find: a taxpayer and an MDA the inputs can name.
  known.harvest(await createTaxpayer(ctx));
  known.harvest({ mdaId: (await createMda(ctx)).id });
  // The payroll file's header and example row, which the payroll uploads start from.
  const templateReader = operations.find((o) => o.operationId === 'getTccBatchTemplate')?.userType;
  if (!templateReader) throw new Error('no operation getTccBatchTemplate in the document');
  const template = await ctx.app.inject({
    url: '/api/v1/tcc-batches/template.csv',
    headers: { authorization: `Bearer ${await tokenFor(templateReader)}` },
  });
  if (template.statusCode !== 200) throw new Error(`payroll template: ${template.statusCode}`);
  payrollTemplate = template.body;
});
afterAll(() => ctx.close());

/** A fresh session each run: an input may sign it out (logout, revoke-others). */
async function tokenFor(userType: UserType): Promise<string> {
  const officerId = officerIds.get(userType);
  if (!officerId) throw new Error(`no fuzzing officer of type ${userType}`);
  const { token } = await createSession(ctx.db, officerId, { ip: '127.0.0.1', userAgent: 'fuzz' });
  return token;
}

/** Long strings cut short, so a failure's input fits on a screen. */
function shortened(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'string' && v.length > 120 ? `${v.slice(0, 60)}…(${v.length} characters)` : v,
  );
}

/** fast-check's report, with the seed and path to replay it and the input shortened. */
function reportFor(operationId: string) {
  return (details: fc.RunDetails<[FuzzInput]>): void => {
    if (!details.failed) return;
    const failure = details.errorInstance;
    throw new Error(
      [
        `Failed after ${details.numRuns} runs. Replay: FUZZ_SEED=${details.seed} FUZZ_PATH=${details.counterexamplePath} npm run fuzz -- -t ${operationId}`,
        `Input: ${shortened(details.counterexample?.[0])}`,
        failure instanceof Error ? failure.message : String(failure),
      ].join('\n'),
    );
  };
}

describe('every operation, fuzzed from its schemas', () => {
  it('has an officer type for every permission an operation needs', () => {
    expect(operations.length).toBeGreaterThan(100);
    const without = operations.filter((o) => !o.isPublic && !o.userType);
    expect(without.map((o) => o.operationId)).toEqual([]);
  });

  for (const operation of operations) {
    it(
      `${operation.operationId}: ${operation.method} ${operation.path}`,
      async () => {
        await fc.assert(
          fc.asyncProperty(fuzzInput(operation, components, payrollTemplate), async (input) => {
            const token = operation.userType ? await tokenFor(operation.userType) : null;
            const request = buildRequest(operation, input, known, { token, origin: SAME_ORIGIN });
            const response = await ctx.app.inject(request);
            const problems = problemsWith(operation, input.auth, response, components);
            if (problems.length > 0) {
              throw new Error(
                `${request.method} ${String(request.url).slice(0, 300)}\n${problems.join('\n')}`,
              );
            }
            if (
              response.statusCode < 300 &&
              response.headers['content-type']?.toString().startsWith('application/json')
            )
              known.harvest(response.json());
          }),
          {
            numRuns: RUNS,
            seed: SEED,
            path: PATH,
            endOnFailure: RUNS > 100,
            reporter: reportFor(operation.operationId),
          },
        );
      },
      60_000 + RUNS * 1_000,
    );
  }
});
