import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttentionList, PaymentView } from '../../../../shared/payments';
import { systemActor } from '../../../auth/actor';
import { createRemitaMda, type RemitaMda } from '../../../integrations/remita/testing';
import { secretBoxFromConfig } from '../../../secrets';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createTaxpayer, type SignedIn, signInAs } from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { createMdaService } from '../../mdas/service';
import { randomRrr } from '../testing';

/** GET /api/v1/payments/needing-attention (ADR 0031). */

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };
let admin: SignedIn;
let faulty: RemitaMda;
let bill: PaymentView;
const madeUpRrr = randomRrr();

function list(query = '', headers: Record<string, string> = admin.bearer) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/v1/payments/needing-attention${query}`,
    headers,
  });
}

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  admin = await signInAs(ctx, 'ADMIN');

  // An MDA whose settings Remita refused (ADR 0021).
  faulty = await createRemitaMda(ctx, { name: 'Ministry of Lands (attention test)' });
  await createMdaService({
    db: ctx.db,
    secrets: secretBoxFromConfig(ctx.config),
  }).recordRemitaFault(systemActor('system'), faulty.id, {
    code: '013',
    message: 'Hash of the parameters does not match',
  });

  // A bill whose paymentinit answer was lost.
  const dropping = await createRemitaMda(ctx, { name: 'Ministry of Works (attention test)' });
  ctx.simulators.remita.registerMerchant({ ...dropping.credentials, dropsInvoiceAnswers: true });
  const taxpayer = await createTaxpayer(ctx);
  const raised = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/invoices',
    headers: admin.bearer,
    payload: {
      btin: taxpayer.btin,
      mdaId: dropping.id,
      revenueHeadCode: dropping.revenueHeadCode,
      amountKobo: 725_000,
      description: 'Building permit',
    },
  });
  expect(raised.statusCode).toBe(202);
  bill = raised.json<PaymentView>();

  // A notification of an RRR nobody raised: answered OK, not recorded.
  const notified = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/remita/notifications',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify([{ rrr: madeUpRrr, amount: '100' }]),
  });
  expect(notified.body).toBe('OK');
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/v1/payments/needing-attention', () => {
  it('200: each kind, most actionable first, each saying what to do', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json<AttentionList>();
    expect(body).toMatchObject({ page: 1, pageSize: 50, total: 3 });
    expect(body.items.map((i) => i.kind)).toEqual([
      'mda-remita-fault',
      'pending-confirmation',
      'refused-notification',
    ]);
    const [fault, pending, refused] = body.items;
    expect(fault).toMatchObject({
      mdaId: faulty.id,
      what: expect.stringContaining('Hash of the parameters does not match'),
      whatToDo: expect.stringContaining('Manage MDAs'),
    });
    expect(pending).toMatchObject({
      paymentId: bill.id,
      orderId: bill.orderId,
      amountKobo: 725_000,
      mdaName: 'Ministry of Works (attention test)',
      attempts: 0,
      what: expect.stringContaining('waiting for its RRR'),
      whatToDo: expect.stringContaining('every minute'),
    });
    expect(Date.parse(pending?.since as string)).toBeLessThanOrEqual(Date.now());
    expect(refused).toMatchObject({
      rrr: madeUpRrr,
      refusedCount: 1,
      what: expect.stringContaining('not recorded'),
      whatToDo: expect.stringContaining('Manage MDAs'),
    });
  });

  it('pages the three as one list, and keeps one kind when asked', async () => {
    const second = (await list('?page=2&pageSize=1')).json<AttentionList>();
    expect(second).toMatchObject({ page: 2, pageSize: 1, total: 3 });
    expect(second.items.map((i) => i.kind)).toEqual(['pending-confirmation']);
    const third = (await list('?page=3&pageSize=1')).json<AttentionList>();
    expect(third.items.map((i) => i.kind)).toEqual(['refused-notification']);
    expect((await list('?page=4&pageSize=1')).json<AttentionList>().items).toEqual([]);
    const onlyRefused = (await list('?kind=refused-notification')).json<AttentionList>();
    expect(onlyRefused.total).toBe(1);
    expect(onlyRefused.items.map((i) => i.rrr)).toEqual([madeUpRrr]);
  });

  it('401 signed out', async () => {
    const res = await list('', {});
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('403 for every other user type', async () => {
    for (const userType of ['EXECUTIVE', 'OFFICER_MDA', 'DIRECTOR_COLLECTION'] as const) {
      const officer = await signInAs(ctx, userType);
      const res = await list('', officer.bearer);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('422 for a bad query', async () => {
    for (const query of ['?kind=everything', '?pageSize=0', '?pageSize=500', '?page=abc']) {
      const res = await list(query);
      expect(outcomeOf(res), query).toBe('422 VALIDATION_FAILED');
    }
  });
});
