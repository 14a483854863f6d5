import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/context';
import { closedPortUrl, startReceiver } from '../remita/testing';
import { createFidelityClient } from './client';
import type { FidelityClient } from './types';

/** The client against the simulator over real HTTP: the five calls of docs/product.md §7. */

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };
let bank: FidelityClient;
const ACCOUNT = '1012345678';
const range = { startDate: '2026-10-05', endDate: '2026-10-06' };

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  bank = clientWith({ timeoutMs: 2_000 });
  const sim = ctx.simulators.fidelity;
  sim.registerAccount(ACCOUNT, 12);
  sim.expectCredit({
    accountNumber: ACCOUNT,
    valueDate: '2026-10-05',
    amountKobo: 2_500_050,
    narration: 'NIP TRF RRR 280012345678 LAND USE CHARGE',
  });
  sim.expectCredit({
    accountNumber: ACCOUNT,
    valueDate: '2026-10-06',
    amountKobo: 1_000_001,
    narration: 'RCPT BIRS/2026/000123 SPLIT',
    isSplit: true,
  });
  sim.expectCredit({
    accountNumber: ACCOUNT,
    valueDate: '2026-10-06',
    amountKobo: 700_000,
    narration: 'RRR 280099999999 REVERSED',
    isReversed: true,
  });
});

afterEach(() => {
  const sim = ctx.simulators.fidelity;
  sim.mode = 'up';
  sim.delayMs = 0;
  sim.downAfterCalls = null;
});

afterAll(async () => {
  await ctx?.close();
});

function clientWith(options: { timeoutMs: number; apiKey?: string; baseUrl?: string }) {
  return createFidelityClient({
    baseUrl: () => options.baseUrl ?? `${ctx.baseUrl}/_sim/fidelity`,
    apiKey: () => options.apiKey ?? ctx.config.fidelityApiKey,
    timeoutMs: options.timeoutMs,
  });
}

describe('the statement calls against the simulator', () => {
  it('reads the statement: every line, in kobo, the same at every call', async () => {
    const lines = await bank.getStatement(ACCOUNT, range);
    const expected = ctx.simulators.fidelity.statementBetween(
      ACCOUNT,
      range.startDate,
      range.endDate,
    );
    expect(lines).toHaveLength(expected.length);
    expect(lines.length).toBe(12 * 2 + 1 + 2 + 2);
    expect(lines.map((l) => l.amountKobo)).toEqual(expected.map((l) => l.amountKobo));
    expect(new Set(lines.map((l) => l.bankReference)).size).toBe(lines.length);
    expect(lines).toContainEqual({
      bankReference: expect.any(String),
      valueDate: '2026-10-05',
      postedAt: expect.stringMatching(/^2026-10-05T11:/),
      direction: 'credit',
      amountKobo: 2_500_050,
      narration: 'NIP TRF RRR 280012345678 LAND USE CHARGE',
    });
    // The split credit: two lines adding up to what was paid.
    const split = lines.filter((l) => l.narration === 'RCPT BIRS/2026/000123 SPLIT');
    expect(split.map((l) => l.amountKobo).reduce((a, b) => a + b, 0)).toBe(1_000_001);
    // The reversal: a debit of the same amount naming the credit's reference.
    const reversed = lines.find((l) => l.narration === 'RRR 280099999999 REVERSED');
    expect(lines).toContainEqual(
      expect.objectContaining({
        direction: 'debit',
        amountKobo: 700_000,
        narration: expect.stringContaining(`REVERSAL OF ${reversed?.bankReference}`),
      }),
    );
    // Noise: credits that carry neither an RRR nor a receipt, and charges.
    expect(lines.some((l) => /^(NIP TRF FROM|CASH DEP BY) [A-Z ]+$/.test(l.narration))).toBe(true);
    expect(await bank.getStatement(ACCOUNT, range)).toEqual(lines);
  });

  it('reads the credits and debits of a range, and their aggregates', async () => {
    const lines = await bank.getStatement(ACCOUNT, range);
    const credits = await bank.getCredits(ACCOUNT, range);
    const debits = await bank.getDebits(ACCOUNT, range);
    expect(credits).toEqual(lines.filter((l) => l.direction === 'credit'));
    expect(debits).toEqual(lines.filter((l) => l.direction === 'debit'));
    const sum = (of: { amountKobo: number }[]) => of.reduce((t, l) => t + l.amountKobo, 0);
    expect(await bank.getCreditAggregate(ACCOUNT, range)).toEqual({
      totalKobo: sum(credits),
      count: credits.length,
    });
    expect(await bank.getDebitAggregate(ACCOUNT, range)).toEqual({
      totalKobo: sum(debits),
      count: debits.length,
    });
    const asked = ctx.simulators.fidelity.requests.map((r) => r.call);
    expect(asked).toEqual(
      expect.arrayContaining([
        'statement',
        'credits',
        'debits',
        'creditAggregate',
        'debitAggregate',
      ]),
    );
  });
});

describe('the metrics', () => {
  it('hears each call once, retries included, by operation and outcome', async () => {
    const heard: { system: string; operation: string; outcome: string }[] = [];
    const client = createFidelityClient({
      baseUrl: () => `${ctx.baseUrl}/_sim/fidelity`,
      apiKey: () => ctx.config.fidelityApiKey,
      timeoutMs: 2_000,
      record: ({ system, operation, outcome }) => heard.push({ system, operation, outcome }),
    });
    await client.getStatement(ACCOUNT, range);
    await client.getCreditAggregate(ACCOUNT, range);
    ctx.simulators.fidelity.mode = 'down';
    await expect(client.getDebits(ACCOUNT, range)).rejects.toMatchObject({
      code: 'BANK_UNAVAILABLE',
    });
    expect(heard).toEqual([
      { system: 'fidelity', operation: 'statement', outcome: 'ok' },
      { system: 'fidelity', operation: 'credit-aggregate', outcome: 'ok' },
      { system: 'fidelity', operation: 'debit-range', outcome: 'server_error' },
    ]);
  });
});

describe('when the bank cannot be used', () => {
  it('says so in words when the bank refuses: an unknown account, a wrong key', async () => {
    ctx.simulators.fidelity.refuseAccount('1099999999');
    await expect(bank.getStatement('1099999999', range)).rejects.toMatchObject({
      code: 'BANK_UNAVAILABLE',
      message: expect.stringContaining(
        'refused the request for account 1099999999: Account not found',
      ),
    });
    await expect(
      clientWith({ timeoutMs: 2_000, apiKey: 'wrong' }).getStatement(ACCOUNT, range),
    ).rejects.toMatchObject({
      code: 'BANK_UNAVAILABLE',
      message: expect.stringContaining('FIDELITY_API_KEY'),
    });
  });

  it('is down, slow, or unreadable: BANK_UNAVAILABLE naming which', async () => {
    const sim = ctx.simulators.fidelity;
    sim.mode = 'down';
    await expect(bank.getStatement(ACCOUNT, range)).rejects.toMatchObject({
      code: 'BANK_UNAVAILABLE',
      message: expect.stringContaining('answered with an error (HTTP 503)'),
    });
    sim.mode = 'malformed';
    await expect(bank.getCredits(ACCOUNT, range)).rejects.toMatchObject({
      message: expect.stringContaining('cannot read'),
    });
    sim.mode = 'up';
    sim.delayMs = 30_000;
    await expect(
      clientWith({ timeoutMs: 200 }).getDebitAggregate(ACCOUNT, range),
    ).rejects.toMatchObject({
      message: expect.stringContaining('did not answer within 200 ms'),
    });
  });

  it('nothing listening, or an answer that is not JSON', async () => {
    const closed = clientWith({ timeoutMs: 1_000, baseUrl: await closedPortUrl() });
    await expect(closed.getStatement(ACCOUNT, range)).rejects.toMatchObject({
      message: expect.stringContaining('could not be reached'),
    });
    const html = await startReceiver((_r, reply) => reply.type('text/html').send('<p>hi</p>'));
    try {
      const client = clientWith({ timeoutMs: 1_000, baseUrl: html.url });
      await expect(client.getStatement(ACCOUNT, range)).rejects.toMatchObject({
        message: expect.stringContaining('cannot read'),
      });
    } finally {
      await html.close();
    }
  });
});
