import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTRUMENT_STATUSES, INSTRUMENT_TYPES } from '../../../shared/stampDuty/enums';
import { createTestContext, type TestContext } from '../../testing/context';
import { payments, stampInstruments, stampParties } from '../schema';
import { seedDemo, seedDemoTaxpayers } from './demo';
import { seedDemoStampDuty } from './stampDuty';

/** The demo stamp duty instruments (seed/stampDuty.ts): every type in every status, both laws. */

let ctx: TestContext & { close(): Promise<void> };
let added: Awaited<ReturnType<typeof seedDemoStampDuty>>;

beforeAll(async () => {
  ctx = await createTestContext({ seed: 'demo' });
  await seedDemo(ctx.db, ctx.config);
  await seedDemoTaxpayers(ctx.db, ctx.config);
  added = await seedDemoStampDuty(ctx.db, ctx.config, ctx.simulators);
}, 300_000);
afterAll(() => ctx?.close());

describe('demo stamp duty seed', () => {
  it('gives every type an instrument in every status, under both laws, some late', async () => {
    expect(added.instruments).toBe(INSTRUMENT_TYPES.length * INSTRUMENT_STATUSES.length);
    const rows = await ctx.db.select().from(stampInstruments);
    for (const type of INSTRUMENT_TYPES) {
      const statuses = new Set(rows.filter((r) => r.instrumentType === type).map((r) => r.status));
      expect([...statuses].sort()).toEqual([...INSTRUMENT_STATUSES].sort());
    }
    expect(new Set(rows.map((r) => r.law))).toEqual(new Set(['SDA', 'NTA2025']));
    expect(rows.some((r) => r.status === 'stamped' && r.penaltyKobo > 0)).toBe(true);
    expect(rows.some((r) => r.status === 'stamped' && r.law === 'SDA')).toBe(true);
    expect(rows.some((r) => r.status === 'stamped' && r.law === 'NTA2025')).toBe(true);
    const parties = await ctx.db.select().from(stampParties);
    expect(parties.length).toBe(rows.length * 2);
  });

  it('paid and stamped instruments were settled by the ledger', async () => {
    const paid = await ctx.db
      .select({ status: stampInstruments.status, payment: payments.status })
      .from(stampInstruments)
      .innerJoin(payments, eq(payments.id, stampInstruments.paymentId));
    expect(
      paid
        .filter((r) => r.status === 'paid' || r.status === 'stamped')
        .every((r) => r.payment === 'paid'),
    ).toBe(true);
    expect(paid.filter((r) => r.status === 'billed').every((r) => r.payment === 'pending')).toBe(
      true,
    );
  });

  it('runs once', async () => {
    expect((await seedDemoStampDuty(ctx.db, ctx.config, ctx.simulators)).instruments).toBe(0);
  });
});
