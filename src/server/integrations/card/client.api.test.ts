import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/context';
import type { RemoteCallRecord } from '../http';
import { createIntegrations } from '../index';
import { closedPortUrl } from '../remita/testing';
import { createCardGatewayClient } from './client';
import { SIMULATOR_CARD_SECRET } from './protocol';
import { CardAnswerLost, type CardGatewayClient } from './types';

/** The card gateway client against its simulator, over real HTTP on loopback (docs/card.md). */

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };
let card: CardGatewayClient;
const calls: RemoteCallRecord[] = [];
let counter = 0;

/** A fresh attempt reference and RRR per test: the simulator remembers every charge. */
function charge(amountKobo = 1_500_000) {
  counter += 1;
  const n = String(counter).padStart(4, '0');
  return { reference: `CRD-TEST${n}AAAA`, rrr: `2900000${n}1`, amountKobo };
}

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  card = createIntegrations(
    ctx.config,
    () => ctx.baseUrl as string,
    (r) => calls.push(r),
  ).card;
});

afterEach(() => {
  ctx.simulators.card.reset();
});

afterAll(async () => {
  await ctx?.close();
});

describe('a charge at the card gateway simulator', () => {
  it('is approved with the gateway reference, once per attempt reference, and counted', async () => {
    const request = charge();
    calls.length = 0;
    const approved = await card.charge(request);
    expect(approved).toMatchObject({
      status: 'approved',
      reference: request.reference,
      amountKobo: 1_500_000,
      gatewayReference: expect.stringMatching(/^CG\d{10}$/),
    });
    expect(calls).toEqual([
      { system: 'card', operation: 'charge', outcome: 'ok', seconds: expect.any(Number) },
    ]);
    // The reference is the idempotency key: sent again, the first outcome, no second charge.
    expect(await card.charge(request)).toEqual(approved);
    expect(ctx.simulators.card.chargesFor(request.rrr)).toHaveLength(1);
    expect(await card.getCharge(request.reference)).toEqual(approved);
  });

  it("is declined with the gateway's reason in words", async () => {
    ctx.simulators.card.respondWith('decline', {
      declineReason: 'Do not honour',
      declineCode: '05',
    });
    const request = charge();
    expect(await card.charge(request)).toEqual({
      status: 'declined',
      reference: request.reference,
      declineCode: '05',
      declineReason: 'Do not honour',
    });
    expect(await card.getCharge(request.reference)).toMatchObject({ status: 'declined' });
  });

  it('loses the answer: the client says so, and a status query finds what the gateway did', async () => {
    ctx.simulators.card.respondWith('lose-answer', { lostAs: 'approved' });
    const taken = charge();
    await expect(card.charge(taken)).rejects.toBeInstanceOf(CardAnswerLost);
    expect(await card.getCharge(taken.reference)).toMatchObject({
      status: 'approved',
      gatewayReference: expect.any(String),
    });

    ctx.simulators.card.respondWith('lose-answer', { lostAs: 'never-received' });
    const lost = charge();
    await expect(card.charge(lost)).rejects.toBeInstanceOf(CardAnswerLost);
    expect(await card.getCharge(lost.reference)).toEqual({
      status: 'not-found',
      reference: lost.reference,
    });

    ctx.simulators.card.respondWith('lose-answer', { lostAs: 'pending' });
    const atTerminal = charge();
    await expect(card.charge(atTerminal)).rejects.toBeInstanceOf(CardAnswerLost);
    expect(await card.getCharge(atTerminal.reference)).toEqual({
      status: 'pending',
      reference: atTerminal.reference,
    });
  });
});

describe('when the card gateway cannot be used', () => {
  it('says plainly that nothing was charged when it is down, and that it cannot be asked', async () => {
    ctx.simulators.card.respondWith('down');
    const request = charge();
    await expect(card.charge(request)).rejects.toMatchObject({
      code: 'CARD_GATEWAY_UNAVAILABLE',
      message: expect.stringContaining('Nothing was charged'),
    });
    await expect(card.getCharge(request.reference)).rejects.toMatchObject({
      code: 'CARD_GATEWAY_UNAVAILABLE',
      message: expect.stringContaining('could not be asked'),
    });
    expect(ctx.simulators.card.chargesFor(request.rrr)).toEqual([]);
  });

  it('refuses a wrong secret by naming the setting, and treats nothing listening as no answer', async () => {
    const wrongSecret = createCardGatewayClient({
      baseUrl: () => `${ctx.baseUrl}/_sim/card`,
      secret: () => `${SIMULATOR_CARD_SECRET}-wrong`,
      timeoutMs: 2_000,
    });
    await expect(wrongSecret.charge(charge())).rejects.toMatchObject({
      code: 'CARD_GATEWAY_UNAVAILABLE',
      message: expect.stringContaining('CARD_GATEWAY_SECRET'),
    });

    const url = await closedPortUrl();
    const closed = createCardGatewayClient({
      baseUrl: () => url,
      secret: () => SIMULATOR_CARD_SECRET,
      timeoutMs: 1_000,
    });
    // A charge whose connection failed is not proof that nothing left: it is an answer lost.
    await expect(closed.charge(charge())).rejects.toBeInstanceOf(CardAnswerLost);
    await expect(closed.getCharge('CRD-TEST0000AAAA')).rejects.toMatchObject({
      code: 'CARD_GATEWAY_UNAVAILABLE',
      message: expect.stringContaining('could not be reached'),
    });
  });
});
