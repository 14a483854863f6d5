import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/context';
import { createIntegrations, type Integrations } from '../index';
import { createRemitaClient } from './client';
import { closedPortUrl, createRemitaMda, type RemitaMda, startReceiver } from './testing';
import type { RemitaInvoiceRequest } from './types';

/**
 * When Remita cannot be used: every transport failure ends as REMITA_UNAVAILABLE (or
 * REMITA_AUTH_FAILED for 401), through real HTTP to the simulator or a receiver of the test's.
 *
 * The client's timeout, for real: a short REMITA_TIMEOUT_MS in the test config and a
 * simulated merchant that answers far later. The timeout is the whole call's deadline, so a
 * status that times out is not tried again; a fast failure (5xx) is retried within it. An
 * invoice is never retried (a lost answer could mean a bill was raised).
 */

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };
let remita: Integrations['remita'];
let slow: RemitaMda;

beforeAll(async () => {
  // Long enough for the request to reach the simulator before the deadline on a loaded 2-core
  // machine (at 300 ms it once arrived after it, and the test counted no request at all).
  ctx = await createTestContext({ remitaTimeoutMs: 1500 }, { listen: true });
  remita = createIntegrations(ctx.config, () => ctx.baseUrl as string).remita;
  slow = await createRemitaMda(ctx);
  // Far beyond the timeout; the simulator stops waiting when the client hangs up.
  ctx.simulators.remita.registerMerchant({ ...slow.credentials, delayMs: 30_000 });
});

afterAll(async () => {
  await ctx?.close();
});

function bill(): RemitaInvoiceRequest {
  return {
    serviceTypeId: slow.credentials.serviceTypeIds[0] as string,
    amountKobo: 10_000,
    orderId: `ORD-${Math.random().toString(36).slice(2, 10)}`,
    payerName: 'Slow Payer',
    payerEmail: 'slow@example.com',
    payerPhone: '08030000000',
    description: 'Slow',
  };
}

function requestsOf(kind: 'status' | 'order-status' | 'invoice'): number {
  return ctx.simulators.remita.requests.filter(
    (r) => r.kind === kind && r.merchantId === slow.credentials.merchantId,
  ).length;
}

it('gives REMITA_UNAVAILABLE once the deadline passes, without a try beyond it', async () => {
  const invoice = ctx.simulators.remita.addInvoice({
    merchantId: slow.credentials.merchantId,
    serviceTypeId: slow.credentials.serviceTypeIds[0] as string,
    amountKobo: 10_000,
    orderId: 'ORD-SLOW-1',
    payerName: 'Slow Payer',
    payerEmail: 'slow@example.com',
    payerPhone: '08030000000',
    description: 'Slow',
  });
  await expect(remita.getRrrStatus(slow.credentials, invoice.rrr)).rejects.toMatchObject({
    code: 'REMITA_UNAVAILABLE',
    message: expect.stringMatching(/^Remita did not answer within 1500 ms\. .*few minutes/),
  });
  expect(requestsOf('status')).toBe(1);

  await expect(remita.getOrderStatus(slow.credentials, invoice.orderId)).rejects.toMatchObject({
    code: 'REMITA_UNAVAILABLE',
  });
  expect(requestsOf('order-status')).toBe(1);
});

it('tries an invoice once only when it does not answer in time', async () => {
  await expect(
    remita.generateRrr(slow.credentials, {
      serviceTypeId: slow.credentials.serviceTypeIds[0] as string,
      amountKobo: 10_000,
      orderId: 'ORD-SLOW-2',
      payerName: 'Slow Payer',
      payerEmail: 'slow@example.com',
      payerPhone: '08030000000',
      description: 'Slow',
    }),
  ).rejects.toMatchObject({ code: 'REMITA_UNAVAILABLE' });
  expect(requestsOf('invoice')).toBe(1);
});

describe('when Remita cannot be used', () => {
  it('gives REMITA_UNAVAILABLE when nothing listens at the address', async () => {
    const url = await closedPortUrl();
    const closed = createRemitaClient({ baseUrl: () => url, timeoutMs: 1_000 });
    await expect(closed.getRrrStatus(slow.credentials, '280012345678')).rejects.toMatchObject({
      code: 'REMITA_UNAVAILABLE',
      message: expect.stringMatching(/^Remita could not be reached\. .*try again in a few minutes/),
    });
    await expect(closed.generateRrr(slow.credentials, bill())).rejects.toMatchObject({
      code: 'REMITA_UNAVAILABLE',
    });
  });

  it('retries a 5xx for a status but never for an invoice', async () => {
    const remote = await startReceiver((_request, reply) => reply.code(503).send('busy'));
    try {
      const client = createRemitaClient({ baseUrl: () => remote.url, timeoutMs: 1_000 });
      await expect(client.getRrrStatus(slow.credentials, '280012345678')).rejects.toMatchObject({
        code: 'REMITA_UNAVAILABLE',
        message: expect.stringContaining('HTTP 503'),
      });
      expect(remote.bodies).toHaveLength(3);
      await expect(client.generateRrr(slow.credentials, bill())).rejects.toMatchObject({
        code: 'REMITA_UNAVAILABLE',
      });
      expect(remote.bodies).toHaveLength(4);
    } finally {
      await remote.close();
    }
  });

  it('gives REMITA_UNAVAILABLE for an answer it cannot read, and REMITA_AUTH_FAILED for 401', async () => {
    const html = await startReceiver((_request, reply) =>
      reply.type('text/html').send('<h1>Maintenance</h1>'),
    );
    const refused = await startReceiver((_request, reply) => reply.code(401).send({}));
    try {
      const client = createRemitaClient({ baseUrl: () => html.url, timeoutMs: 1_000 });
      await expect(client.getRrrStatus(slow.credentials, '280012345678')).rejects.toMatchObject({
        code: 'REMITA_UNAVAILABLE',
        message: expect.stringContaining('cannot read'),
      });
      await expect(client.generateRrr(slow.credentials, bill())).rejects.toMatchObject({
        code: 'REMITA_UNAVAILABLE',
      });
      const denied = createRemitaClient({ baseUrl: () => refused.url, timeoutMs: 1_000 });
      await expect(denied.getRrrStatus(slow.credentials, '280012345678')).rejects.toMatchObject({
        code: 'REMITA_AUTH_FAILED',
      });
    } finally {
      await html.close();
      await refused.close();
    }
  });

  it('says what to configure when there is neither a URL nor a simulator', async () => {
    const unconfigured = createIntegrations(
      { ...ctx.config, simulators: false, remitaBaseUrl: null, evasBaseUrl: null },
      () => ctx.baseUrl as string,
    );
    await expect(
      unconfigured.remita.getRrrStatus(slow.credentials, '280012345678'),
    ).rejects.toMatchObject({
      code: 'REMITA_UNAVAILABLE',
      message: expect.stringContaining('set REMITA_BASE_URL'),
    });
    await expect(unconfigured.evas.getRrrStatus('280012345678')).rejects.toMatchObject({
      code: 'EVAS_UNAVAILABLE',
      message: expect.stringContaining('set EVAS_BASE_URL'),
    });
  });
});
