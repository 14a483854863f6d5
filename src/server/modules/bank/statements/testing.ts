import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import type { BankAccountView, StatementFetchView } from '../../../../shared/bank/accounts';
import type { TestContext } from '../../../testing/context';

/** Helpers of the bank statement tests (not a test file itself). */

/** A ten-digit account number no other test of the process uses. */
export function uniqueAccountNumber(): string {
  return `20${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/**
 * A collection account made through the API by an administrator, which the test app's bank
 * simulator keeps a statement of: `linesPerDay` generated lines a day (0: only the credits
 * the test expects).
 */
export async function createCollectionAccount(
  ctx: Pick<TestContext, 'app' | 'simulators'>,
  admin: { authorization: string },
  input: { linesPerDay?: number; mdaId?: string | null; name?: string } = {},
): Promise<BankAccountView> {
  const accountNumber = uniqueAccountNumber();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/bank/accounts',
    headers: admin,
    payload: {
      bank: 'fidelity',
      accountNumber,
      name: input.name ?? `BIRS Collection ${accountNumber.slice(-4)}`,
      mdaId: input.mdaId ?? null,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  ctx.simulators.fidelity.registerAccount(accountNumber, input.linesPerDay ?? 8);
  return res.json<BankAccountView>();
}

export async function getFetch(
  ctx: Pick<TestContext, 'app'>,
  headers: { authorization: string },
  jobId: string,
): Promise<StatementFetchView> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/bank/statements/fetch/${jobId}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StatementFetchView>();
}

/** Polls the fetch until it has finished (succeeded or failed). */
export async function waitForFetch(
  ctx: Pick<TestContext, 'app'>,
  headers: { authorization: string },
  jobId: string,
): Promise<StatementFetchView> {
  for (let i = 0; i < 1_500; i += 1) {
    const view = await getFetch(ctx, headers, jobId);
    if (view.status === 'succeeded' || view.status === 'failed') return view;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`fetch ${jobId} never finished`);
}
