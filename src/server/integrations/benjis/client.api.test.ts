import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/context';
import { createIntegrations, type Integrations } from '../index';
import { createBenjisClient } from './client';
import { simulatedDayOf } from './simulatorState';

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };
let benjis: Integrations['benjis'];
const DAY = '2026-10-14';

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  benjis = createIntegrations(ctx.config, () => ctx.baseUrl as string).benjis;
  ctx.simulators.benjis.addTerminals([
    { terminalId: '2BCLNT01', typicalKobo: 50_000 },
    { terminalId: '2BCLNT02', typicalKobo: 20_000, revenueHeadCode: '12020401' },
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

function clientWith(options: { secret?: string; pageSize?: number; timeoutMs?: number }) {
  return createBenjisClient({
    baseUrl: () => `${ctx.baseUrl}/_sim/benjis`,
    secret: options.secret ?? ctx.config.posProviderSecret,
    timeoutMs: options.timeoutMs ?? 2_000,
    ...(options.pageSize ? { pageSize: options.pageSize } : {}),
  });
}

describe('the POS provider client against its simulator', () => {
  it('pulls a day, signed, and the day is the same every time it is asked', async () => {
    const page = await benjis.listTransactions(DAY, 1);
    expect(page.date).toBe(DAY);
    expect(page.total).toBe(page.transactions.length);
    expect(page.total).toBeGreaterThanOrEqual(6);
    expect(await benjis.listTransactions(DAY, 1)).toEqual(page);
    const generated = simulatedDayOf({ terminalId: '2BCLNT02', typicalKobo: 20_000 }, DAY);
    expect(page.transactions.filter((t) => t.terminalId === '2BCLNT02').length).toBe(
      generated.length,
    );
  });

  it('pages through a day', async () => {
    const client = clientWith({ pageSize: 4 });
    const first = await client.listTransactions(DAY, 1);
    const pages = Math.ceil(first.total / 4);
    const all = [...first.transactions];
    for (let n = 2; n <= pages; n += 1)
      all.push(...(await client.listTransactions(DAY, n)).transactions);
    expect(all).toEqual((await benjis.listTransactions(DAY, 1)).transactions);
  });

  it('says clearly when the provider refuses the signature, is down, or is slow', async () => {
    await expect(
      clientWith({ secret: 'a-secret-the-provider-does-not-hold' }).listTransactions(DAY, 1),
    ).rejects.toMatchObject({
      code: 'POS_PROVIDER_UNAVAILABLE',
      message: expect.stringMatching(/POS_PROVIDER_SECRET/),
    });
    ctx.simulators.benjis.down = true;
    try {
      await expect(clientWith({}).listTransactions(DAY, 1)).rejects.toMatchObject({
        code: 'POS_PROVIDER_UNAVAILABLE',
        message: expect.stringMatching(/HTTP 503/),
      });
    } finally {
      ctx.simulators.benjis.down = false;
    }
    ctx.simulators.benjis.delayMs = 1_000;
    try {
      await expect(clientWith({ timeoutMs: 300 }).listTransactions(DAY, 1)).rejects.toMatchObject({
        code: 'POS_PROVIDER_UNAVAILABLE',
        message: expect.stringMatching(/did not answer within 300 ms/),
      });
    } finally {
      ctx.simulators.benjis.delayMs = 0;
    }
  });
});
