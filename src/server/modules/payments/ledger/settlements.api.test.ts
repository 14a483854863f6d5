import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentSubjectKind } from '../../../../shared/payments/enums';
import { buildApp } from '../../../app';
import { systemActor } from '../../../auth/actor';
import { payments } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, type SignedIn, signInAs } from '../../../testing/factories';
import { registerAssessmentSettlements } from '../../assessments/money/settlement';
import { insertDirect } from '../../assessments/notices/testing';
import { insertTestTcc } from '../../tcc/testing';
import { randomRrr } from '../testing';
import { createLedger } from './ledger';
import { createSettlements, type PaymentSubject } from './settlements';

/** The settlement registry keyed by subject kind (ADR 0011, ADR 0028). */

let ctx: TestContext & { close(): Promise<void> };
let mdaId: string;
let admin: SignedIn;
const actor = systemActor('remita');

beforeAll(async () => {
  ctx = await createTestContext();
  mdaId = (await createMda(ctx)).id;
  admin = await signInAs(ctx, 'ADMIN');
});

afterAll(async () => {
  await ctx?.close();
});

const nothing: PaymentSubject = {
  settle: async () => {},
  referencesOf: async () => new Map(),
};

/** A bill of `subject` raised, then Remita's confirmation of it through `settlements`' ledger. */
async function billThenPay(
  settlements: ReturnType<typeof createSettlements>,
  subject: { kind: PaymentSubjectKind; id: string },
) {
  const ledger = createLedger({ receiptPrefix: ctx.config.receiptPrefix, settlements });
  const rrr = randomRrr();
  const bill = await ctx.db.transaction((tx) =>
    ledger.recordBill(tx, actor, {
      rrr,
      amountKobo: 100_000,
      mdaId,
      channel: 'remita',
      type: subject.kind === 'tcc' ? 'tcc' : 'direct-assessment',
      subjectKind: subject.kind,
      subjectId: subject.id,
    }),
  );
  const paying = ctx.db.transaction((tx) =>
    ledger.recordConfirmedPayment(tx, actor, {
      rrr,
      mdaId,
      amountKobo: 100_000,
      paidAt: new Date(),
      arrival: 'notification',
    }),
  );
  return { bill, paying };
}

async function statusOf(id: string) {
  const [row] = await ctx.db
    .select({ status: payments.status, receiptNumber: payments.receiptNumber })
    .from(payments)
    .where(eq(payments.id, id));
  return row;
}

describe('registering settlements', () => {
  it('refuses a kind registered twice', () => {
    const settlements = createSettlements();
    settlements.register('assessment', nothing);
    expect(() => settlements.register('assessment', nothing)).toThrow(
      "A settlement for payments of kind 'assessment' is registered twice",
    );
  });

  it('an app whose registry already holds a kind does not start', async () => {
    const settlements = createSettlements();
    settlements.register('tcc', nothing);
    await expect(
      buildApp({ config: ctx.config, database: ctx.database, settlements, runJobs: false }),
    ).rejects.toThrow("kind 'tcc' is registered twice");
  });

  it('a registry missing a kind fails at boot (assertComplete names the kind)', () => {
    const settlements = createSettlements();
    registerAssessmentSettlements(settlements);
    expect(() => settlements.assertComplete()).toThrow(
      "No settlement is registered for payments of kind 'tcc'",
    );
    settlements.register('tcc', nothing);
    settlements.register('ssc_schedule', nothing);
    settlements.register('demand_notice', nothing);
    settlements.register('stamp_duty', nothing);
    expect(() => settlements.assertComplete()).not.toThrow();
    // The app's own registry is complete: it started.
    expect(() => ctx.settlements.assertComplete()).not.toThrow();
  });
});

describe('settling a payment by its subject kind', () => {
  it('a payment whose kind has no settlement is refused, not recorded unsettled', async () => {
    const settlements = createSettlements();
    registerAssessmentSettlements(settlements);
    const { bill, paying } = await billThenPay(settlements, { kind: 'tcc', id: randomUUID() });
    await expect(paying).rejects.toThrow("No settlement is registered for payments of kind 'tcc'");
    // The whole payment rolled back: the bill waits, no receipt number was taken.
    expect(await statusOf(bill.id)).toEqual({ status: 'pending', receiptNumber: null });
  });

  it('a payment of an assessment or a certificate that does not exist is refused', async () => {
    for (const kind of ['assessment', 'tcc', 'demand_notice'] as const) {
      const id = randomUUID();
      const { bill, paying } = await billThenPay(ctx.settlements, { kind, id });
      await expect(paying, kind).rejects.toThrow(`${id}, which does not exist`);
      expect(await statusOf(bill.id)).toEqual({ status: 'pending', receiptNumber: null });
    }
  });

  it('a payment of nothing particular settles nothing, and is recorded', async () => {
    const settlements = createSettlements();
    const ledger = createLedger({ receiptPrefix: ctx.config.receiptPrefix, settlements });
    const { payment } = await ctx.db.transaction((tx) =>
      ledger.recordConfirmedPayment(tx, actor, {
        rrr: randomRrr(),
        mdaId,
        amountKobo: 50_000,
        paidAt: new Date(),
        arrival: 'notification',
      }),
    );
    expect(payment).toMatchObject({ status: 'paid', subjectKind: null, subjectId: null });
  });
});

describe('referencesOf: the numbers staff know', () => {
  it("answers an assessment's notice number and a certificate's number; none for a draft or an unknown id", async () => {
    const { assessment } = await insertDirect(ctx);
    const { assessment: draft } = await insertDirect(ctx, {
      status: 'draft',
      noticeNumber: null,
      issuedAt: null,
    });
    const tcc = await insertTestTcc(ctx, admin);
    const unknown = randomUUID();

    const notices = await ctx.settlements.referencesOf(ctx.db, 'assessment', [
      assessment.id,
      draft.id,
      unknown,
      assessment.id,
    ]);
    expect([...notices]).toEqual([[assessment.id, assessment.noticeNumber]]);

    const numbers = await ctx.settlements.referencesOf(ctx.db, 'tcc', [tcc.id, unknown]);
    expect([...numbers]).toEqual([[tcc.id, tcc.number]]);

    expect((await ctx.settlements.referencesOf(ctx.db, 'tcc', [])).size).toBe(0);
    await expect(createSettlements().referencesOf(ctx.db, 'tcc', [tcc.id])).rejects.toThrow(
      "No settlement is registered for payments of kind 'tcc'",
    );
  });
});
