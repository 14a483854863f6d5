import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AutoRegEntry } from '../../../../shared/payments';
import { systemActor } from '../../../auth/actor';
import { auditEvents } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import {
  createMda,
  createTaxpayer,
  type SignedIn,
  signInAs,
  uniquePhone,
} from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { autoRegisterPayer } from '../../taxpayers/service';
import { signInForMdas } from '../remita/testing';
import { createPayment } from '../testing';

let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;
let mdaId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'ADMIN');
  mdaId = (await createMda(ctx)).id;
});

afterAll(async () => {
  await ctx?.close();
});

function send(
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = admin.bearer,
) {
  return ctx.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A payment whose payer came with no BTIN, and one whose payer was auto-registered. */
async function unmatchedPayment(payerName = 'Boma Unmatched Payer') {
  return createPayment(ctx, { mdaId, payerName, payerPhone: uniquePhone() });
}

async function autoRegisteredPayment(payerName: string) {
  const phone = uniquePhone();
  const registered = await ctx.db.transaction((tx) =>
    autoRegisterPayer(tx, systemActor('remita'), { name: payerName, phone }),
  );
  return createPayment(ctx, {
    mdaId,
    payerName,
    payerPhone: phone,
    btin: registered?.btin ?? null,
  });
}

describe('GET /api/v1/payments/auto-reg', () => {
  it('lists unmatched and auto-registered payers, newest first, by state and search', async () => {
    const tag = `Zz${Date.now().toString(36)}`;
    const unmatched = await unmatchedPayment(`Ayebaemi ${tag}`);
    const auto = await autoRegisteredPayment(`Ebiye ${tag}`);
    const known = await createTaxpayer(ctx);
    await createPayment(ctx, { mdaId, payerName: `Matched ${tag}`, btin: known.btin });
    await createPayment(ctx, { mdaId, status: 'pending', payerName: `Pending ${tag}` });

    const all = await send('GET', `/api/v1/payments/auto-reg?search=${tag}`);
    expect(all.statusCode).toBe(200);
    const items: AutoRegEntry[] = all.json().items;
    expect(items.map((i) => i.paymentId)).toEqual([auto.id, unmatched.id]);
    expect(items[0]).toMatchObject({
      state: 'auto-registered',
      btin: auto.btin,
      taxpayerName: `Ebiye ${tag}`,
      receiptNumber: auto.receiptNumber,
    });
    expect(items[1]).toMatchObject({ state: 'unmatched', btin: null, taxpayerName: null });

    const onlyUnmatched = await send(
      'GET',
      `/api/v1/payments/auto-reg?search=${tag}&state=unmatched`,
    );
    expect(onlyUnmatched.json().items.map((i: AutoRegEntry) => i.paymentId)).toEqual([
      unmatched.id,
    ]);
    const onlyAuto = await send(
      'GET',
      `/api/v1/payments/auto-reg?search=${tag}&state=auto-registered`,
    );
    expect(onlyAuto.json()).toMatchObject({ total: 1 });
  });

  it('403 for an officer who does not match payers, 401 signed out, 422 unknown state', async () => {
    const officer = await signInAs(ctx, 'OFFICER_DA');
    expect(
      (await send('GET', '/api/v1/payments/auto-reg', undefined, officer.bearer)).statusCode,
    ).toBe(403);
    const staff = await signInForMdas(ctx, 'OFFICER_MDA', [mdaId]);
    expect(
      (await send('GET', '/api/v1/payments/auto-reg', undefined, staff.bearer)).statusCode,
    ).toBe(403);
    expect((await send('GET', '/api/v1/payments/auto-reg', undefined, {})).statusCode).toBe(401);
    expect(outcomeOf(await send('GET', '/api/v1/payments/auto-reg?state=lost'))).toBe(
      '422 VALIDATION_FAILED',
    );
  });
});

describe('POST /api/v1/payments/:id/match', () => {
  it('gives an unmatched payment its taxpayer, audited; then 409', async () => {
    const payment = await unmatchedPayment();
    const taxpayer = await createTaxpayer(ctx);
    const res = await send('POST', `/api/v1/payments/${payment.id}/match`, { btin: taxpayer.btin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: payment.id, btin: taxpayer.btin, status: 'paid' });
    const audits = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'payment.matched'), eq(auditEvents.entityId, payment.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.actorId).toBe(admin.officer.id);

    const again = await send('POST', `/api/v1/payments/${payment.id}/match`, {
      btin: taxpayer.btin,
    });
    expect(outcomeOf(again)).toBe('409 CONFLICT');
  });

  it('404 TAXPAYER_NOT_FOUND for a BTIN nobody has; 404 for an unknown payment; 422 bad BTIN', async () => {
    const payment = await unmatchedPayment();
    const nobody = await send('POST', `/api/v1/payments/${payment.id}/match`, {
      btin: '1000000000',
    });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().error.code).toBe('TAXPAYER_NOT_FOUND');
    const unknown = await send(
      'POST',
      '/api/v1/payments/00000000-0000-4000-8000-000000000000/match',
      {
        btin: '1000000000',
      },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
    expect(
      outcomeOf(await send('POST', `/api/v1/payments/${payment.id}/match`, { btin: '12' })),
    ).toBe('422 VALIDATION_FAILED');
  });

  it('409 for a bill not yet paid; 403 and 401', async () => {
    const bill = await createPayment(ctx, { mdaId, status: 'pending' });
    const taxpayer = await createTaxpayer(ctx);
    // A bill always has its taxpayer's BTIN in real use; this one was made without.
    expect(
      outcomeOf(await send('POST', `/api/v1/payments/${bill.id}/match`, { btin: taxpayer.btin })),
    ).toBe('409 CONFLICT');
    const officer = await signInAs(ctx, 'OFFICER_DA');
    const payment = await unmatchedPayment();
    expect(
      (
        await send(
          'POST',
          `/api/v1/payments/${payment.id}/match`,
          { btin: taxpayer.btin },
          officer.bearer,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await send('POST', `/api/v1/payments/${payment.id}/match`, { btin: taxpayer.btin }, {}))
        .statusCode,
    ).toBe(401);
  });
});

describe('autoRegisterPayer', () => {
  it('registers nobody for a one-word name or a phone that is not Nigerian', async () => {
    const actor = systemActor('remita');
    const oneWord = await ctx.db.transaction((tx) =>
      autoRegisterPayer(tx, actor, { name: 'Tonye', phone: uniquePhone() }),
    );
    const foreignPhone = await ctx.db.transaction((tx) =>
      autoRegisterPayer(tx, actor, { name: 'Tonye Briggs', phone: '+447700900123' }),
    );
    expect(oneWord).toBeNull();
    expect(foreignPhone).toBeNull();
  });
});
