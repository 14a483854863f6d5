import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/context';
import { createIntegrations, type Integrations } from '../index';
import { closedPortUrl, startReceiver } from '../remita/testing';
import { createEvasClient } from './client';

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };
let evas: Integrations['evas'];

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  evas = createIntegrations(ctx.config, () => ctx.baseUrl as string).evas;
});

afterAll(async () => {
  await ctx?.close();
});

describe('EVAS status against the simulator', () => {
  it('parses the JSON string in `data` into the registration', async () => {
    ctx.simulators.evas.register('280000111222', {
      customerId: 'BYS-0001234',
      transactionDate: new Date('2026-11-20T13:03:11.000Z'),
    });
    expect(await evas.getRrrStatus('280000111222')).toEqual({
      rrr: '280000111222',
      customerId: 'BYS-0001234',
      statusCode: '00',
      message: 'Customer registered successfully',
      transactionDate: '2026-11-20T13:03:11.000Z',
      isRegistered: true,
    });
  });

  it('answers an RRR EVAS does not know as not found, not as an error', async () => {
    expect(await evas.getRrrStatus('280000999888')).toEqual({
      rrr: '280000999888',
      customerId: null,
      statusCode: '404',
      message: 'No auto-registration record for RRR 280000999888',
      transactionDate: null,
      isRegistered: false,
    });
  });

  it('is not registered for any code but 00', async () => {
    ctx.simulators.evas.register('280000333444', {
      customerId: 'BYS-0005678',
      transactionDate: new Date('2026-11-21T08:00:00.000Z'),
      statusCode: '01',
      message: 'Awaiting verification',
    });
    expect(await evas.getRrrStatus('280000333444')).toMatchObject({
      statusCode: '01',
      message: 'Awaiting verification',
      isRegistered: false,
    });
  });
});

describe('when EVAS cannot be used', () => {
  it('gives EVAS_UNAVAILABLE when `data` is not JSON, or the answer is not', async () => {
    const badData = await startReceiver(() => ({ status: true, message: 'ok', data: '{customer' }));
    const html = await startReceiver((_request, reply) =>
      reply.type('text/html').send('<p>down</p>'),
    );
    try {
      for (const remote of [badData, html]) {
        const client = createEvasClient({ baseUrl: () => remote.url, timeoutMs: 1_000 });
        await expect(client.getRrrStatus('280000111222')).rejects.toMatchObject({
          code: 'EVAS_UNAVAILABLE',
          message: expect.stringContaining('cannot read'),
        });
      }
    } finally {
      await badData.close();
      await html.close();
    }
  });

  it('gives EVAS_UNAVAILABLE when nothing listens, or it answers too late', async () => {
    const url = await closedPortUrl();
    const closed = createEvasClient({ baseUrl: () => url, timeoutMs: 1_000 });
    await expect(closed.getRrrStatus('280000111222')).rejects.toMatchObject({
      code: 'EVAS_UNAVAILABLE',
      message: expect.stringContaining('could not be reached'),
    });

    ctx.simulators.evas.delayMs = 30_000;
    try {
      const impatient = createEvasClient({
        baseUrl: () => `${ctx.baseUrl}/_sim/evas`,
        timeoutMs: 200,
      });
      await expect(impatient.getRrrStatus('280000111222')).rejects.toMatchObject({
        code: 'EVAS_UNAVAILABLE',
        message: expect.stringContaining('did not answer within 200 ms'),
      });
    } finally {
      ctx.simulators.evas.delayMs = 0;
    }
  });
});
